// The judge of compute-sanitizer's findings on one case: at the case's marked lines a planted bug is
// caught; anywhere else, or on a correct kernel, a finding fails the case unless listed as a false alarm.
#include "sanitizer_runner.hpp"
#include "sanitizer_verdict.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace tc = tessera::conformance;

namespace {

const std::string source = std::string(SANITIZER_OUTPUTS) + "/marked_case.cpp";

tc::case_info planted() {
  return tc::case_info{"selftest", "planted_race", "MEM-6", tc::expect::hazard("read after write"), nullptr, source.c_str(), 3};
}
tc::case_info correct() { return tc::case_info{"selftest", "clean_kernel", "MEM-6", tc::expect::pass, nullptr, source.c_str(), 3}; }

tc::sanitizer_run racecheck(std::vector<tc::sanitizer_finding> findings, std::string outcome = "ran") {
  return tc::sanitizer_run{"racecheck", std::move(outcome), 1.5, "", std::move(findings)};
}
// A race between two lines of the case's source, as the sanitizer names it (an absolute path).
tc::sanitizer_finding race(int first, int second, std::string file = source) {
  return tc::sanitizer_finding{"racecheck", "race", "Race condition", {file, first, "tiled_entry"}, {file, second, "tiled_entry"}, "", 64, {}};
}

TEST(SanitizerVerdict, AFindingAtTheMarkedLinesCatchesThePlantedBug) {
  const auto j = tc::judge_sanitizer(planted(), {racecheck({race(5, 6)})}, std::nullopt);
  EXPECT_EQ(j.verdict, "caught");
  EXPECT_FALSE(j.failed);
}

TEST(SanitizerVerdict, OneMarkedSiteOfTwoIsEnough) {
  EXPECT_EQ(tc::judge_sanitizer(planted(), {racecheck({race(5, 2)})}, std::nullopt).verdict, "caught");
}

TEST(SanitizerVerdict, NothingFoundIsAMissOfTheSanitizerNotAFailure) {
  const auto j = tc::judge_sanitizer(planted(), {racecheck({})}, std::nullopt);
  EXPECT_EQ(j.verdict, "missed");
  EXPECT_FALSE(j.failed);
}

TEST(SanitizerVerdict, AFindingAtUnmarkedLinesFailsAndSaysHowToList) {
  const auto j = tc::judge_sanitizer(planted(), {racecheck({race(2, 3)})}, std::nullopt);
  EXPECT_TRUE(j.failed);
  EXPECT_NE(j.message.find("sanitizer:selftest.planted_race"), std::string::npos) << j.message;
}

TEST(SanitizerVerdict, TheSameLineNumberInAnotherFileIsNotTheMark) {
  const auto j = tc::judge_sanitizer(planted(), {racecheck({race(5, 6, "/elsewhere/other.cpp")})}, std::nullopt);
  EXPECT_TRUE(j.failed);
  EXPECT_NE(j.verdict, "caught");
}

TEST(SanitizerVerdict, FindingsOnACorrectKernelAreAFalseAlarmThatFails) {
  const auto j = tc::judge_sanitizer(correct(), {racecheck({race(5, 6)})}, std::nullopt);
  EXPECT_EQ(j.verdict, "false alarm");
  EXPECT_TRUE(j.failed);
}

TEST(SanitizerVerdict, AListedFalseAlarmPassesWithItsReasonShown) {
  const auto j = tc::judge_sanitizer(correct(), {racecheck({race(5, 6)})}, std::string("racecheck misreads a warp-synchronous idiom"));
  EXPECT_EQ(j.verdict, "false alarm");
  EXPECT_FALSE(j.failed);
  EXPECT_NE(j.message.find("warp-synchronous"), std::string::npos);
}

TEST(SanitizerVerdict, ACleanCorrectKernelIsClean) {
  EXPECT_EQ(tc::judge_sanitizer(correct(), {racecheck({})}, std::nullopt).verdict, "clean");
}

TEST(SanitizerVerdict, AHangIsRecordedAsTimedOutAndFailsNothing) {
  tc::sanitizer_run hung{"synccheck", "timed out", 20, "stopped after 20 s", {}};
  tc::case_info diverging{"selftest", "hang", "BAR-8", tc::expect::divergence, nullptr, source.c_str(), 3};
  const auto j = tc::judge_sanitizer(diverging, {hung}, std::nullopt);
  EXPECT_EQ(j.verdict, "timed out");
  EXPECT_FALSE(j.failed);
}

TEST(SanitizerVerdict, FindingsWithoutLinesFailNamingTheMissingLineTables) {
  tc::sanitizer_finding f = race(0, 0);
  const auto j = tc::judge_sanitizer(planted(), {racecheck({f})}, std::nullopt);
  EXPECT_EQ(j.verdict, "no line information");
  EXPECT_TRUE(j.failed);
  EXPECT_NE(j.message.find("-lineinfo"), std::string::npos);
}

TEST(SanitizerVerdict, FindingsWithoutLinesOnAListedCaseAreRecordedWithTheListedReason) {
  tc::sanitizer_finding f = race(0, 0);
  const auto j = tc::judge_sanitizer(planted(), {racecheck({f})}, std::string("names only the entry function"));
  EXPECT_EQ(j.verdict, "no line information");
  EXPECT_FALSE(j.failed);
  EXPECT_NE(j.message.find("names only the entry function"), std::string::npos);
}

TEST(SanitizerVerdict, AToolThatCouldNotStartFailsTheCase) {
  const auto j = tc::judge_sanitizer(planted(), {racecheck({}, "could not start")}, std::nullopt);
  EXPECT_TRUE(j.failed);
  EXPECT_EQ(j.verdict, "could not run");
}

TEST(SanitizerVerdict, AnAccessInsideALibraryCallIsPlacedByItsDeviceFrames) {
  // memcheck names the line of an inlined array_view::operator[]; its device backtrace, the kernel's.
  tc::sanitizer_finding f{"memcheck", "out of bounds", "Invalid __global__ write", {"/usr/include/tessera/array_view.hpp", 120, "op"}, {}, "", 1,
                          {{source, 6, "kernel_body"}}};
  EXPECT_EQ(tc::judge_sanitizer(planted(), {tc::sanitizer_run{"memcheck", "ran", 1, "", {f}}}, std::nullopt).verdict, "caught");
}

TEST(SanitizerVerdict, AFailedCudaCallIsListedButJudgesNothing) {
  tc::sanitizer_finding api{"memcheck", "api error", "Program hit cudaErrorLaunchFailure", {}, {}, "", 1, {}};
  const auto j = tc::judge_sanitizer(correct(), {tc::sanitizer_run{"memcheck", "ran", 1, "", {api}}}, std::nullopt);
  EXPECT_EQ(j.verdict, "clean");
  EXPECT_NE(j.message.find("cudaErrorLaunchFailure"), std::string::npos);
}

// A batch's text output: findings belong to the case between whose lines they were printed.
TEST(SanitizerBatch, FindingsAreSplitByTheLinesAroundEachCase) {
  const std::string log =
      "========= COMPUTE-SANITIZER\n"
      "tessera-sanitized-case-begins: a.one\ntessera-sanitized-case-ends: a.one\n"
      "tessera-sanitized-case-begins: a.two\n"
      "========= Error: Race reported between Write access at k(int *)+0xc0 in /s/a.cpp:9\n"
      "=========     and Read access at k(int *)+0xf0 in /s/a.cpp:10 [4 hazards]\n"
      "========= \n"
      "tessera-sanitized-case-ends: a.two\n"
      "tessera-sanitized-case-begins: a.three\n";  // stopped inside a.three
  const auto parts = tc::split_batch_output(log, "racecheck");
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].first, "a.one");
  EXPECT_TRUE(parts[0].second.empty());
  EXPECT_EQ(parts[1].first, "a.two");
  ASSERT_EQ(parts[1].second.size(), 1u);
  EXPECT_EQ(parts[1].second[0].first.line, 9);
  EXPECT_EQ(parts[1].second[0].count, 4u);
}

