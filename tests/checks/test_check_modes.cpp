// The checks' modes and switches, and the findings beyond races: host memory, non-tiled launches,
// spin-waits, out-of-bounds sites, and what a report names (memory, barrier interval, readers).
#include "findings.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using namespace checks_test;
using tessera::index;

// Runs `body(workers, seed)` at every pair of the lists, the emulator's options restored afterwards.
void each_configuration(std::initializer_list<unsigned> worker_counts, std::initializer_list<std::uint64_t> seeds,
                        const std::function<void(unsigned, std::uint64_t)>& body) {
  struct restore {
    emulator::options saved = emulator::get_options();
    ~restore() { emulator::set_options(saved); }
  } restored;
  for (unsigned workers : worker_counts)
    for (std::uint64_t seed : seeds) {
      emulator::set_workers(workers);
      emulator::set_seed(seed);
      body(workers, seed);
    }
}

// Options changed for one test, restored after it.
class CheckOptions : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = emulator::get_options(); }
  void TearDown() override { emulator::set_options(saved_); }
  void with(const std::function<void(emulator::options&)>& change) {
    emulator::options o = saved_;
    change(o);
    emulator::set_options(o);
  }
  emulator::options saved_;
};

// Two different races: a read-after-write on `s`, then a write-after-write on `shared`.
void two_races(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    tile_static int shared;
    s[t.local[0]] = t.local[0];
    if (t.local[0] > 0) v[t] = s[t.local[0] - 1];
    t.barrier.wait();
    shared = t.local[0];
    t.barrier.wait();
    v[t] += shared;
  });
}

using Modes = CheckOptions;

TEST_F(Modes, ReportModeGathersEveryFinding) {
  std::vector<int> data(64);
  array_view<int, 1> v(64, data);
  const auto hs = hazards_of([&] { two_races(v); });
  EXPECT_EQ(count_kind(hs, "read after write"), 1) << describe(hs);
  EXPECT_EQ(count_kind(hs, "write after write"), 1) << describe(hs);
}

// Which finding comes first is the thread order's: at seeds other than 0 a thread may read its
// neighbour's slot before the neighbour stores it, and the first finding is an uninitialized read. Seed 0
// (local-index order) makes it the read after write; what must hold at any seed is that the worker count
// does not change it.
TEST_F(Modes, StopModeEndsTheLaunchAtTheFirstFindingWhateverTheWorkerCount) {
  std::string reference;
  for (unsigned workers : {1u, 2u, 8u}) {
    with([&](emulator::options& o) {
      o.checks = emulator::check_mode::stop;
      o.workers = workers;
      o.seed = 0;
    });
    std::vector<int> data(64);
    array_view<int, 1> v(64, data);
    std::string message;
    const auto hs = hazards_of([&] { two_races(v); }, &message);
    ASSERT_EQ(hs.size(), 1u) << message;
    EXPECT_EQ(hs[0].kind, "read after write");
    EXPECT_NE(message.find("stopped at the first"), std::string::npos);
    if (reference.empty()) reference = message;
    EXPECT_EQ(message, reference) << workers << " workers";
  }
}

TEST_F(Modes, OffRunsTheKernelUnchecked) {
  with([](emulator::options& o) { o.checks = emulator::check_mode::off; });
  std::vector<int> data(64);
  array_view<int, 1> v(64, data);
  EXPECT_NO_THROW(two_races(v));
}

TEST_F(Modes, SwitchingOneCheckOffSilencesOnlyThatCheck) {
  with([](emulator::options& o) { o.enabled_checks = o.enabled_checks.without(emulator::check::tile_static_races); });
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s[16];
      tile_static int never_written[16];
      s[t.local[0]] = 1;
      v[t] = s[(t.local[0] + 1) % 16] + never_written[t.local[0]];  // a race, and an uninitialized read
    });
  });
  EXPECT_EQ(count_kind(hs, "read after write"), 0) << describe(hs);
  EXPECT_EQ(count_kind(hs, "uninitialized read"), 1) << describe(hs);
}

TEST_F(Modes, CheckNamesAreTheOnesTheEnvironmentUses) {
  EXPECT_EQ(emulator::check_named("spin_waits"), emulator::check::spin_waits);
  EXPECT_STREQ(emulator::name_of(emulator::check::host_memory), "host_memory");
  try {
    emulator::check_named("races");
    FAIL() << "an unknown check name was accepted";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("tile_static_races"), std::string::npos) << e.what();
  }
}

