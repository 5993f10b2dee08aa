// The same inputs give the same outputs and the same diagnostics at any worker count and any seed
// (PFE-5, MEM-7); the seed really permutes the order of a tile's threads; the worker-count and seed API
// (tessera::emulator::set_workers / set_seed / get_options) does what it says.
#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// Restores the emulator's options after each test.
class Determinism : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = emulator::get_options(); }
  void TearDown() override { emulator::set_options(saved_); }
  static void configure(unsigned workers, std::uint64_t seed) {
    emulator::set_workers(workers);
    emulator::set_seed(seed);
  }
  emulator::options saved_;
};

const unsigned worker_counts[] = {1u, 2u, 8u};
const std::uint64_t seeds[] = {0u, 1u, 2u, 3u};

// A race-free kernel with floating-point arithmetic: per-tile tree reduction, then an inclusive scan.
// Float addition is not associative, so any change in the order of the additions would show in the bits.
std::vector<float> reduce_and_scan() {
  const int n = 64 * 256;
  std::vector<float> in(n), sums(64), scans(n);
  for (int k = 0; k < n; ++k) in[k] = 1.0f / (1 + k % 97) + 0.001f * (k % 13);
  array_view<const float, 1> vin(n, in);
  array_view<float, 1> vs(64, sums), vscan(n, scans);
  parallel_for_each(vin.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) {
    tile_static float s[256];
    tile_static float scan[2][256];
    const int l = t.local[0];
    s[l] = vin[t];
    scan[0][l] = vin[t];
    t.barrier.wait();
    for (int stride = 128; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    int src = 0;
    for (int offset = 1; offset < 256; offset *= 2) {
      scan[1 - src][l] = scan[src][l] + (l >= offset ? scan[src][l - offset] : 0.0f);
      src = 1 - src;
      t.barrier.wait();
    }
    if (l == 0) vs[t.tile] = s[0];
    vscan[t] = scan[src][l];
  });
  std::vector<float> all = sums;
  all.insert(all.end(), scans.begin(), scans.end());
  return all;
}

bool bit_identical(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](float x, float y) {
           return std::memcmp(&x, &y, sizeof x) == 0;
         });
}

// Diagnostics from every tile: a divergence in every tile, an exception from several threads, and an
// out-of-bounds access from several threads. Only the lowest tile's / thread's may be reported.
std::string diagnostics() {
  std::string out;
  try {
    parallel_for_each(extent<2>(16, 16).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
      if ((t.local[0] + t.local[1] + t.tile[0]) % 3 != 0) t.barrier.wait();
    });
  } catch (const barrier_divergence& e) {
    out += e.what();
  }
  try {
    parallel_for_each(extent<1>(4096).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
      t.barrier.wait();
      if (t.global[0] % 700 == 699) throw std::runtime_error("thread " + std::to_string(t.global[0]));
    });
  } catch (const kernel_exception& e) {
    out += e.what();
  }
  try {
    std::vector<int> data(100);
    array_view<int, 1> v(100, data);
    parallel_for_each(extent<1>(1024).tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      t.barrier.wait();
      if (t.global[0] % 300 == 299) v[t.global[0]] = 1;
    });
  } catch (const out_of_bounds& e) {
    out += e.what();
  }
  return out;
}

TEST_F(Determinism, RaceFreeKernelIsBitIdenticalForWorkerCountsOneTwoEightAndSeedsZeroToThree) {
  configure(1, 0);
  const auto reference = reduce_and_scan();
  for (unsigned workers : worker_counts)
    for (std::uint64_t seed : seeds) {
      configure(workers, seed);
      EXPECT_TRUE(bit_identical(reduce_and_scan(), reference)) << workers << " workers, seed " << seed;
    }
}

TEST_F(Determinism, DiagnosticsAreIdenticalForWorkerCountsOneTwoEightAndSeedsZeroToThree) {
  configure(1, 0);
  const std::string reference = diagnostics();
  EXPECT_TRUE(reference.find("barrier divergence in tile (0,0)") != std::string::npos) << reference;
  EXPECT_TRUE(reference.find("thread 699") != std::string::npos) << reference;
  EXPECT_TRUE(reference.find("index (299)") != std::string::npos) << reference;
  for (unsigned workers : worker_counts)
    for (std::uint64_t seed : seeds) {
      configure(workers, seed);
      EXPECT_EQ(diagnostics(), reference) << workers << " workers, seed " << seed;
    }
}

// Every thread writes its local index into one slot with no barrier in between (an order-dependent,
// racy kernel): the last writer wins, so the result shows the order in which the threads ran.
int last_writer() {
  std::vector<int> out(1, -1);
  array_view<int, 1> v(1, out);
  parallel_for_each(extent<1>(64).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int slot;
    slot = t.local[0];
    t.barrier.wait();
    if (t.local[0] == 0) v[0] = slot;
  });
  v.synchronize();
  return out[0];
}

