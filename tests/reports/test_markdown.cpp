// The Markdown summary: a line per backend with its counts and time, the diff's verdict, the uncovered
// core clauses, the first failures on one line each, and where the full reports are.
#include "sample_input.hpp"

#include <tessera/reports/markdown_writer.hpp>

#include <gtest/gtest.h>

namespace {
using namespace tessera::reports;
using namespace tessera::reports::testing;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const report_paths paths{"out/junit.xml", "out/report.html", "out/summary.md"};

TEST(MarkdownSummary, HasALinePerBackendWithCountsAndTime) {
  const std::string md = markdown_summary(sample_input(), paths);
  EXPECT_TRUE(contains(md, "- `emulator`: 5 passed, 0 failed, 1 skipped of 6 cases in 12.5 s (seed 7, 4 workers)\n")) << md;
  EXPECT_TRUE(contains(md, "- `cuda`: 3 passed, 1 failed, 2 skipped of 6 cases in 3.25 s (seed 7)\n")) << md;
}

TEST(MarkdownSummary, StatesTheDiffVerdictAndRegressions) {
  const std::string md = markdown_summary(sample_input(), paths);
  EXPECT_TRUE(contains(md, "- diff `cuda` against `emulator`: 1 mismatch, 1 problem; 3 cases and 5 outputs compared\n")) << md;
  EXPECT_TRUE(contains(md, "- timing against `conformance/baselines/emulator.json`: 1 regression (compared with this machine's baseline)\n"))
      << md;
}

TEST(MarkdownSummary, ABackendWhereNothingRanIsOneLineSayingWhy) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    if (run.backend == "cuda")
      for (auto& c : run.cases) {
        c.status = tessera::conformance::case_status::skip;
        c.message = "no GPU: no CUDA device is present";
      }
  const std::string md = markdown_summary(in, paths);
  EXPECT_TRUE(contains(md, "- `cuda`: not run: no GPU: no CUDA device is present\n")) << md;
  EXPECT_FALSE(contains(md, "- `cuda`: 0 passed")) << md;
}

TEST(MarkdownSummary, TimingFromAnotherMachineSaysNotComparedAndWhy) {
  report_input in = sample_input();
  for (auto& b : in.baselines) {
    b.comparable = false;
    b.note = "the baseline was measured on another machine";
  }
  const std::string md = markdown_summary(in, paths);
  EXPECT_TRUE(contains(md, ": not compared: the baseline was measured on another machine\n")) << md;
  EXPECT_FALSE(contains(md, "regression")) << md;
}

TEST(MarkdownSummary, CountsAndNamesUncoveredCoreClauses) {
  const std::string md = markdown_summary(sample_input(), paths);
  EXPECT_TRUE(contains(md, "- clauses: 2 uncovered core clauses (1 without a case: `TS-2`; 1 with negative cases only: `BAR-9`)\n"))
      << md;
  EXPECT_TRUE(contains(md, "missing from the catalog: `NOPE-1`")) << md;
}

TEST(MarkdownSummary, ListsFailuresOnOneLineEachWithEscapedMessages) {
  const std::string md = markdown_summary(sample_input(), paths);
  EXPECT_TRUE(contains(md, "### Failures\n\n1. `cuda` `barriers.reduction_256` (`conformance/cases/barriers/reduction_256.cpp:30`): "
                           "sum 1 \\< 2 & \"3\" \\]\\]\\> \\<script\\>alert(1)\\</script\\> \\\\x01 café ✓ Ω\n"))
      << md;
  EXPECT_FALSE(contains(md, "\x01"));
}

TEST(MarkdownSummary, StopsAfterTheFirstFailuresAndCountsTheRest) {
  report_input in = sample_input();
  for (auto& c : in.runs[1].cases) {
    c.status = tessera::conformance::case_status::fail;
    c.message = "failed:\n  second line";
  }
  const std::string md = markdown_summary(in, paths, 2);
  EXPECT_TRUE(contains(md, "2. ")) << md;
  EXPECT_FALSE(contains(md, "3. ")) << md;
  EXPECT_TRUE(contains(md, "… and 4 more in the HTML report.")) << md;
  EXPECT_TRUE(contains(md, ": failed: second line\n")) << "one line per failure\n" << md;
}

TEST(MarkdownSummary, PointsAtTheOtherReports) {
  const std::string md = markdown_summary(sample_input(), paths);
  EXPECT_TRUE(contains(md, "Reports: `out/report.html` (HTML), `out/junit.xml` (JUnit XML)\n")) << md;
}

TEST(MarkdownSummary, CleanDiffSaysClean) {
  report_input in = sample_input();
  in.diffs[0].mismatches.clear();
  in.diffs[0].problems.clear();
  const std::string md = markdown_summary(in, paths);
  EXPECT_TRUE(contains(md, "- diff `cuda` against `emulator`: clean, 3 cases and 5 outputs compared\n")) << md;
}

TEST(MarkdownSummary, DiffThatComparedNothingIsNotCalledClean) {
  report_input in = sample_input();
  in.diffs[0] = tessera::conformance::diff_result{};
  in.diffs[0].reference = "emulator";
  in.diffs[0].backend = "cuda";
  const std::string md = markdown_summary(in, paths);
  EXPECT_TRUE(contains(md, "- diff `cuda` against `emulator`: nothing compared, no case ran on both backends\n")) << md;
}

TEST(MarkdownSummary, ARunSpreadOverGpusListsTheCasesAndMismatchesOfEachGpu) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    if (run.backend == "cuda")
      for (std::size_t i = 0; i < run.cases.size(); ++i) {
        run.cases[i].device = "cuda:" + std::to_string(i % 2);
        run.cases[i].device_name = "NVIDIA H100 80GB HBM3 (sm_90)";
      }
  in.diffs[0].devices = {{"cuda:0", "NVIDIA H100 80GB HBM3 (sm_90)", 2, 0, 0}, {"cuda:1", "NVIDIA H100 80GB HBM3 (sm_90)", 1, 1, 1}};
  const std::string md = markdown_summary(in, paths);
  EXPECT_TRUE(contains(md, "  - `cuda:0` (NVIDIA H100 80GB HBM3 (sm_90)): 3 cases,")) << md;
  EXPECT_TRUE(contains(md, "  - `cuda:1` (NVIDIA H100 80GB HBM3 (sm_90)): 3 cases,")) << md;
  EXPECT_TRUE(contains(md, "  - per GPU: cuda:0 2 cases, 0 mismatches; cuda:1 1 case, 1 mismatch, 1 problem\n")) << md;
}

TEST(MarkdownSummary, ARunOnOneGpuHasNoPerGpuLines) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    if (run.backend == "cuda")
      for (auto& c : run.cases) c.device = "cuda:0";
  in.diffs[0].devices = {{"cuda:0", "H100", 3, 1, 1}};
  const std::string md = markdown_summary(in, paths);
  EXPECT_FALSE(contains(md, "`cuda:0`")) << md;
  EXPECT_FALSE(contains(md, "per GPU")) << md;
}

}  // namespace