// Every thread stores `value(t)` into one tile_static flag in one interval.
void everyone_sets_flag(array_view<int, 1> v, bool same_value) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int flag;
    flag = same_value ? 1 : t.local[0];
    t.barrier.wait();
    v[t] = flag;
  });
}

using SameValue = CheckOptions;

TEST_F(SameValue, RacingWritesOfOneValueAreReportedByDefault) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  EXPECT_EQ(count_kind(hazards_of([&] { everyone_sets_flag(v, true); }), "write after write"), 1);
}

TEST_F(SameValue, AllowSameValueIgnoresWritesThatLeaveMemoryUnchanged) {
  with([](emulator::options& o) { o.allow_same_value = true; });
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  const auto hs = hazards_of([&] { everyone_sets_flag(v, true); });
  EXPECT_TRUE(hs.empty()) << describe(hs);
  v.synchronize();
  EXPECT_EQ(data[7], 1);
}

TEST_F(SameValue, AllowSameValueStillReportsWritesOfDifferentValues) {
  with([](emulator::options& o) { o.allow_same_value = true; });
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  EXPECT_EQ(count_kind(hazards_of([&] { everyone_sets_flag(v, false); }), "write after write"), 1);
}

// --- host memory ---------------------------------------------------------------------------------------
int host_counter = 0;
const int weights[4] = {1, 2, 3, 4};

TEST(HostMemory, WritingAVariableCapturedByReferenceIsReported) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  int sum = 0;
  std::string message;
  const auto hs = hazards_of(
      [&] { parallel_for_each(v.extent.tile<16>(), [=, &sum] restrict_amp (tiled_index<16> t) { sum = v[t]; }); }, &message);
  ASSERT_EQ(count_kind(hs, "host memory access"), 1) << message;
  EXPECT_EQ(hs[0].memory, "host");
  EXPECT_EQ(hs[0].first.kind, "write");
}

// Several accesses on one line, reading and writing, through a raw pointer to host memory that the kernel
// captured by value: one finding for the line, not one per instruction.
TEST(HostMemory, ManyAccessesOnOneLineAreOneFinding) {
  std::vector<int> host(64, 1), data(16);
  array_view<int, 1> v(16, data);
  int* p = host.data();
  const int line = __LINE__ + 4;
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { p[t.global[0]] += p[t.global[0] + 1] * p[t.global[0] + 2] + p[t.global[0] + 3]; v[t] = 0; });
      },
      &message);
  ASSERT_EQ(count_kind(hs, "host memory access"), 1) << message;
  EXPECT_NE(hs[0].first.site.find(":" + std::to_string(line)), std::string::npos) << message;
}

// C++ AMP's own spelling, an array captured by reference: its elements live in host memory that no
// captured view carries to the device, so a GPU launch could not reach them. The checks say so, at the
// kernel's line; capturing an array_view of the array is the portable form (docs/porting.md).
TEST(HostMemory, AnArrayCapturedByReferenceIsHostMemoryAtTheKernelsLine) {
  array<int, 1> arr(16);
  const int line = __LINE__ + 4;
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(arr.extent.tile<16>(), [=, &arr] restrict_amp (tiled_index<16> t) { arr[t] = t.local[0]; });
      },
      &message);
  ASSERT_EQ(count_kind(hs, "host memory access"), 1) << message;
  EXPECT_NE(hs[0].first.site.find(":" + std::to_string(line)), std::string::npos) << message;
}

TEST(HostMemory, AGlobalVariableIsNamed) {
  host_counter = 5;
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  const auto hs = hazards_of([&] { parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[t] = host_counter; }); });
  ASSERT_EQ(count_kind(hs, "host memory access"), 1) << describe(hs);
  EXPECT_NE(hs[0].location.find("`host_counter`"), std::string::npos) << hs[0].location;
}

TEST(HostMemory, ConstantTablesAndTheKernelsOwnCapturesAreNotHostMemory) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  const int scale = 3;
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int local[3] = {t.local[0], 1, 2};
    v[t] = weights[t.local[0] % 4] * scale + local[t.local[0] % 3];
  }));
  v.synchronize();
  EXPECT_EQ(data[5], 2 * 3 + 2);
}