TEST_F(Determinism, OrderDependentKernelDiffersBetweenSeedsButRepeatsForTheSameSeed) {
  configure(2, 0);
  EXPECT_EQ(last_writer(), 63);  // seed 0: local-index order
  std::set<int> seen;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    configure(2, seed);
    const int first = last_writer();
    EXPECT_EQ(last_writer(), first) << "seed " << seed << " twice";
    configure(8, seed);
    EXPECT_EQ(last_writer(), first) << "seed " << seed << " at 8 workers";
    configure(1, seed);
    EXPECT_EQ(last_writer(), first) << "seed " << seed << " at 1 worker";
    seen.insert(first);
  }
  EXPECT_GT(seen.size(), 2u) << "seeds should change the order";
}

// The order in which a tile's threads run within each barrier phase, as recorded by the threads.
std::vector<int> run_order(int phases) {
  std::vector<int> order(64 * phases, -1), count(1, 0);
  array_view<int, 1> o(64 * phases, order), c(1, count);
  parallel_for_each(extent<1>(64).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    for (int p = 0; p < phases; ++p) {
      o[atomic_fetch_inc(&c[0])] = t.local[0];
      t.barrier.wait();
    }
  });
  return order;
}

// Seed 0 runs every phase in local-index order; another seed runs a permutation that changes from phase
// to phase and is the same on every run.
TEST_F(Determinism, SeedZeroRunsLocalOrderAndOtherSeedsPermuteEachPhaseReproducibly) {
  configure(1, 0);
  const auto identity = run_order(3);
  for (int k = 0; k < 64 * 3; ++k) ASSERT_EQ(identity[k], k % 64);
  configure(1, 12345);
  const auto shuffled = run_order(3);
  std::vector<int> phase0(shuffled.begin(), shuffled.begin() + 64), phase1(shuffled.begin() + 64, shuffled.begin() + 128);
  EXPECT_NE(phase0, std::vector<int>(identity.begin(), identity.begin() + 64));
  EXPECT_NE(phase0, phase1);
  std::sort(phase0.begin(), phase0.end());
  for (int l = 0; l < 64; ++l) ASSERT_EQ(phase0[l], l) << "a phase runs every thread once";
  configure(2, 12345);
  EXPECT_EQ(run_order(3), shuffled);
}

// set_workers / set_seed change only their own field; get_options reports them; effective_workers
// resolves 0 to the hardware thread count; set_options validates.
TEST_F(Determinism, WorkerCountAndSeedAreSetThroughTheApi) {
  emulator::set_workers(3);
  emulator::set_seed(99);
  const auto o = emulator::get_options();
  EXPECT_EQ(o.workers, 3u);
  EXPECT_EQ(o.seed, 99u);
  EXPECT_EQ(o.stack_bytes, saved_.stack_bytes);
  EXPECT_EQ(o.checks, saved_.checks);
  EXPECT_EQ(emulator::effective_workers(), 3u);
  emulator::set_seed(7);
  EXPECT_EQ(emulator::get_options().workers, 3u);
  emulator::set_workers(0);
  EXPECT_EQ(emulator::get_options().seed, 7u);
  const unsigned hw = std::thread::hardware_concurrency();
  EXPECT_EQ(emulator::effective_workers(), hw == 0 ? 1u : hw);
  emulator::options tiny = emulator::get_options();
  tiny.stack_bytes = 1000;
  EXPECT_THROW(emulator::set_options(tiny), runtime_exception);
  EXPECT_EQ(emulator::get_options().stack_bytes, saved_.stack_bytes) << "a refused set_options changes nothing";
}

// The OS threads a launch runs on: one worker runs everything on the calling thread; N workers use at
// most N threads; all threads of one tile run on one OS thread (which is what makes tile_static, a
// thread_local on the host, per tile).
struct thread_record {
  std::mutex m;
  std::set<std::thread::id> all;
  std::vector<std::set<std::thread::id>> per_tile = std::vector<std::set<std::thread::id>>(256);
};

void record_threads(thread_record& r) {
  thread_record* const record = &r;  // host memory: this test looks at the emulator's own threads
  parallel_for_each(extent<1>(256 * 16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int k = 0; k < 3; ++k) {
      {
        std::lock_guard g(record->m);
        record->all.insert(std::this_thread::get_id());
        record->per_tile[t.tile[0]].insert(std::this_thread::get_id());
      }
      t.barrier.wait();
    }
  });
}

TEST_F(Determinism, WorkerCountBoundsTheThreadsAndATileStaysOnOneThread) {
  configure(1, 0);
  {
    thread_record r;
    record_threads(r);
    ASSERT_EQ(r.all.size(), 1u);
    EXPECT_EQ(*r.all.begin(), std::this_thread::get_id());
  }
  configure(4, 5);
  thread_record r;
  record_threads(r);
  EXPECT_LE(r.all.size(), 4u);
  for (const auto& s : r.per_tile) ASSERT_EQ(s.size(), 1u);
}

}  // namespace
