// The reader of compute-sanitizer's output, on real output recorded on an H100 (sanitizer_outputs/).
#include <tessera/conformance/sanitizer.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace tc = tessera::conformance;

namespace {

std::string recorded(const std::string& name) {
  std::ifstream in(std::string(SANITIZER_OUTPUTS) + "/" + name);
  EXPECT_TRUE(in) << name;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The XML and the text of one run give the same findings: kind and sites, threads where both have them.
void expect_same_sites(const std::vector<tc::sanitizer_finding>& a, const std::vector<tc::sanitizer_finding>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind);
    EXPECT_EQ(a[i].first.line, b[i].first.line);
    EXPECT_EQ(a[i].second.line, b[i].second.line);
    EXPECT_EQ(a[i].threads, b[i].threads);
  }
}

TEST(SanitizerOutput, RacecheckHazardsBecomeReadAfterWriteWithBothThreadsAndLines) {
  const auto found = tc::parse_sanitizer_xml(recorded("racecheck_hazard.xml"), "racecheck");
  ASSERT_EQ(found.size(), 1u);  // three records at one line pair: one finding, counted
  EXPECT_EQ(found[0].kind, "read after write");
  EXPECT_EQ(found[0].count, 3u);
  EXPECT_EQ(found[0].first.line, 9);
  EXPECT_EQ(found[0].second.line, 10);
  EXPECT_EQ(found[0].first.function, "shared_race");
  EXPECT_EQ(found[0].first.file, "/tmp/probe/probe.cu");
  EXPECT_EQ(found[0].threads, "Write by thread (33,0,0), Read by thread (32,0,0) in block (0,0,0)");
  expect_same_sites(found, tc::parse_sanitizer_text(recorded("racecheck_hazard.txt"), "racecheck"));
}

TEST(SanitizerOutput, RacecheckAnalysisGivesTheLinePairAndItsCount) {
  const auto found = tc::parse_sanitizer_xml(recorded("racecheck_analysis.xml"), "racecheck");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "race");
  EXPECT_EQ(found[0].count, 256u);
  EXPECT_EQ(found[0].first.line, 9);
  EXPECT_EQ(found[0].second.line, 10);
  const auto text = tc::parse_sanitizer_text(recorded("racecheck_analysis.txt"), "racecheck");
  ASSERT_EQ(text.size(), 1u);
  EXPECT_EQ(text[0].count, 256u);
  EXPECT_EQ(text[0].first.file, "probe.cu");  // the text names the file as it was compiled
  expect_same_sites(found, text);
}

TEST(SanitizerOutput, ACleanRunHasNoFindings) {
  EXPECT_TRUE(tc::parse_sanitizer_xml(recorded("racecheck_clean.xml"), "racecheck").empty());
  EXPECT_TRUE(tc::parse_sanitizer_text(recorded("racecheck_clean.txt"), "racecheck").empty());
}

TEST(SanitizerOutput, SynccheckDivergenceNamesTheBarrierLineAndAThread) {
  const auto found = tc::parse_sanitizer_xml(recorded("synccheck.xml"), "synccheck");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "barrier divergence");
  EXPECT_EQ(found[0].first.line, 42);
  EXPECT_EQ(found[0].count, 3u);
  EXPECT_EQ(found[0].threads, "thread (1,0,0) in block (0,0,0)");
  EXPECT_NE(found[0].text.find("Divergent thread(s) in warp"), std::string::npos);
  expect_same_sites(found, tc::parse_sanitizer_text(recorded("synccheck.txt"), "synccheck"));
}

TEST(SanitizerOutput, MemcheckHostPointerIsOutOfBoundsThenAnApiError) {
  const auto found = tc::parse_sanitizer_xml(recorded("memcheck_host.xml"), "memcheck");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, "out of bounds");
  EXPECT_EQ(found[0].first.line, 55);
  EXPECT_EQ(found[0].first.function, "host_memory");
  EXPECT_EQ(found[0].count, 2u);
  EXPECT_EQ(found[1].kind, "api error");
  EXPECT_NE(found[1].text.find("cudaErrorLaunchFailure"), std::string::npos);
  const auto text = tc::parse_sanitizer_text(recorded("memcheck_host.txt"), "memcheck");
  expect_same_sites(found, text);
}

TEST(SanitizerOutput, InitcheckNamesTheUninitializedReadsLine) {
  const auto found = tc::parse_sanitizer_xml(recorded("initcheck.xml"), "initcheck");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "uninitialized read");
  EXPECT_EQ(found[0].first.line, 59);
  EXPECT_EQ(found[0].threads, "thread (0,0,0) in block (0,0,0)");
  expect_same_sites(found, tc::parse_sanitizer_text(recorded("initcheck.txt"), "initcheck"));
}