// --- non-tiled launches --------------------------------------------------------------------------------
TEST(NonTiledLaunches, EveryThreadWritingOneElementIsARaceBetweenThreads) {
  std::vector<int> data(64);
  array_view<int, 1> v(64, data);
  std::string message;
  const auto hs = hazards_of([&] { parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[0] = i[0]; }); }, &message);
  ASSERT_EQ(count_kind(hs, "race between threads"), 1) << message;
  EXPECT_NE(hs[0].first.thread.find("non-tiled"), std::string::npos) << hs[0].first.thread;
}

TEST(NonTiledLaunches, ElementwiseKernelsAreClean) {
  std::vector<int> a(1000, 2), b(1000);
  array_view<const int, 1> in(1000, a);
  array_view<int, 1> out(1000, b);
  EXPECT_NO_THROW(parallel_for_each(out.extent, [=] restrict_amp (index<1> i) { out[i] = in[i] * in[(i[0] + 1) % 1000]; }));
  out.synchronize();
  EXPECT_EQ(b[999], 4);
}

TEST(NonTiledLaunches, RaceReportIsTheSameAtEveryWorkerCount) {
  std::string reference;
  each_configuration({1u, 2u, 8u}, {emulator::get_options().seed}, [&](unsigned w, std::uint64_t) {
    std::vector<int> data(512);
    array_view<int, 1> v(512, data);
    std::string message;
    hazards_of([&] { parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[(i[0] + 1) % 512] = v[i] + 1; }); }, &message);
    EXPECT_NE(message.find("race between threads"), std::string::npos) << message;
    if (reference.empty()) reference = message;
    EXPECT_EQ(message, reference) << w << " workers";
  });
}

// --- spin-waits -----------------------------------------------------------------------------------------
TEST(SpinWaits, PollingAFlagNoThreadWillSetIsReportedAsAHangInsteadOfHanging) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int flag;
          if (t.local[0] == 0) flag = 0;
          t.barrier.wait();
          if (t.local[0] == 0)
            while (atomic_fetch_add(&flag, 0) == 0) {
            }
          v[t] = 1;
        });
      },
      &message);
  ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_NE(message.find("a hang"), std::string::npos) << message;
}

// Thread 0 first sums 32 values of tile_static memory (more locations than a poll is watched at), then
// polls a flag nothing sets: the poll is still judged (what a thread reads between its stores is tracked
// only once it has looked more than a computation's few times), and reported as a hang.
TEST(SpinWaits, PollingAfterReadingManyValuesIsStillReportedAsAHang) {
  std::vector<int> data(32);
  array_view<int, 1> v(32, data);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
          tile_static int values[32];
          tile_static int flag;
          values[t.local[0]] = t.local[0];
          if (t.local[0] == 0) flag = 0;
          t.barrier.wait();
          int sum = 0;
          if (t.local[0] == 0) {
            for (int k = 0; k < 32; ++k) sum += values[k];
            while (atomic_fetch_add(&flag, 0) == 0) {
            }
          }
          v[t] = sum;
        });
      },
      &message);
  ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_NE(message.find("a hang"), std::string::npos) << message;
}

// Thread 0 polls a flag that thread 15 sets, with no barrier between. Whether thread 0 waits at all is
// the thread order's (the seed's) to decide: where thread 15 runs first (seeds 2 and 3, for instance),
// thread 0 finds the flag set at its first look and never waits, so there is no wait to report. What must
// not depend on the seed is the check's recall: at every seed the report follows the wait, never as a
// hang (the tile goes on), and at seed 0 (local-index order) thread 0 runs first and does wait.
TEST(SpinWaits, WaitingForAnotherThreadsStoreWithoutABarrierIsReported) {
  each_configuration({emulator::get_options().workers}, {0, 1, 2, 3, 4, 5, 6, 7}, [](unsigned, std::uint64_t seed) {
    std::vector<int> data(16, -1);
    array_view<int, 1> v(16, data);
    std::string message;
    const auto hs = hazards_of(
        [&] {
          parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
            tile_static int flag;
            if (t.local[0] == 0) flag = 0;
            t.barrier.wait();
            if (t.local[0] == 0) {
              int looks = 0;
              while (atomic_fetch_add(&flag, 0) == 0) ++looks;
              v[t] = looks;  // 0: the flag was already set, nothing was waited for
            } else {
              if (t.local[0] == 15) atomic_exchange(&flag, 1);
              v[t] = 1;
            }
          });
        },
        &message);
    v.synchronize();
    const bool waited = data[0] > 0;
    EXPECT_EQ(count_kind(hs, "spin-wait without a barrier"), waited ? 1 : 0) << "seed " << seed << ": " << message;
    EXPECT_EQ(message.find("a hang"), std::string::npos) << "seed " << seed << ": " << message;
    EXPECT_EQ(data[15], 1) << "seed " << seed;  // the tile went on
    if (seed == 0) {
      EXPECT_TRUE(waited) << "at seed 0 thread 0 runs first, so it waits";
    }
  });
}

