// The conformance harness, pinned through a self-test executor whose cases misbehave on purpose
// (selftest_cases.cpp): isolation, judging, expectation lists, the registry's refusals, cases at a time.
#include "run_program.hpp"

#include <tessera/conformance/results.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

namespace {

namespace tc = tessera::conformance;
using tessera::testing::run_program;

std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-harness-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

// One run of the self-test executor, shared by the tests that read its results.
class SelftestRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(fresh_dir("selftest"));
    result_ = new tessera::testing::program_result(
        run_program(SELFTEST_EXE, {"--out", dir_->string(), "--timeout", "3", "--expectations", SELFTEST_TSV, "--workers", "2"}));
    results_ = new tc::run_results(tc::read_results(*dir_ / "emulator.json"));
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete results_;
    delete result_;
    delete dir_;
  }
  static const tc::case_record& record(const std::string& name) {
    const auto* c = results_->find("selftest." + name);
    if (c == nullptr) throw std::runtime_error("no record for " + name);
    return *c;
  }
  static std::filesystem::path* dir_;
  static tessera::testing::program_result* result_;
  static tc::run_results* results_;
};
std::filesystem::path* SelftestRun::dir_ = nullptr;
tessera::testing::program_result* SelftestRun::result_ = nullptr;
tc::run_results* SelftestRun::results_ = nullptr;

TEST_F(SelftestRun, EveryCaseHasARecordAndTheRunExitsWithFailure) {
  EXPECT_EQ(result_->status, 1) << result_->output;
  EXPECT_EQ(results_->cases.size(), 13u);
}

TEST_F(SelftestRun, CrashingCaseFailsAloneWithItsSignal) {
  EXPECT_EQ(record("b_crashes").status, tc::case_status::fail);
  EXPECT_NE(record("b_crashes").message.find("SIGSEGV"), std::string::npos) << record("b_crashes").message;
  EXPECT_EQ(record("a_passes_before_the_crash").status, tc::case_status::pass);
}

TEST_F(SelftestRun, RaisedSegmentationSignalIsNotSwallowedByTheGuardPageHandler) {
  EXPECT_EQ(record("b_raises_sigsegv").status, tc::case_status::fail);
  EXPECT_NE(record("b_raises_sigsegv").message.find("SIGSEGV"), std::string::npos) << record("b_raises_sigsegv").message;
}

TEST_F(SelftestRun, AbortingCaseFailsAlone) {
  EXPECT_EQ(record("c_aborts").status, tc::case_status::fail);
  EXPECT_NE(record("c_aborts").message.find("SIGABRT"), std::string::npos) << record("c_aborts").message;
}

TEST_F(SelftestRun, HangingCaseIsStoppedAtItsTimeLimitAndTheRunGoesOn) {
  EXPECT_EQ(record("d_hangs").status, tc::case_status::fail);
  EXPECT_NE(record("d_hangs").message.find("timed out after 3 s"), std::string::npos) << record("d_hangs").message;
  EXPECT_EQ(record("k_passes_after_everything").status, tc::case_status::pass);
}

TEST_F(SelftestRun, UndeclaredExceptionFailsTheCaseWithItsMessage) {
  EXPECT_EQ(record("e_throws_undeclared").status, tc::case_status::fail);
  EXPECT_NE(record("e_throws_undeclared").message.find("undeclared failure"), std::string::npos);
}

TEST_F(SelftestRun, WrongOutputNamesTheOutputTheIndexBothValuesAndTheUlps) {
  const auto& m = record("f_wrong_output").message;
  EXPECT_EQ(record("f_wrong_output").status, tc::case_status::fail);
  EXPECT_NE(m.find("output `floats`"), std::string::npos) << m;
  EXPECT_NE(m.find("1 of 4 elements"), std::string::npos) << m;
  EXPECT_NE(m.find("[2]"), std::string::npos) << m;
  EXPECT_NE(m.find("1 ulp, bound 0"), std::string::npos) << m;
}

TEST_F(SelftestRun, ExceptionOfAnotherTypeThanDeclaredFails) {
  const auto& m = record("g_wrong_exception_type").message;
  EXPECT_EQ(record("g_wrong_exception_type").status, tc::case_status::fail);
  EXPECT_NE(m.find("expected exactly tessera::invalid_compute_domain"), std::string::npos) << m;
  EXPECT_NE(m.find("tessera::unsupported_feature"), std::string::npos) << m;
}

TEST_F(SelftestRun, DeclaredExceptionPassesAsANegativeCaseWithItsDiagnostic) {
  const auto& c = record("h_expected_exception");
  EXPECT_EQ(c.status, tc::case_status::pass) << c.message;
  EXPECT_TRUE(c.negative);
  EXPECT_NE(c.diagnostic.find("not divisible"), std::string::npos) << c.diagnostic;
}

TEST_F(SelftestRun, CaseInTheExpectationListIsSkippedWithTheListedReason) {
  EXPECT_EQ(record("i_listed_as_skipped").status, tc::case_status::skip);
  EXPECT_EQ(record("i_listed_as_skipped").message, "skipped by the list on purpose");
}