// The case a batch was inside when it stopped, with what the tool printed in it so far; none once every
// case begun has ended.
TEST(SanitizerBatch, TheCaseABatchStoppedInsideIsNamedWithItsFindingsSoFar) {
  const std::string ended = "tessera-sanitized-case-begins: a.one\ntessera-sanitized-case-ends: a.one\n";
  EXPECT_FALSE(tc::case_left_unfinished(ended, "racecheck").has_value());
  const std::string stopped = ended +
                              "tessera-sanitized-case-begins: a.two\n"
                              "========= Error: Race reported between Write access at k(int *)+0xc0 in /s/a.cpp:9\n"
                              "=========     and Read access at k(int *)+0xf0 in /s/a.cpp:10 [4 hazards]\n"
                              "========= \n";
  const auto inside = tc::case_left_unfinished(stopped, "racecheck");
  ASSERT_TRUE(inside.has_value());
  EXPECT_EQ(inside->first, "a.two");
  ASSERT_EQ(inside->second.size(), 1u);
  EXPECT_EQ(inside->second[0].first.line, 9);
}

// memcheck and synccheck stop the faulting kernel only, so that the cases after a planted fault in a batch
// still run.
TEST(SanitizerBatch, MemcheckAndSynccheckEndOnlyTheFaultingKernel) {
  for (const char* tool : {"memcheck", "synccheck"}) {
    const auto args = tc::sanitizer_arguments(tool, "/tmp/x.xml");
    const auto at = std::find(args.begin(), args.end(), "--destroy-on-device-error");
    ASSERT_NE(at, args.end()) << tool;
    ASSERT_NE(at + 1, args.end()) << tool;
    EXPECT_EQ(*(at + 1), "kernel") << tool;
  }
}

// A job on one GPU of several sees that GPU and the next (cases of several accelerators need two), renumbered
// from 0, through this process's own CUDA_VISIBLE_DEVICES where it has one.
TEST(SanitizerDevices, AJobSeesItsGpuAndTheNextRenumbered) {
  const std::vector<std::string> four{"cuda:0", "cuda:1", "cuda:2", "cuda:3"};
  const auto second = tc::visible_devices_for(four, 1, "");
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->cuda_visible_devices, "1,2");
  EXPECT_EQ(second->default_accelerator, "cuda:0");
  EXPECT_EQ(tc::visible_devices_for(four, 3, "")->cuda_visible_devices, "3,0");
  EXPECT_EQ(tc::visible_devices_for(four, 2, "4,5,6,7")->cuda_visible_devices, "6,7");
  EXPECT_EQ(tc::visible_devices_for(four, 3, "GPU-a,GPU-b,GPU-c,GPU-d")->cuda_visible_devices, "GPU-d,GPU-a");
}

TEST(SanitizerDevices, NothingIsHiddenFromAJobOnTheOnlyGpuOrOnAnotherBackend) {
  EXPECT_FALSE(tc::visible_devices_for({"cuda:0"}, 0, "").has_value());
  EXPECT_FALSE(tc::visible_devices_for({"fake:0", "fake:1"}, 0, "").has_value());
  EXPECT_FALSE(tc::visible_devices_for({"cuda:0", "cuda:5"}, 0, "0,1").has_value());  // cuda:5 is not in the list
}

}  // namespace