// A wait some thread must make whatever the order (each thread raises its flag, then waits for its
// neighbour's: the first thread to run always waits) is reported at every seed and worker count.
TEST(SpinWaits, AWaitEveryThreadOrderMakesIsReportedAtEverySeedAndWorkerCount) {
  each_configuration({1u, 2u, 8u}, {0, 1, 2, 3, 4, 5, 6, 7}, [](unsigned workers, std::uint64_t seed) {
    std::vector<int> data(32, 0);
    array_view<int, 1> v(32, data);
    std::string message;
    const auto hs = hazards_of(
        [&] {
          parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
            tile_static int ready[16];
            const int l = t.local[0];
            ready[l] = 0;
            t.barrier.wait();
            atomic_exchange(&ready[l], 1);
            while (atomic_fetch_add(&ready[(l + 1) % 16], 0) == 0) {
            }
            v[t] = 1;
          });
        },
        &message);
    v.synchronize();
    EXPECT_GE(count_kind(hs, "spin-wait without a barrier"), 1) << workers << " workers, seed " << seed << ": " << message;
    EXPECT_EQ(message.find("a hang"), std::string::npos) << workers << " workers, seed " << seed << ": " << message;
    EXPECT_EQ(data, std::vector<int>(32, 1)) << workers << " workers, seed " << seed;
  });
}

TEST(SpinWaits, ALongLoopOverManyAddressesIsNotASpin) {
  std::vector<int> in(1 << 16, 1), out(16);
  array_view<const int, 1> a(1 << 16, in);
  array_view<int, 1> v(16, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int sum = 0;
    for (int k = 0; k < (1 << 16); ++k) sum += a[k];
    v[t] = sum;
  }));
  v.synchronize();
  EXPECT_EQ(out[3], 1 << 16);
}

// A computation that reads the same two elements over and over looks like polling to a counter of reads,
// but nothing writes them: it cannot be waiting for another thread, and must run to its end.
constexpr int long_loop = 100000;

TEST(SpinWaits, ALongComputationOverTwoViewElementsNothingWritesIsNotAHang) {
  std::vector<int> ha(1, 2), hb(1, 3), out(16, 0);
  array_view<int, 1> a(1, ha), b(1, hb), v(16, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          int acc = 0;
          if (t.local[0] == 0)
            for (int k = 0; k < long_loop; ++k) acc += a[0] * b[0];
          v[t] = acc;
        });
        a.synchronize();
        b.synchronize();
        v.synchronize();
      },
      &message);
  EXPECT_TRUE(hs.empty()) << message;
  EXPECT_EQ(out[0], 6 * long_loop);
}

TEST(SpinWaits, EveryThreadComputingOverTheSameTwoElementsIsNotAHang) {
  std::vector<int> ha(1, 2), hb(1, 3), out(4, 0);
  array_view<int, 1> a(1, ha), b(1, hb), v(4, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
          int acc = 0;
          for (int k = 0; k < long_loop; ++k) acc += a[0] * b[0];
          v[t] = acc + t.local[0];
        });
        a.synchronize();
        b.synchronize();
        v.synchronize();
      },
      &message);
  EXPECT_TRUE(hs.empty()) << message;
  EXPECT_EQ(out, (std::vector<int>{6 * long_loop, 6 * long_loop + 1, 6 * long_loop + 2, 6 * long_loop + 3}));
}

// The loops below also read a view element, so that the compiler reloads the tile_static values on every
// iteration instead of reading them once before the loop.
TEST(SpinWaits, ALongComputationOverTileStaticValuesWrittenBeforeABarrierIsNotAHang) {
  std::vector<int> hw(1, 1), out(16, 0);
  array_view<int, 1> w(1, hw), v(16, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int s[2];
          if (t.local[0] < 2) s[t.local[0]] = t.local[0] + 2;
          t.barrier.wait();
          int acc = 0;
          if (t.local[0] == 5)
            for (int k = 0; k < long_loop; ++k) acc += s[0] * s[1] * w[0];
          v[t] = acc;
        });
      },
      &message);
  w.synchronize();
  v.synchronize();
  EXPECT_TRUE(hs.empty()) << message;
  EXPECT_EQ(out[5], 6 * long_loop);
}

