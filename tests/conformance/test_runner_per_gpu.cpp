// tessera-conform's summary of a CUDA run spread over GPUs: a row per GPU with the cases it ran, and the
// diff's mismatches per GPU; a run on one GPU prints neither (its table is as it always was).
#include "run_program.hpp"

#include <tessera/conformance/results.hpp>

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>

namespace {

namespace tc = tessera::conformance;

tc::output ints(const std::vector<int>& v) {
  tc::output o;
  o.name = "out";
  o.type = tc::element_type_of<int>();
  o.count = v.size();
  o.bytes.resize(v.size() * sizeof(int));
  std::memcpy(o.bytes.data(), v.data(), o.bytes.size());
  return o;
}

tc::run_results run_of(const std::string& backend, const std::vector<int>& values, const std::vector<std::string>& devices) {
  tc::run_results r;
  r.backend = backend;
  r.device = devices.empty() ? "emulator" : "GPUs";
  for (std::size_t i = 0; i < values.size(); ++i) {
    tc::case_record c;
    c.id = "algo.case" + std::to_string(i);
    c.family = "algo";
    c.name = "case" + std::to_string(i);
    c.status = tc::case_status::pass;
    c.outputs = {ints({values[i]})};
    if (!devices.empty()) c.device = devices[i], c.device_name = "NVIDIA H100 80GB HBM3 (sm_90)";
    r.cases.push_back(c);
  }
  return r;
}

class RunnerPerGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tessera-per-gpu-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string report() { return tessera::testing::run_program(RUNNER, {"report", dir_.string(), "--baselines", dir_.string() + "/none"}).output; }
  std::filesystem::path dir_;
};

TEST_F(RunnerPerGpu, SpreadRunShowsEachGpusCasesAndMismatches) {
  tc::write_results(run_of("emulator", {1, 2, 3, 4}, {}), dir_ / "emulator.json");
  tc::write_results(run_of("cuda", {1, 2, 3, 5}, {"cuda:0", "cuda:1", "cuda:0", "cuda:1"}), dir_ / "cuda.json");
  const std::string out = report();
  EXPECT_NE(out.find("  cuda:0                      2       0       0"), std::string::npos) << out;
  EXPECT_NE(out.find("  cuda:1                      2       0       0"), std::string::npos) << out;
  EXPECT_NE(out.find("  per GPU: cuda:0 2 cases, 0 mismatches; cuda:1 2 cases, 1 mismatch\n"), std::string::npos) << out;
}

TEST_F(RunnerPerGpu, RunOnOneGpuKeepsTheTableAsItWas) {
  tc::write_results(run_of("emulator", {1, 2}, {}), dir_ / "emulator.json");
  tc::write_results(run_of("cuda", {1, 2}, {"cuda:0", "cuda:0"}), dir_ / "cuda.json");
  const std::string out = report();
  EXPECT_EQ(out.find("  cuda:0 "), std::string::npos) << out;
  EXPECT_EQ(out.find("per GPU"), std::string::npos) << out;
  EXPECT_NE(out.find("diff cuda vs emulator: 2 cases, 2 outputs compared, 0 mismatches"), std::string::npos) << out;
}

}  // namespace
