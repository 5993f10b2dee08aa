// Spreading a run's cases over the GPUs of a host: which cases each GPU's stream runs, how many GPUs
// --gpus asks for, and the GPU CTest's resource allocation gives a test (and the file it allots from).
#include "case_streams.hpp"
#include "child_environment.hpp"
#include "ctest_resources.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>

namespace {

namespace tc = tessera::conformance;

std::vector<std::size_t> all_cases_of(const std::vector<tc::case_stream>& split, std::size_t cases) {
  std::vector<std::size_t> every;
  for (const auto& s : split) {
    const auto mine = tc::cases_of(s, cases);
    every.insert(every.end(), mine.begin(), mine.end());
  }
  std::sort(every.begin(), every.end());
  return every;
}

TEST(SplitCases, EveryCaseRunsOnExactlyOneStream) {
  for (std::size_t cases : {0u, 1u, 7u, 367u})
    for (std::size_t streams : {1u, 2u, 3u, 8u}) {
      std::vector<std::size_t> want(cases);
      std::iota(want.begin(), want.end(), 0);
      EXPECT_EQ(all_cases_of(tc::split_cases(cases, streams), cases), want) << cases << " cases on " << streams << " streams";
    }
}

TEST(SplitCases, StreamsDifferByAtMostOneCase) {
  const auto split = tc::split_cases(367, 8);
  ASSERT_EQ(split.size(), 8u);
  std::size_t fewest = 1000, most = 0;
  for (const auto& s : split) {
    fewest = std::min(fewest, tc::cases_of(s, 367).size());
    most = std::max(most, tc::cases_of(s, 367).size());
  }
  EXPECT_LE(most - fewest, 1u);
}

TEST(SplitCases, TheSameCountsGiveTheSameSplit) {
  const auto a = tc::split_cases(100, 3), b = tc::split_cases(100, 3);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t s = 0; s < a.size(); ++s) EXPECT_EQ(tc::cases_of(a[s], 100), tc::cases_of(b[s], 100));
}

TEST(SplitCases, NeighbouringCasesGoToDifferentStreams) {
  // A family's cases sit together and cost alike: interleaving spreads each family over every GPU.
  const auto split = tc::split_cases(10, 2);
  EXPECT_EQ(tc::cases_of(split[0], 10), (std::vector<std::size_t>{0, 2, 4, 6, 8}));
  EXPECT_EQ(tc::cases_of(split[1], 10), (std::vector<std::size_t>{1, 3, 5, 7, 9}));
}

TEST(SplitCases, OneStreamRunsEveryCaseInOrder) {
  const auto split = tc::split_cases(5, 1);
  ASSERT_EQ(split.size(), 1u);
  EXPECT_EQ(tc::cases_of(split[0], 5), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(SplitCases, MoreGpusThanCasesStartsNoIdleStream) {
  EXPECT_EQ(tc::split_cases(3, 8).size(), 3u);
  EXPECT_EQ(tc::split_cases(0, 8).size(), 1u);
}

std::vector<tc::stream_device> four_gpus() {
  return {{"cuda:0", "H100"}, {"cuda:1", "H100"}, {"cuda:2", "H100"}, {"cuda:3", "H100"}};
}

TEST(ChooseDevices, AllIsEveryGpuAndANumberIsTheFirstOnes) {
  EXPECT_EQ(tc::choose_devices(four_gpus(), "all").size(), 4u);
  const auto two = tc::choose_devices(four_gpus(), "2");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].path, "cuda:1");
}

TEST(ChooseDevices, MoreGpusThanTheHostHasIsRefusedSayingHowMany) {
  try {
    tc::choose_devices(four_gpus(), "8");
    FAIL() << "--gpus 8 accepted on 4 GPUs";
  } catch (const tc::device_choice_error& e) {
    EXPECT_NE(std::string(e.what()).find("this host has 4 GPUs"), std::string::npos) << e.what();
  }
}

TEST(ChooseDevices, ZeroOrTextIsRefusedNamingTheValue) {
  for (const char* bad : {"0", "two", "-1", "2x", ""}) {
    try {
      tc::choose_devices(four_gpus(), bad);
      FAIL() << "--gpus \"" << bad << "\" accepted";
    } catch (const tc::device_choice_error& e) {
      EXPECT_NE(std::string(e.what()).find("expected \"all\" or a positive number"), std::string::npos) << e.what();
    }
  }
}

TEST(ChooseDevices, TheOptionsCheckAcceptsAllAndPositiveNumbersOnly) {
  EXPECT_EQ(tc::gpu_count_problem("all"), "");
  EXPECT_EQ(tc::gpu_count_problem("8"), "");
  EXPECT_NE(tc::gpu_count_problem("0"), "");
  EXPECT_NE(tc::gpu_count_problem("eight"), "");
}

