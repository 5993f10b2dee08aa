// The differ and the results files: what a mismatch says, ulp bounds, round trips, damaged files, the
// timing baseline's noise rule.
#include <tessera/conformance/diff.hpp>
#include <tessera/conformance/results.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <unistd.h>

namespace {

namespace tc = tessera::conformance;

template <class T>
tc::output make_output(const std::string& name, const std::vector<T>& values, std::uint64_t ulps = 0) {
  tc::output o;
  o.name = name;
  o.type = tc::element_type_of<T>();
  o.count = values.size();
  o.ulps = ulps;
  o.bytes.resize(values.size() * sizeof(T));
  std::memcpy(o.bytes.data(), values.data(), o.bytes.size());
  return o;
}

tc::run_results run_of(const std::string& backend, std::vector<tc::output> outputs, tc::case_status status = tc::case_status::pass) {
  tc::run_results r;
  r.backend = backend;
  tc::case_record c;
  c.id = "algo.sum";
  c.family = "algo";
  c.name = "sum";
  c.status = status;
  c.outputs = std::move(outputs);
  r.cases.push_back(c);
  return r;
}

float next_up(float x, int steps) {
  for (int i = 0; i < steps; ++i) x = std::nextafter(x, 1e30f);
  return x;
}

TEST(Diff, IdenticalRunsAreClean) {
  const auto a = run_of("emulator", {make_output("sums", std::vector<int>{1, 2, 3})});
  const auto d = tc::diff(a, run_of("cuda", {make_output("sums", std::vector<int>{1, 2, 3})}));
  EXPECT_TRUE(d.clean());
  EXPECT_EQ(d.compared_cases, 1u);
  EXPECT_EQ(d.compared_outputs, 1u);
}

TEST(Diff, IntegerMismatchNamesCaseOutputFirstIndexBothValuesAndCount) {
  const auto d = tc::diff(run_of("emulator", {make_output("sums", std::vector<int>{1, 2, 3, 4})}),
                          run_of("cuda", {make_output("sums", std::vector<int>{1, 7, 3, 9})}));
  ASSERT_EQ(d.mismatches.size(), 1u);
  const auto& m = d.mismatches[0];
  EXPECT_EQ(m.first_index, 1u);
  EXPECT_EQ(m.differing, 2u);
  EXPECT_EQ(m.message, "algo.sum: output `sums` differs in 2 of 4 elements; first at [1]: emulator 2, cuda 7");
}

TEST(Diff, FloatsWithinTheCaseBoundAreEqualAndBeyondItNameTheUlps) {
  const std::vector<float> ref{1.0f, 2.0f};
  const auto within = tc::diff(run_of("emulator", {make_output("f", ref, 2)}), run_of("cuda", {make_output("f", std::vector<float>{1.0f, next_up(2.0f, 2)}, 2)}));
  EXPECT_TRUE(within.clean());
  const auto beyond = tc::diff(run_of("emulator", {make_output("f", ref, 2)}), run_of("cuda", {make_output("f", std::vector<float>{1.0f, next_up(2.0f, 3)}, 2)}));
  ASSERT_EQ(beyond.mismatches.size(), 1u);
  EXPECT_EQ(beyond.mismatches[0].ulps, 3u);
  EXPECT_NE(beyond.mismatches[0].message.find("(3 ulp, bound 2)"), std::string::npos) << beyond.mismatches[0].message;
}

TEST(Diff, NanAndInfinityArePrintedAsValuesNeverAsAnUlpCount) {
  const float nan = std::nanf(""), inf = std::numeric_limits<float>::infinity();
  const auto d = tc::diff(run_of("emulator", {make_output("f", std::vector<float>{1.0f, 2.0f})}),
                          run_of("cuda", {make_output("f", std::vector<float>{nan, inf})}));
  ASSERT_EQ(d.mismatches.size(), 1u);
  const std::string& m = d.mismatches[0].message;
  EXPECT_NE(m.find("cuda nan"), std::string::npos) << m;
  EXPECT_NE(m.find("not measurable in ulps"), std::string::npos) << m;
  EXPECT_EQ(m.find("18446744073709551615"), std::string::npos) << m;
}

TEST(Diff, MissingOutputAndStatusDifferenceAreProblems) {
  const auto d = tc::diff(run_of("emulator", {make_output("a", std::vector<int>{1})}),
                          run_of("cuda", {}, tc::case_status::fail));
  EXPECT_FALSE(d.clean());
  ASSERT_EQ(d.problems.size(), 2u);
  EXPECT_NE(d.problems[0].find("pass on emulator but fail on cuda"), std::string::npos) << d.problems[0];
  EXPECT_NE(d.problems[1].find("output `a` is missing on cuda"), std::string::npos) << d.problems[1];
}

TEST(Ulps, NegativeAndPositiveZeroAreEqualAndNanDiffersFromNumbers) {
  const float pz = 0.0f, nz = -0.0f, nan = std::nanf(""), one = 1.0f;
  const auto* p = reinterpret_cast<const unsigned char*>(&pz);
  EXPECT_EQ(tc::ulp_distance(tc::element_type::f32, p, reinterpret_cast<const unsigned char*>(&nz)), 0u);
  EXPECT_EQ(tc::ulp_distance(tc::element_type::f32, reinterpret_cast<const unsigned char*>(&nan), reinterpret_cast<const unsigned char*>(&one)),
            std::numeric_limits<std::uint64_t>::max());
  const float a = -std::numeric_limits<float>::denorm_min(), b = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(tc::ulp_distance(tc::element_type::f32, reinterpret_cast<const unsigned char*>(&a), reinterpret_cast<const unsigned char*>(&b)), 2u);
}

class ResultsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tessera-results-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(ResultsFile, RoundTripKeepsSmallOutputsInlineAndLargeOnesAsBlobs) {
  std::vector<double> big(1000);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = 0.5 * static_cast<double>(i);
  auto r = run_of("emulator", {make_output("small", std::vector<unsigned>{1, 2}), make_output("big", big)});
  r.cases[0].timing = tc::summarize({3.0, 1.0, 2.0});
  tc::write_results(r, dir_ / "emulator.json");
  const auto back = tc::read_results(dir_ / "emulator.json");
  ASSERT_EQ(back.cases.size(), 1u);
  EXPECT_EQ(back.cases[0].outputs[0].bytes, r.cases[0].outputs[0].bytes);
  EXPECT_EQ(back.cases[0].outputs[1].bytes, r.cases[0].outputs[1].bytes);
  EXPECT_EQ(back.cases[0].timing->median_ns, 2.0);
  EXPECT_TRUE(std::filesystem::exists(dir_ / "blobs"));
  EXPECT_TRUE(tc::diff(r, back).clean());
}

TEST_F(ResultsFile, DamagedBlobIsRefusedNamingTheOutput) {
  std::vector<int> big(500, 7);
  tc::write_results(run_of("emulator", {make_output("big", big)}), dir_ / "emulator.json");
  for (const auto& blob : std::filesystem::directory_iterator(dir_ / "blobs")) {
    std::fstream f(blob.path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(10);
    f.put('\x55');
  }
  try {
    tc::read_results(dir_ / "emulator.json");
    FAIL() << "a damaged blob was accepted";
  } catch (const tc::results_error& e) {
    EXPECT_NE(std::string(e.what()).find("output `big`"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("hash"), std::string::npos) << e.what();
  }
}

TEST_F(ResultsFile, SomethingElseIsRefusedAsNotAResultsFile) {
  std::filesystem::create_directories(dir_);
  std::ofstream(dir_ / "x.json") << "{\"format\": \"other\"}";
  EXPECT_THROW(tc::read_results(dir_ / "x.json"), tc::results_error);
}

TEST(Baseline, OneSlowSampleIsNoiseButEverySampleSlowIsARegression) {
  auto base = run_of("emulator", {});
  base.cases[0].timing = tc::summarize({100.0, 100.0, 100.0});
  base.machine.cpu = "cpu";
  base.machine.cores = 2;
  auto noisy = base;
  noisy.cases[0].timing = tc::summarize({100.0, 400.0, 101.0});
  EXPECT_TRUE(tc::compare_to_baseline(noisy, base, 0.5, 0).regressions.empty());
  auto slow = base;
  slow.cases[0].timing = tc::summarize({190.0, 200.0, 210.0});
  const auto b = tc::compare_to_baseline(slow, base, 0.5, 0);
  ASSERT_EQ(b.regressions.size(), 1u);
  EXPECT_DOUBLE_EQ(b.regressions[0].ratio, 1.9);
}

// A machine that is slower across the board (busy, throttled) flags nothing; one case slower than the
// run's typical case still does.
TEST(Baseline, AUniformlySlowerRunFlagsOnlyTheCaseThatStandsOut) {
  auto base = run_of("emulator", {});
  base.machine.cpu = "cpu";
  base.machine.cores = 2;
  base.cases[0].timing = tc::summarize({100.0, 100.0, 100.0});
  for (int i = 1; i < 8; ++i) {
    base.cases.push_back(base.cases[0]);
    base.cases.back().id += std::to_string(i);
  }
  auto run = base;
  for (auto& c : run.cases) c.timing = tc::summarize({180.0, 185.0, 190.0});
  auto b = tc::compare_to_baseline(run, base, 0.5, 0);
  EXPECT_TRUE(b.regressions.empty()) << "every case 1.8x slower: the machine, not the code";
  EXPECT_DOUBLE_EQ(b.run_factor, 1.8);
  run.cases[3].timing = tc::summarize({400.0, 410.0, 420.0});
  b = tc::compare_to_baseline(run, base, 0.5, 0);
  ASSERT_EQ(b.regressions.size(), 1u);
  EXPECT_EQ(b.regressions[0].case_id, run.cases[3].id);
  EXPECT_DOUBLE_EQ(b.regressions[0].ratio, 4.0);
}

TEST(Baseline, AnotherMachinesBaselineIsNotCompared) {
  auto base = run_of("emulator", {});
  base.machine.cpu = "other";
  auto run = run_of("emulator", {});
  run.machine.cpu = "this";
  const auto b = tc::compare_to_baseline(run, base, 0.5, 0);
  EXPECT_FALSE(b.comparable);
  EXPECT_NE(b.note.find("store this machine's own baseline"), std::string::npos);
}

// A run spread over GPUs: each case names its device; files of older runs have no such field.
tc::run_results spread_run(const std::vector<std::vector<int>>& values, const std::vector<std::string>& devices) {
  tc::run_results r;
  r.backend = "cuda";
  for (std::size_t i = 0; i < values.size(); ++i) {
    tc::case_record c;
    c.id = "algo.case" + std::to_string(i);
    c.family = "algo";
    c.name = "case" + std::to_string(i);
    c.status = tc::case_status::pass;
    c.outputs = {make_output("out", values[i])};
    if (!devices.empty()) {
      c.device = devices[i];
      c.device_name = "NVIDIA H100 80GB HBM3 (sm_90)";
    }
    r.cases.push_back(c);
  }
  return r;
}

TEST_F(ResultsFile, DeviceOfEachCaseSurvivesTheRoundTrip) {
  tc::write_results(spread_run({{1}, {2}}, {"cuda:0", "cuda:1"}), dir_ / "cuda.json");
  const auto back = tc::read_results(dir_ / "cuda.json");
  ASSERT_EQ(back.cases.size(), 2u);
  EXPECT_EQ(back.cases[0].device, "cuda:0");
  EXPECT_EQ(back.cases[1].device, "cuda:1");
  EXPECT_EQ(back.cases[1].device_name, "NVIDIA H100 80GB HBM3 (sm_90)");
}

TEST_F(ResultsFile, CaseWithoutADeviceIsWrittenWithoutTheField) {
  tc::write_results(spread_run({{1}}, {}), dir_ / "emulator.json");
  std::ifstream in(dir_ / "emulator.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("\"device_name\""), std::string::npos);
}

TEST_F(ResultsFile, FileWrittenBeforeTheDeviceFieldIsReadWithNoDevice) {
  std::filesystem::create_directories(dir_);
  // The layout of a results file of a run made before cases named their device.
  std::ofstream(dir_ / "cuda.json") << R"json({"format": "tessera-conformance-results/1", "backend": "cuda", "device": "NVIDIA H100 (sm_90)",
    "machine": {"host": "h", "os": "o", "cpu": "c", "cores": 16, "compiler": "nvcc", "cuda": true}, "started": "2026-11-20T10:00:00Z",
    "seed": 7, "workers": 0, "repeat": 1, "seconds": 1.5, "totals": {"pass": 1, "fail": 0, "skip": 0},
    "cases": [{"id": "algo.sum", "family": "algo", "name": "sum", "clauses": [], "negative": false, "expectation": "pass",
               "status": "pass", "message": "", "diagnostic": "", "log": "", "file": "f.cpp", "line": 3, "configurations": [],
               "seconds": 0.1, "timing": null, "outputs": []}]})json";
  const auto r = tc::read_results(dir_ / "cuda.json");
  ASSERT_EQ(r.cases.size(), 1u);
  EXPECT_TRUE(r.cases[0].device.empty());
  EXPECT_TRUE(tc::cases_per_device(r.cases).empty());
}