TEST(SpinWaits, ALoopReadingItsOwnTileStaticSlotIsNotAHang) {
  std::vector<int> hw(1, 1), out(16, 0);
  array_view<int, 1> w(1, hw), v(16, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int s[16];
          s[t.local[0]] = t.local[0];
          int acc = 0;
          if (t.local[0] == 3)
            for (int k = 0; k < long_loop; ++k) acc += s[3] * w[0];
          v[t] = acc;
        });
        w.synchronize();
        v.synchronize();
      },
      &message);
  EXPECT_TRUE(hs.empty()) << message;
  EXPECT_EQ(out[3], 3 * long_loop);
}

TEST(SpinWaits, ALongComputationInANonTiledLaunchIsNotAHang) {
  std::vector<int> ha(1, 2), hb(1, 3), out(2, 0);
  array_view<int, 1> a(1, ha), b(1, hb), v(2, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent, [=] restrict_amp (index<1> i) {
          int acc = 0;
          for (int k = 0; k < long_loop; ++k) acc += a[0] * b[0];
          v[i] = acc;
        });
        a.synchronize();
        b.synchronize();
        v.synchronize();
      },
      &message);
  EXPECT_TRUE(hs.empty()) << message;
  EXPECT_EQ(out, std::vector<int>(2, 6 * long_loop));
}

// Every thread updates one tile_static maximum with atomic_fetch_max in every iteration of a long search
// over candidates it computes: once the maximum is found, most updates lose and change nothing, and other
// threads' winning updates change it while this one goes on. A lost update is not a look at memory: the
// threads are computing, not waiting, and must run to their end unreported.
TEST(SpinWaits, ALongSearchUpdatingAnAtomicMaximumIsNotAWait) {
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(extent<1>(8).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
          tile_static int best;
          if (t.local[0] == 0) best = 0;
          t.barrier.wait();
          for (int k = 0; k < 4 * long_loop; ++k) atomic_fetch_max(&best, ((k % 100003) * 7919 + t.global[0] * 104729) % 100003);
          t.barrier.wait();
          if (t.local[0] == 0) v[t.tile] = best;
        });
        v.synchronize();
      },
      &message);
  EXPECT_TRUE(hs.empty()) << message;
  std::vector<int> want(2, 0);
  for (int g = 0; g < 8; ++g)
    for (int k = 0; k < 4 * long_loop; ++k) want[g / 4] = std::max(want[g / 4], ((k % 100003) * 7919 + g * 104729) % 100003);
  EXPECT_EQ(out, want);
}

// The poller waits without a barrier (reported), but the thread that will set the flag is still
// computing: the flag can still change, so the tile is not stopped as a hang and finishes.
TEST(SpinWaits, APollerIsNotStoppedWhileAnotherThreadStillComputesWhatItWaitsFor) {
  std::vector<int> ha(1, 2), out(16, 0);
  array_view<int, 1> a(1, ha), v(16, out);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int flag;
          if (t.local[0] == 0) flag = 0;
          t.barrier.wait();
          int acc = 0;
          if (t.local[0] == 0) {
            while (atomic_fetch_add(&flag, 0) == 0) {
            }
          } else if (t.local[0] == 1) {
            for (int k = 0; k < 4 * long_loop; ++k) acc += a[0];
            atomic_exchange(&flag, 1);
          }
          v[t] = acc + 1;
        });
      },
      &message);
  a.synchronize();
  v.synchronize();
  ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_EQ(message.find("a hang"), std::string::npos) << message;
  EXPECT_EQ(out[0], 1);  // the poller went on once the flag was set
  EXPECT_EQ(out[1], 8 * long_loop + 1);
}

// Every thread counts itself in and waits for one thread too many: each waits for the others, none can
// change the count any more, so the wait is reported as a hang instead of hanging.
TEST(SpinWaits, ThreadsAllWaitingForEachOtherAreReportedAsAHang) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int arrived;
          if (t.local[0] == 0) arrived = 0;
          t.barrier.wait();
          atomic_fetch_add(&arrived, 1);
          while (atomic_fetch_add(&arrived, 0) < 17) {
          }
          v[t] = 1;
        });
      },
      &message);
  ASSERT_GE(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_NE(message.find("a hang"), std::string::npos) << message;
}

