// The JUnit file: valid against reports/junit.xsd (checked by xmllint, as CI tools would read it), one
// suite per run and per diff with the right counts, failures carrying message and diagnostic, and every
// hostile string surviving escaping intact.
#include "sample_input.hpp"

#include <tessera/reports/junit_writer.hpp>
#include <tessera/reports/text.hpp>

#include <gtest/gtest.h>
#include <pugixml.hpp>

namespace {
using namespace tessera::reports;
using namespace tessera::reports::testing;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string test_name() { return ::testing::UnitTest::GetInstance()->current_test_info()->name(); }

// xmllint's verdict on a file against the project's schema; skips the test when xmllint is missing.
#define VALIDATE_OR_SKIP(file, status, output)                                                                  \
  const std::filesystem::path xmllint = find_on_path("xmllint");                                                \
  if (xmllint.empty()) GTEST_SKIP() << "xmllint not installed (scripts/setup.sh installs libxml2-utils)";       \
  std::string output;                                                                                           \
  const int status = run_command(xmllint.string() + " --noout --schema '" TESSERA_JUNIT_XSD "' '" +            \
                                     (file).string() + "'",                                                     \
                                 output)

pugi::xml_node suite_named(const pugi::xml_document& doc, const std::string& name) {
  return doc.child("testsuites").find_child_by_attribute("testsuite", "name", name.c_str());
}

std::string property(pugi::xml_node node, const char* name) {
  return node.child("properties").find_child_by_attribute("property", "name", name).attribute("value").value();
}

pugi::xml_node testcase(pugi::xml_node suite, const std::string& name) {
  return suite.find_child_by_attribute("testcase", "name", name.c_str());
}

void parse(pugi::xml_document& doc, const std::string& xml) {
  const pugi::xml_parse_result parsed = doc.load_string(xml.c_str());
  ASSERT_TRUE(parsed) << parsed.description() << " at offset " << parsed.offset;
}

TEST(JunitFile, ValidatesAgainstTheSchema) {
  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "junit.xml";
  write_text_file(file, junit_xml(sample_input()));
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_EQ(status, 0) << output;
}

TEST(JunitFile, RunWithoutCasesOrTimestampStillValidates) {
  report_input in;
  in.runs.emplace_back();  // no backend name, no cases, no start time
  in.runs.back().started = "yesterday";
  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "junit.xml";
  write_text_file(file, junit_xml(in));
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_EQ(status, 0) << output;
}

TEST(JunitSchema, AcceptsAMinimalDocument) {
  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "minimal.xml";
  write_text_file(file, R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase classname="c" name="n" time="0.5"/></testsuite></testsuites>
)");
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_EQ(status, 0) << output;
}

TEST(JunitSchema, RejectsATestcaseWithoutName) {
  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "unnamed.xml";
  write_text_file(file, R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase classname="c" time="0.5"/></testsuite></testsuites>
)");
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_NE(status, 0) << output;
  EXPECT_TRUE(contains(output, "'name' is required")) << output;
}

TEST(JunitSchema, RejectsANegativeCountAndATimeWithAnExponent) {
  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "counts.xml";
  write_text_file(file, R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="s" tests="-1" failures="0" errors="0"><testcase classname="c" name="n" time="1e-3"/></testsuite></testsuites>
)");
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_NE(status, 0) << output;
  EXPECT_TRUE(contains(output, "'tests'")) << output;
  EXPECT_TRUE(contains(output, "'time'")) << output;
}

TEST(JunitFile, HasOneSuitePerRunWithCountsAndRunProperties) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  const pugi::xml_node emu = suite_named(doc, "conformance.emulator");
  const pugi::xml_node cuda = suite_named(doc, "conformance.cuda");
  ASSERT_TRUE(emu && cuda);
  EXPECT_EQ(emu.attribute("tests").as_uint(), emulator_pass + emulator_fail + emulator_skip);
  EXPECT_EQ(emu.attribute("failures").as_uint(), emulator_fail);
  EXPECT_EQ(emu.attribute("skipped").as_uint(), emulator_skip);
  EXPECT_EQ(cuda.attribute("failures").as_uint(), cuda_fail);
  EXPECT_EQ(cuda.attribute("skipped").as_uint(), cuda_skip);
  EXPECT_STREQ(cuda.attribute("time").value(), "3.250000");
  EXPECT_STREQ(cuda.attribute("timestamp").value(), "2025-01-31T12:00:00Z");
  EXPECT_STREQ(cuda.attribute("hostname").value(), "ci-host-1");
  EXPECT_EQ(property(cuda, "backend"), "cuda");
  EXPECT_EQ(property(cuda, "device"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(property(emu, "seed"), "7");
  EXPECT_EQ(property(emu, "workers"), "4");
  EXPECT_EQ(property(emu, "compiler"), "GNU 12.2.0");
  EXPECT_TRUE(contains(property(emu, "machine"), "AMD EPYC 7B13, 16 cores"));
}

TEST(JunitFile, CaseCarriesClassnameClausesExpectationAndTiming) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  const pugi::xml_node tc = testcase(suite_named(doc, "conformance.emulator"), "divergent_half_tile");
  ASSERT_TRUE(tc);
  EXPECT_STREQ(tc.attribute("classname").value(), "emulator.barriers");
  EXPECT_STREQ(tc.attribute("time").value(), "0.012500");
  EXPECT_STREQ(tc.attribute("file").value(), "conformance/cases/barriers/divergent_half_tile.cpp");
  EXPECT_EQ(property(tc, "clauses"), "BAR-6");
  EXPECT_EQ(property(tc, "negative"), "true");
  EXPECT_EQ(property(tc, "expectation"), "throws tessera::barrier_divergence");
  EXPECT_EQ(property(tc, "seed"), "7");
  EXPECT_EQ(property(tc, "median_ns"), "45000");
  EXPECT_FALSE(tc.child("failure"));
  EXPECT_FALSE(tc.child("skipped"));
}

TEST(JunitFile, CaseOfARunSpreadOverGpusNamesItsGpu) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    if (run.backend == "cuda")
      for (auto& c : run.cases) c.device = "cuda:1", c.device_name = "NVIDIA H100 80GB HBM3 (sm_90)";
  pugi::xml_document doc;
  parse(doc, junit_xml(in));
  const pugi::xml_node tc = testcase(suite_named(doc, "conformance.cuda"), "reduction_256");
  ASSERT_TRUE(tc);
  EXPECT_EQ(property(tc, "device"), "cuda:1 NVIDIA H100 80GB HBM3 (sm_90)");
  EXPECT_EQ(property(testcase(suite_named(doc, "conformance.emulator"), "divergent_half_tile"), "device"), "");
}