// CTest's environment as a map.
auto environment(std::map<std::string, std::string> vars) {
  return [vars](const std::string& name) -> std::optional<std::string> {
    const auto it = vars.find(name);
    return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

TEST(AllottedGpu, NoResourceGroupsMeansNoGpuWasAllotted) { EXPECT_FALSE(tc::allotted_gpu(environment({}))); }

TEST(AllottedGpu, TheGpuIdOfTheGroupIsTheDeviceNumber) {
  const auto id = tc::allotted_gpu(
      environment({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"}, {"CTEST_RESOURCE_GROUP_0_GPUS", "id:3,slots:1"}}));
  ASSERT_TRUE(id);
  EXPECT_EQ(*id, "3");
}

TEST(AllottedGpu, AGroupOfAnotherResourceIsPassedOver) {
  const auto id = tc::allotted_gpu(environment({{"CTEST_RESOURCE_GROUP_COUNT", "2"},
                                                {"CTEST_RESOURCE_GROUP_0", "licenses"},
                                                {"CTEST_RESOURCE_GROUP_0_LICENSES", "id:a,slots:1"},
                                                {"CTEST_RESOURCE_GROUP_1", "gpus"},
                                                {"CTEST_RESOURCE_GROUP_1_GPUS", "id:1,slots:2"}}));
  ASSERT_TRUE(id);
  EXPECT_EQ(*id, "1");
}

void expect_refused(std::map<std::string, std::string> vars, const std::string& names) {
  try {
    tc::allotted_gpu(environment(std::move(vars)));
    FAIL() << "accepted; expected an error naming " << names;
  } catch (const tc::resource_group_error& e) {
    EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--resource-spec"), std::string::npos) << "the fix is missing: " << e.what();
  }
}

TEST(AllottedGpu, BadValuesAreRefusedNamingTheVariable) {
  expect_refused({{"CTEST_RESOURCE_GROUP_COUNT", "one"}}, "CTEST_RESOURCE_GROUP_COUNT=\"one\"");
  expect_refused({{"CTEST_RESOURCE_GROUP_COUNT", "1"}}, "CTEST_RESOURCE_GROUP_0 is not set");
  expect_refused({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"}}, "CTEST_RESOURCE_GROUP_0_GPUS is not set");
  expect_refused({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"}, {"CTEST_RESOURCE_GROUP_0_GPUS", "3"}},
                 "CTEST_RESOURCE_GROUP_0_GPUS=\"3\" is not \"id:<K>,slots:<n>\"");
  expect_refused({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"}, {"CTEST_RESOURCE_GROUP_0_GPUS", "id:gpu-a,slots:1"}},
                 "the id \"gpu-a\" is not a CUDA device number");
}

TEST(ResourceSpec, TheFileListsEachGpuWithItsSlotsInCTestsFormat) {
  const auto j = nlohmann::json::parse(tc::resource_spec_json({"0", "1"}, 8));
  EXPECT_EQ(j["version"]["major"], 1);
  EXPECT_EQ(j["version"]["minor"], 0);
  const auto& gpus = j["local"][0]["gpus"];
  ASSERT_EQ(gpus.size(), 2u);
  EXPECT_EQ(gpus[1]["id"], "1");
  EXPECT_EQ(gpus[1]["slots"], 8);
}

TEST(ResourceSpec, NoGpusRemovesTheFileSoCTestRunsWithoutIt) {
  const auto file = std::filesystem::temp_directory_path() / ("tessera-spec-" + std::to_string(getpid()) + ".json");
  tc::write_resource_spec(file, {"0"}, 1);
  EXPECT_TRUE(std::filesystem::exists(file));
  tc::write_resource_spec(file, {}, 1);
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST(ChildEnvironment, TheVariableIsReplacedAndTheRestKept) {
  setenv("TESSERA_TEST_CHILD_ENV", "old", 1);
  setenv("TESSERA_TEST_OTHER", "kept", 1);
  tc::child_environment env("TESSERA_TEST_CHILD_ENV", "cuda:1");
  std::vector<std::string> entries;
  for (char** e = env.get(); *e != nullptr; ++e) entries.emplace_back(*e);
  EXPECT_EQ(std::count(entries.begin(), entries.end(), "TESSERA_TEST_CHILD_ENV=cuda:1"), 1);
  EXPECT_EQ(std::count(entries.begin(), entries.end(), "TESSERA_TEST_CHILD_ENV=old"), 0);
  EXPECT_EQ(std::count(entries.begin(), entries.end(), "TESSERA_TEST_OTHER=kept"), 1);
}

}  // namespace