TEST_F(SelftestRun, FloatWithinItsUlpBoundPasses) { EXPECT_EQ(record("j_float_within_bound").status, tc::case_status::pass); }

TEST_F(SelftestRun, PassingCaseRecordsItsOutputsAndKernelTime) {
  const auto& c = record("a_passes_before_the_crash");
  ASSERT_EQ(c.outputs.size(), 1u);
  EXPECT_EQ(c.outputs[0].name, "times_three");
  EXPECT_EQ(c.outputs[0].count, 8u);
  ASSERT_TRUE(c.timing.has_value());
  EXPECT_GT(c.timing->median_ns, 0.0);
}

TEST(Isolation, CaseWithALargeOutputPassesWithoutAResultsFolder) {
  const auto r = run_program(SELFTEST_EXE, {"--filter", "selftest.l_*", "--expectations", SELFTEST_TSV, "--quiet"});
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST(Registry, ExecutorWithNoCaseRefusesToRun) {
  const auto r = run_program(EMPTY_EXE, {});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("holds no conformance case"), std::string::npos) << r.output;
}

TEST(Registry, TwoCasesWithOneIdAreRefused) {
  const auto r = run_program(DUPLICATE_EXE, {"--list"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("two cases are named selftest.k_passes_after_everything"), std::string::npos) << r.output;
}

TEST(Registry, CaseCitingAnUncataloguedClauseIsRefused) {
  const auto r = run_program(UNCATALOGUED_EXE, {"--list"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("case selftest.cites_a_typo"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("cites BAR-99, which spec/clauses/clauses.tsv does not hold"), std::string::npos) << r.output;
}

TEST(Registry, FilterMatchingNoCaseIsAnError) {
  const auto r = run_program(SELFTEST_EXE, {"--filter", "selftest.no_such_*", "--expectations", SELFTEST_TSV});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("no case matches"), std::string::npos) << r.output;
}

TEST(Registry, CasesAreListedInIdOrderWhateverTheLinkOrder) {
  const auto r = run_program(SELFTEST_EXE, {"--list"});
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_LT(r.output.find("selftest.a_passes"), r.output.find("selftest.b_crashes"));
  EXPECT_LT(r.output.find("selftest.j_float"), r.output.find("selftest.k_passes"));
  EXPECT_NE(r.output.find("13 cases (2 negative)"), std::string::npos) << r.output;
}

TEST(ExpectationList, StaleEntryIsRefusedNamingFileAndLine) {
  const auto r = run_program(SELFTEST_EXE, {"--expectations", STALE_TSV, "--filter", "selftest.k_*"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("stale.tsv:1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("matches no case"), std::string::npos) << r.output;
}

TEST(Isolation, SkippedEverywhereExitsWithTheSkipCode) {
  const auto r = run_program(SELFTEST_EXE, {"--filter", "selftest.i_*", "--expectations", SELFTEST_TSV, "--quiet"});
  EXPECT_EQ(r.status, 77) << r.output;
  EXPECT_NE(r.output.find("SKIP: skipped by the list on purpose"), std::string::npos) << r.output;
}

}  // namespace

namespace {

// --jobs: the swept cases (diagnostics, the hazard corpus) run several at a time without timing samples,
// then every other case alone with its own; the verdicts are those of a run of one case at a time
// (selftest_jobs_cases.cpp: a correct kernel of the corpus, a divergence, a plain case).
TEST(Jobs, SweptCasesRunBesideEachOtherUntimedAndTheOthersAloneTimed) {
  std::map<std::string, tc::run_results> runs;
  for (const std::string jobs : {"1", "2"}) {
    const auto dir = fresh_dir("jobs" + jobs);
    const auto r = run_program(JOBS_EXE, {"--out", dir.string(), "--expectations", JOBS_TSV, "--workers", "2", "--repeat", "2", "--jobs", jobs});
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output.find("the swept cases 2 at a time") != std::string::npos, jobs == "2") << r.output;
    runs.emplace(jobs, tc::read_results(dir / "emulator.json"));
    std::filesystem::remove_all(dir);
  }
  const tc::run_results& alone = runs.at("1");
  const tc::run_results& beside = runs.at("2");
  ASSERT_EQ(beside.cases.size(), 3u);
  for (const auto& c : alone.cases) {
    const auto* other = beside.find(c.id);
    ASSERT_NE(other, nullptr) << c.id;
    EXPECT_EQ(other->status, tc::case_status::pass) << c.id << ": " << other->message;
    EXPECT_EQ(other->configurations, c.configurations) << c.id;
  }
  const auto* swept = beside.find("hazards.a_correct_kernel_of_the_corpus");
  EXPECT_EQ(swept->configurations.size(), 9u);
  EXPECT_FALSE(swept->timing.has_value()) << "timed beside other cases";
  ASSERT_TRUE(alone.find("hazards.a_correct_kernel_of_the_corpus")->timing.has_value());
  EXPECT_EQ(beside.find("hazards.b_divergence")->configurations.size(), 9u);
  const auto* plain = beside.find("selftest.c_plain_case");
  ASSERT_TRUE(plain->timing.has_value());
  EXPECT_EQ(plain->timing->samples_ns.size(), 2u);
}

}  // namespace