TEST(JunitFile, FailureHasMessageDiagnosticAndLog) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  const pugi::xml_node tc = testcase(suite_named(doc, "conformance.cuda"), "reduction_256");
  const pugi::xml_node failure = tc.child("failure");
  ASSERT_TRUE(failure);
  const std::string text = failure.text().get();
  EXPECT_TRUE(contains(text, "got <0x7f800000> & expected 1.5")) << text;
  EXPECT_TRUE(contains(text, "at conformance/cases/barriers/reduction_256.cpp:30")) << text;
  EXPECT_EQ(std::string(tc.child("system-err").text().get()), "\\x1b[31mcuda-memcheck: 0 errors\\x1b[0m\nline two\n");
}

TEST(JunitFile, SkippedCaseCarriesTheReason) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  const pugi::xml_node skipped = testcase(suite_named(doc, "conformance.cuda"), "spin_without_barrier").child("skipped");
  ASSERT_TRUE(skipped);
  EXPECT_STREQ(skipped.attribute("message").value(), "spin-waits hang a GPU; checked on the emulator only");
}

TEST(JunitFile, MessageWithMarkupControlCharactersAndUtf8SurvivesAndValidates) {
  const std::string xml = junit_xml(sample_input());
  EXPECT_FALSE(contains(xml, "\x01")) << "XML 1.0 cannot hold U+0001, not even as a character reference";
  EXPECT_FALSE(contains(xml, "&#1;"));
  EXPECT_FALSE(contains(xml, "<script>"));
  pugi::xml_document doc;
  parse(doc, xml);
  const pugi::xml_node failure = testcase(suite_named(doc, "conformance.cuda"), "reduction_256").child("failure");
  EXPECT_EQ(std::string(failure.attribute("message").value()), clean_text(hostile_message));
  EXPECT_TRUE(contains(failure.attribute("message").value(), "1 < 2 & \"3\" ]]> <script>alert(1)</script> \\x01 café ✓ Ω"));

  scratch_dir dir(test_name());
  const std::filesystem::path file = dir.path() / "junit.xml";
  write_text_file(file, xml);
  VALIDATE_OR_SKIP(file, status, output);
  EXPECT_EQ(status, 0) << output;
}

