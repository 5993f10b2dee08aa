// The supervisor with one stream of cases per device: the self-test executor's misbehaving cases
// (selftest_cases.cpp: crashes, an abort, a hang) spread over two streams, each child started on its
// device. Every case is reported once, by the stream the split gives it, naming that stream's device; a
// crash or hang fails its case alone and its stream goes on; the verdicts are those of one stream. Streams
// without devices (the emulator's --jobs) are the same, naming no device.
#include "case_runner.hpp"
#include "case_streams.hpp"
#include "registry.hpp"
#include "supervisor.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <map>

namespace {

namespace tc = tessera::conformance;

struct outcome {
  std::map<std::size_t, tc::case_record> records;
  std::map<std::size_t, int> reports;  // how often each case was reported
};

outcome supervise(const std::vector<tc::stream_device>& devices, std::size_t streams = 1) {
  const auto cases = tc::registered_cases();
  const auto blobs = std::filesystem::temp_directory_path() / ("tessera-streams-" + std::to_string(getpid()));
  // The settings the executor passes its children (executor_main.cpp), the self-test's expectation list.
  const std::vector<std::string> child_args{"--seed", "7", "--workers", "2", "--orders", "1", "--repeat", "1",
                                            "--expectations", SELFTEST_TSV, "--sanitizer", "auto", "--blobs", blobs.string()};
  outcome o;
  tc::supervision how{SELFTEST_EXE, child_args, 3, blobs, devices};
  how.streams = streams;
  tc::run_supervised(cases, how, [&](std::size_t i, tc::case_record r) {
    ++o.reports[i];
    o.records[i] = std::move(r);
  });
  std::filesystem::remove_all(blobs);
  return o;
}

TEST(SupervisorStreams, EveryCaseIsReportedOnceByItsStreamNamingItsDevice) {
  const std::vector<tc::stream_device> two{{"emulator", "first device"}, {"emulator", "second device"}};
  const auto spread = supervise(two);
  const auto cases = tc::registered_cases();
  ASSERT_EQ(spread.records.size(), cases.size());
  const auto split = tc::split_cases(cases.size(), 2);
  for (std::size_t s = 0; s < split.size(); ++s)
    for (std::size_t i : tc::cases_of(split[s], cases.size())) {
      EXPECT_EQ(spread.reports.at(i), 1) << spread.records.at(i).id;
      EXPECT_EQ(spread.records.at(i).device, "emulator") << spread.records.at(i).id;
      EXPECT_EQ(spread.records.at(i).device_name, two[s].name) << spread.records.at(i).id;
    }
}

TEST(SupervisorStreams, CrashesAndHangsFailAloneAndTheVerdictsAreThoseOfOneStream) {
  const auto one = supervise({});
  const auto spread = supervise({{"emulator", "first device"}, {"emulator", "second device"}});
  ASSERT_EQ(one.records.size(), spread.records.size());
  for (const auto& [i, r] : one.records) {
    const auto& other = spread.records.at(i);
    EXPECT_EQ(other.id, r.id);
    EXPECT_EQ(other.status, r.status) << r.id << ": " << other.message;
    EXPECT_TRUE(r.device.empty()) << "one stream without devices names none: " << r.device;
    if (r.id == "selftest.d_hangs") EXPECT_NE(other.message.find("timed out after 3 s"), std::string::npos) << other.message;
    if (r.id == "selftest.b_crashes") EXPECT_NE(other.message.find("SIGSEGV"), std::string::npos) << other.message;
    if (r.id == "selftest.k_passes_after_everything") EXPECT_EQ(other.status, tc::case_status::pass);
  }
}

TEST(SupervisorStreams, StreamsWithoutDevicesRunEveryCaseOnceWithTheVerdictsOfOne) {
  const auto one = supervise({});
  const auto three = supervise({}, 3);
  ASSERT_EQ(three.records.size(), one.records.size());
  for (const auto& [i, r] : one.records) {
    EXPECT_EQ(three.reports.at(i), 1) << r.id;
    EXPECT_EQ(three.records.at(i).id, r.id);
    EXPECT_EQ(three.records.at(i).status, r.status) << r.id << ": " << three.records.at(i).message;
    EXPECT_TRUE(three.records.at(i).device.empty()) << three.records.at(i).device;
  }
}

}  // namespace