TEST(SanitizerOutput, XmlCutShortIsAnErrorNotAnEmptyResult) {
  const std::string whole = recorded("initcheck.xml");
  EXPECT_THROW(tc::parse_sanitizer_xml(whole.substr(0, whole.size() / 2), "initcheck"), tc::sanitizer_output_error);
  EXPECT_THROW(tc::parse_sanitizer_xml("", "initcheck"), tc::sanitizer_output_error);
  EXPECT_THROW(tc::parse_sanitizer_xml("<other/>", "initcheck"), tc::sanitizer_output_error);
}

TEST(SanitizerOutput, TextCutShortStillGivesTheFindingsBeforeTheCut) {
  const std::string whole = recorded("synccheck.txt");
  const auto found = tc::parse_sanitizer_text(whole.substr(0, whole.find("by thread (3,0,0)")), "synccheck");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].first.line, 42);
}

// Not recorded: a record shaped like memcheck's (above) with a device backtrace, as a record of an
// access inside an inlined call may carry one; every element with a line and a path outside the host
// stack is kept as a frame.
TEST(SanitizerOutput, DeviceFramesOfARecordAreKeptAsFurtherSites) {
  const std::string xml = R"(<?xml version="1.0" encoding="utf-8"?>
<ComputeSanitizerOutput>
  <record>
    <kind>Precise</kind>
    <level>Error</level>
    <who><threadIdx><x>3</x><y>0</y><z>0</z></threadIdx><blockIdx><x>0</x><y>0</y><z>0</z></blockIdx></who>
    <what><text>Invalid __global__ write of size 4 bytes is out of bounds</text><error>out of bounds</error></what>
    <where><func>tiled_entry</func><path>/src/tessera/array_view.hpp</path><line>120</line><pc>0x60</pc></where>
    <deviceStack>
      <frame><func>tiled_entry</func><path>/src/tessera/array_view.hpp</path><line>120</line></frame>
      <frame><func>kernel</func><path>/src/case.cpp</path><line>42</line></frame>
    </deviceStack>
    <hostStack><frame><func>main</func><path>/src/main.cpp</path><line>7</line><module>x</module></frame></hostStack>
  </record>
</ComputeSanitizerOutput>
)";
  const auto found = tc::parse_sanitizer_xml(xml, "memcheck");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].first.line, 120);
  ASSERT_EQ(found[0].frames.size(), 1u);  // the primary site once, the host stack never
  EXPECT_EQ(found[0].frames[0].line, 42);
  EXPECT_EQ(found[0].frames[0].file, "/src/case.cpp");
}

TEST(SanitizerTools, EachExpectedDiagnosticGoesToTheToolThatCanSeeIt) {
  using v = std::vector<std::string>;
  EXPECT_EQ(tc::sanitizer_tools_for("hazard: read after write"), v{"racecheck"});
  EXPECT_EQ(tc::sanitizer_tools_for("hazard: uninitialized read"), (v{"racecheck", "initcheck"}));
  EXPECT_EQ(tc::sanitizer_tools_for("barrier divergence"), v{"synccheck"});
  EXPECT_EQ(tc::sanitizer_tools_for("out of bounds"), v{"memcheck"});
  EXPECT_EQ(tc::sanitizer_tools_for("hazard: host memory access"), v{"memcheck"});
  EXPECT_EQ(tc::sanitizer_tools_for("hazard: race between tiles,write after write"), v{"racecheck"});
  EXPECT_TRUE(tc::sanitizer_tools_for("pass").empty());
  EXPECT_TRUE(tc::sanitizer_tools_for("throws tessera::invalid_compute_domain").empty());
}

TEST(SanitizerTools, BugClassIsTheFirstKindACaseNames) {
  EXPECT_EQ(tc::bug_class_of("hazard: race between tiles,read after write"), "race between tiles");
  EXPECT_EQ(tc::bug_class_of("hazard: read after write,uninitialized read"), "race within a tile");
  EXPECT_EQ(tc::bug_class_of("hazard: uninitialized read"), "uninitialized read");
  EXPECT_EQ(tc::bug_class_of("barrier divergence"), "divergence");
  EXPECT_EQ(tc::bug_class_of("out of bounds"), "out of bounds");
  EXPECT_EQ(tc::bug_class_of("hazard: host memory access"), "host memory");
  EXPECT_EQ(tc::bug_class_of("pass"), "correct");
}

TEST(SanitizerTools, SourceLinesMatchAcrossMachinesByPathSuffix) {
  const tc::sanitizer_site s{"/home/ci/tessera/conformance/cases/bar/a.cpp", 12, "k"};
  EXPECT_TRUE(tc::same_source_line(s, "conformance/cases/bar/a.cpp", 12));
  EXPECT_FALSE(tc::same_source_line(s, "conformance/cases/bar/a.cpp", 13));
  EXPECT_FALSE(tc::same_source_line(s, "ar/a.cpp", 12));  // a suffix must start at a folder boundary
  EXPECT_FALSE(tc::same_source_line(s, "conformance/cases/bar/b.cpp", 12));
}

}  // namespace