TEST(Devices, CasesPerDeviceCountsEachDeviceInNumericOrder) {
  auto r = spread_run({{1}, {2}, {3}, {4}}, {"cuda:10", "cuda:2", "cuda:2", "cuda:10"});
  r.cases[3].status = tc::case_status::fail;
  const auto devices = tc::cases_per_device(r.cases);
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(devices[0].device, "cuda:2");
  EXPECT_EQ(devices[0].pass, 2u);
  EXPECT_EQ(devices[1].device, "cuda:10");
  EXPECT_EQ(devices[1].pass, 1u);
  EXPECT_EQ(devices[1].fail, 1u);
}

TEST(Devices, DiffCountsCasesAndMismatchesPerGpuAndNamesTheGpuOfEachMismatch) {
  const auto reference = spread_run({{1}, {2}, {3}, {4}, {5}}, {});
  const auto gpus = spread_run({{1}, {2}, {3}, {9}, {5}}, {"cuda:0", "cuda:1", "cuda:0", "cuda:1", "cuda:0"});
  const auto d = tc::diff(reference, gpus);
  ASSERT_EQ(d.mismatches.size(), 1u);
  EXPECT_EQ(d.mismatches[0].device, "cuda:1");
  ASSERT_EQ(d.devices.size(), 2u);
  EXPECT_EQ(d.devices[0].compared_cases, 3u);
  EXPECT_EQ(d.devices[0].mismatches, 0u);
  EXPECT_EQ(d.devices[1].compared_cases, 2u);
  EXPECT_EQ(d.devices[1].mismatches, 1u);
  EXPECT_EQ(tc::per_device_line(d), "cuda:0 3 cases, 0 mismatches; cuda:1 2 cases, 1 mismatch");
}

TEST(Devices, DiffOfARunThatNamesNoDeviceHasNoPerGpuLine) {
  const auto d = tc::diff(spread_run({{1}}, {}), spread_run({{1}}, {}));
  EXPECT_TRUE(d.devices.empty());
  EXPECT_EQ(tc::per_device_line(d), "");
}

TEST_F(ResultsFile, DiffFileKeepsThePerGpuCounts) {
  std::filesystem::create_directories(dir_);
  const auto d = tc::diff(spread_run({{1}, {2}}, {}), spread_run({{1}, {7}}, {"cuda:0", "cuda:1"}));
  tc::write_diff(d, dir_ / "diff-cuda.json");
  const auto back = tc::read_diff(dir_ / "diff-cuda.json");
  EXPECT_EQ(tc::per_device_line(back), "cuda:0 1 case, 0 mismatches; cuda:1 1 case, 1 mismatch");
  ASSERT_EQ(back.mismatches.size(), 1u);
  EXPECT_EQ(back.mismatches[0].device, "cuda:1");
}

}  // namespace