// A plain load loop that does reload: the other threads run when it has re-read the flag for a while,
// so the store it waits for is made, and the wait is reported. Seed 0 runs thread 0 first, so that it
// does wait (at other seeds thread 9 may store first: then only the race is reported).
TEST(SpinWaits, PollingWithPlainLoadsUntilAnotherThreadStoresIsReported) {
  const auto saved = emulator::get_options();
  emulator::set_seed(0);
  std::vector<int> hw(1, 1), data(16);
  array_view<int, 1> w(1, hw), v(16, data);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int flag;
          if (t.local[0] == 0) flag = 0;
          t.barrier.wait();
          if (t.local[0] == 0) {
            while (flag * w[0] == 0) {  // w[0] makes the compiler reload the flag
            }
          } else if (t.local[0] == 9) {
            flag = 1;
          }
          v[t] = 1;
        });
      },
      &message);
  emulator::set_options(saved);
  w.synchronize();
  v.synchronize();
  ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_EQ(message.find("a hang"), std::string::npos) << message;
  EXPECT_EQ(data[0], 1);
}

// Global memory: once no other tile runs, nothing can set the flag, at every worker count.
TEST(SpinWaits, PollingAGlobalFlagNoTileSetsIsReportedAsAHangAtEveryWorkerCount) {
  each_configuration({1u, 2u, 8u}, {emulator::get_options().seed}, [](unsigned workers, std::uint64_t) {
    std::vector<int> hf(1, 0), data(64);
    array_view<int, 1> flag(1, hf), v(64, data);
    std::string message;
    const auto hs = hazards_of(
        [&] {
          parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
            if (t.tile[0] == 1 && t.local[0] == 0)
              while (atomic_fetch_add(&flag[0], 0) == 0) {
              }
            v[t] = 1;
          });
        },
        &message);
    ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << workers << " workers: " << message;
    EXPECT_NE(message.find("a hang"), std::string::npos) << workers << " workers: " << message;
  });
}

TEST(SpinWaits, PollingInANonTiledLaunchForAStoreNoThreadMakesIsReportedAsAHang) {
  std::vector<int> hf(1, 0), data(4);
  array_view<int, 1> flag(1, hf), v(4, data);
  std::string message;
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent, [=] restrict_amp (index<1> i) {
          if (i[0] == 2)
            while (atomic_fetch_add(&flag[0], 0) == 0) {
            }
          v[i] = 1;
        });
      },
      &message);
  ASSERT_EQ(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_NE(message.find("a hang"), std::string::npos) << message;
}

// --- what reports name ------------------------------------------------------------------------------------
TEST(ReportContents, NamesTheTileStaticVariableAndTheBarrierInterval) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  const int barrier_line = __LINE__ + 5;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int partial[16];
      partial[t.local[0]] = 1;
      t.barrier.wait();
      partial[t.local[0]] = partial[(t.local[0] + 1) % 16];
    });
  });
  ASSERT_GE(count_kind(hs, "write after read") + count_kind(hs, "read after write"), 1) << describe(hs);
  for (const auto& h : hs) {
    if (h.memory != "tile_static") continue;
    EXPECT_NE(h.location.find("`partial`"), std::string::npos) << h.location;
    EXPECT_NE(h.interval.find("interval 1 of the tile, since the barrier at"), std::string::npos) << h.interval;
    EXPECT_NE(h.interval.find(":" + std::to_string(barrier_line)), std::string::npos) << h.interval;
  }
}

TEST(ReportContents, OutOfBoundsNamesTheKernelLineTheIndexTheExtentAndTheViewType) {
  std::vector<float> data(16);
  array_view<float, 1> v(16, data);
  const int line = __LINE__ + 3;
  try {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      v[t.global[0] + 1] = 1.0f;
    });
    FAIL() << "no out_of_bounds";
  } catch (const out_of_bounds& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("test_check_modes.cpp:" + std::to_string(line)), std::string::npos) << m;
    EXPECT_NE(m.find("index (16)"), std::string::npos) << m;
    EXPECT_NE(m.find("extent (16)"), std::string::npos) << m;
    EXPECT_NE(m.find("array_view<float, 1>"), std::string::npos) << m;
    EXPECT_NE(m.find("local (15)"), std::string::npos) << m;
  }
}