TEST(JunitFile, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  report_input in = sample_input();
  in.runs[1].cases[1].message = "bad \xff\xfe bytes";
  pugi::xml_document doc;
  parse(doc, junit_xml(in));
  EXPECT_STREQ(testcase(suite_named(doc, "conformance.cuda"), "reduction_256").child("failure").attribute("message").value(),
               "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes");
}

TEST(JunitFile, DiffSuiteHasACasePerComparedCaseAndAFailurePerMismatch) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  const pugi::xml_node diff = suite_named(doc, "conformance.diff.cuda");
  ASSERT_TRUE(diff);
  EXPECT_EQ(diff.attribute("tests").as_uint(), 7u) << "6 cases both ran, and the 'results comparable' case";
  EXPECT_EQ(diff.attribute("failures").as_uint(), 1u);
  EXPECT_EQ(diff.attribute("errors").as_uint(), 1u);
  EXPECT_EQ(diff.attribute("skipped").as_uint(), 3u);
  EXPECT_EQ(property(diff, "reference"), "emulator");
  EXPECT_EQ(property(diff, "mismatches"), "1");
  const pugi::xml_node mismatch = testcase(diff, "reduction_256");
  EXPECT_STREQ(mismatch.attribute("classname").value(), "diff.cuda.barriers");
  EXPECT_TRUE(contains(mismatch.child("failure").attribute("message").value(), "output sum differs at [3]"));
  const pugi::xml_node clean = testcase(diff, "worked_example_5x4");
  ASSERT_TRUE(clean);
  EXPECT_FALSE(clean.child("failure")) << "a case whose outputs agree passes";
  const pugi::xml_node problems = testcase(diff, "results comparable");
  EXPECT_STREQ(problems.child("error").attribute("message").value(), "barriers.reduction_256 passed on emulator only");
}

TEST(JunitFile, RootTotalsAddUpTheSuites) {
  pugi::xml_document doc;
  parse(doc, junit_xml(sample_input()));
  unsigned tests = 0, failures = 0, skipped = 0, errors = 0;
  for (pugi::xml_node s : doc.child("testsuites").children("testsuite")) {
    tests += s.attribute("tests").as_uint();
    failures += s.attribute("failures").as_uint();
    skipped += s.attribute("skipped").as_uint();
    errors += s.attribute("errors").as_uint();
  }
  const pugi::xml_node root = doc.child("testsuites");
  EXPECT_EQ(root.attribute("tests").as_uint(), tests);
  EXPECT_EQ(root.attribute("failures").as_uint(), failures);
  EXPECT_EQ(root.attribute("skipped").as_uint(), skipped);
  EXPECT_EQ(root.attribute("errors").as_uint(), errors);
}

}  // namespace