TEST_F(Modes, OutOfBoundsCheckCanBeSwitchedOff) {
  with([](emulator::options& o) { o.enabled_checks = o.enabled_checks.without(emulator::check::out_of_bounds); });
  std::vector<int> data(32, 0);
  array_view<int, 1> whole(32, data);
  array_view<int, 1> first_half = whole.section(index<1>(0), extent<1>(16));
  // Past the section's extent but inside the buffer: unchecked, as on a GPU.
  EXPECT_NO_THROW(parallel_for_each(extent<1>(16), [=] restrict_amp (index<1> i) { first_half[i[0] + 16] = 7; }));
  whole.synchronize();
  first_half.synchronize();
  EXPECT_EQ(data[31], 7);
}

}  // namespace

// A search that re-reads, with plain loads, a bound the other threads lower with atomic_fetch_min (MEM-3
// allows plain loads next to atomics): the bound changes while a thread re-reads it, but the thread goes
// on searching instead of leaving its loop when it changes. Computing, not waiting, at every seed and
// worker count.
TEST(SpinWaits, ASearchReReadingABoundOthersLowerIsNotAWait) {
  each_configuration({1u, 2u, 8u}, {0, 1, 7}, [](unsigned workers, std::uint64_t seed) {
    std::vector<int> out(2, 0);
    array_view<int, 1> v(2, out);
    std::string message;
    const auto hs = hazards_of(
        [&] {
          parallel_for_each(extent<1>(8).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
            tile_static int bound;
            if (t.local[0] == 0) bound = 1 << 30;
            t.barrier.wait();
            for (int k = 0; k < 4 * long_loop; ++k) {
              const int cost = ((k % 100003) * 7919 + t.global[0] * 104729) % 100003 + 1;
              if (cost < bound) atomic_fetch_min(&bound, cost);
            }
            t.barrier.wait();
            if (t.local[0] == 0) v[t.tile] = bound;
          });
          v.synchronize();
        },
        &message);
    EXPECT_TRUE(hs.empty()) << "workers " << workers << " seed " << seed << ": " << message;
    std::vector<int> want(2, 1 << 30);
    for (int g = 0; g < 8; ++g)
      for (int k = 0; k < 4 * long_loop; ++k) want[g / 4] = std::min(want[g / 4], ((k % 100003) * 7919 + g * 104729) % 100003 + 1);
    EXPECT_EQ(out, want);
  });
}

// Threads 0 .. Flags-1 of a 16-thread tile each raise a flag of their own, then poll all Flags in turn
// until every one is up; every thread then stores its local index + 1. Returns the findings; `message`
// gets the report.
template <int Flags>
std::vector<hazard_detected::hazard> poll_flags_in_turn(std::vector<int>& out, std::string& message) {
  out.assign(16, 0);
  array_view<int, 1> v(16, out);
  const auto hs = hazards_of(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int raised[Flags];
          const int l = t.local[0];
          if (l < Flags) raised[l] = 0;
          t.barrier.wait();
          if (l < Flags) {
            atomic_exchange(&raised[l], 1);
            int up = 0;
            while (up < Flags) {
              up = 0;
              for (int k = 0; k < Flags; ++k) up += atomic_fetch_add(&raised[k], 0);
            }
          }
          v[t] = l + 1;
        });
      },
      &message);
  v.synchronize();
  return hs;
}

// Six flags: six locations polled, every thread's wait reported, and the launch finishes instead of
// hanging.
TEST(SpinWaits, PollingSixFlagsInTurnIsReportedAndFinishes) {
  std::vector<int> out;
  std::string message;
  const auto hs = poll_flags_in_turn<6>(out, message);
  EXPECT_GE(count_kind(hs, "spin-wait without a barrier"), 1) << message;
  EXPECT_EQ(message.find("a hang"), std::string::npos) << message;
  for (int l = 0; l < 16; ++l) EXPECT_EQ(out[l], l + 1);
}

// Twelve flags: more locations than a poll is watched at, so the loop counts as a computation and is
// not judged; it still lets the other threads run every round, so it finishes.
TEST(SpinWaits, PollingMoreLocationsThanAreWatchedStillFinishes) {
  std::vector<int> out;
  std::string message;
  poll_flags_in_turn<12>(out, message);
  EXPECT_EQ(message.find("a hang"), std::string::npos) << message;
  for (int l = 0; l < 16; ++l) EXPECT_EQ(out[l], l + 1);
}
