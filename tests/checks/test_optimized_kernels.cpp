// The checks on kernels as an optimizing compiler leaves them (-O2, g++ and clang): loads of tile_static
// memory nothing in the program writes, helpers inlined into a kernel, loops turned into one store or a
// memset, barriers in helpers, races that need a thread order to show. Each finding must be there and name
// the line a person would fix.
#include "findings.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using namespace checks_test;
using tessera::index;

// The options changed by one test, restored after it.
class Optimized : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = emulator::get_options(); }
  void TearDown() override { emulator::set_options(saved_); }
  emulator::options saved_;
};

// --- tile_static memory no thread writes ------------------------------------------------------------
// The emulator's tile_static is a static thread_local: storage a compiler sees zero-initialized and, in a
// kernel that never writes it, never written. Unless it is opaque, the loads below are folded to zero and
// never reach the checks.

using TileStaticOpacity = Optimized;

TEST_F(TileStaticOpacity, AddingANeverWrittenTileStaticArrayToGlobalMemoryIsAnUninitializedRead) {
  std::vector<int> data(64, 1);
  array_view<int, 1> h(64, data);
  const int line = __LINE__ + 4;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(h.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int l[16];
      h[t.global] += l[t.local[0]];
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", line)) << describe(hs);
}

TEST_F(TileStaticOpacity, AccumulatingIntoANeverWrittenTileStaticArrayIsAnUninitializedRead) {
  std::vector<int> in(64, 1), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(64, out);
  const int line = __LINE__ + 4;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s[16];
      s[t.local[0]] += a[t.global];
      t.barrier.wait();
      b[t.global] = s[t.local[0]];
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", line)) << describe(hs);
}

TEST_F(TileStaticOpacity, ANeverWrittenTileStaticScalarReadAfterABarrierIsAnUninitializedRead) {
  std::vector<float> out(32, 0.0f);
  array_view<float, 1> b(32, out);
  const int line = __LINE__ + 5;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      tile_static float scale;
      t.barrier.wait();
      b[t.global] = scale * 2.0f;
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", line)) << describe(hs);
}

// --- where a finding is placed -----------------------------------------------------------------------

// Two helpers that store to one element, inlined into one kernel: the compiler may merge their stores
// into one instruction (with a location of neither), or keep both; the race is named at the helpers' lines.
restrict_amp void put_left(array_view<int, 1> v, int at, int value) { v[at] = value; }  // helper_left
restrict_amp void put_right(array_view<int, 1> v, int at, int value) { v[at] = value; }  // helper_right
const int helper_left = __LINE__ - 2;
const int helper_right = __LINE__ - 2;

using Placement = Optimized;

TEST_F(Placement, ARaceBetweenTwoInlinedHelpersIsNamedAtTheHelpersLines) {
  std::vector<int> data(4, 0);
  array_view<int, 1> v(4, data);
  const auto hs = hazards_of([&] {
    parallel_for_each(extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.local[0] % 2 == 0)
        put_left(v, t.tile[0], t.local[0]);
      else
        put_right(v, t.tile[0], t.local[0]);
    });
  });
  EXPECT_FALSE(hs.empty());
  for (const auto& h : hs) {
    EXPECT_TRUE(at_line(h.first.site, helper_left) || at_line(h.first.site, helper_right)) << describe(hs);
    if (h.has_second()) {
      EXPECT_TRUE(at_line(h.second.site, helper_left) || at_line(h.second.site, helper_right)) << describe(hs);
    }
    EXPECT_EQ(h.first.site.find("launch.hpp"), std::string::npos) << describe(hs);
  }
}

TEST_F(Placement, AZeroingLoopTheCompilerTurnsIntoAMemsetIsNamedAtItsStore) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  const int line = __LINE__ + 5;  // the store, not the `for` above it
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s[256];
      for (int i = 0; i < 256; ++i)
        s[i] = 0;  // every thread zeroes the whole array
      t.barrier.wait();
      v[t.global] = s[t.local[0]];
    });
  });
  EXPECT_TRUE(has(hs, "write after write", line)) << describe(hs);
  for (const auto& h : hs) EXPECT_TRUE(at_line(h.first.site, line)) << describe(hs);
}

TEST_F(Placement, TwoStoresOfALoopTheCompilerMergesIntoOneAreNamedAtTheStore) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  const int line = __LINE__ + 5;  // the store, not the `for` above it
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int pair[2];
      for (int i = 0; i < 2; ++i)
        pair[i] = t.local[0];  // every thread writes both slots
      t.barrier.wait();
      v[t.global] = pair[t.local[0] % 2];
    });
  });
  EXPECT_TRUE(has(hs, "write after write", line)) << describe(hs);
  for (const auto& h : hs) EXPECT_TRUE(at_line(h.first.site, line)) << describe(hs);
}

// A barrier in a helper called from both branches of a data-dependent `if`: the threads split at the two
// calls, and the report names both.
restrict_amp void stage(const tile_barrier& b) { b.wait(); }  // stage_wait
const int stage_wait = __LINE__ - 1;

TEST_F(Placement, DivergenceThroughABarrierHelperNamesTheKernelsTwoCalls) {
  std::vector<int> in(32), out(32, 0);
  for (int i = 0; i < 32; ++i) in[i] = (i * 7) % 3 == 0 ? 1 : -1;
  array_view<const int, 1> a(32, in);
  array_view<int, 1> b(32, out);
  const int first_call = __LINE__ + 5, second_call = __LINE__ + 8;
  std::string message;
  try {
    parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (a[t.global] > 0) {
        stage(t.barrier);
        b[t.global] = 1;
      } else {
        stage(t.barrier);
        b[t.global] = 1;  // the same as the other branch: a compiler may merge the two into one
      }
    });
  } catch (const barrier_divergence& e) {
    message = e.what();
  }
  ASSERT_FALSE(message.empty()) << "no divergence reported";
  EXPECT_NE(message.find(":" + std::to_string(first_call)), std::string::npos) << message;
  EXPECT_NE(message.find(":" + std::to_string(second_call)), std::string::npos) << message;
}

// The same with the helper left out of line: both threads' barrier call is the helper's one instruction,
// and only the return addresses (the kernel's two calls) tell the barriers apart.
[[gnu::noinline]] restrict_amp void stage_out_of_line(const tile_barrier& b) { b.wait(); }

TEST_F(Placement, DivergenceThroughAnOutOfLineBarrierHelperNamesTheKernelsTwoCalls) {
  std::vector<int> in(32), out(32, 0);
  for (int i = 0; i < 32; ++i) in[i] = (i * 5) % 3 == 0 ? 1 : -1;
  array_view<const int, 1> a(32, in);
  array_view<int, 1> b(32, out);
  const int first_call = __LINE__ + 5, second_call = __LINE__ + 8;
  std::string message;
  try {
    parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (a[t.global] > 0) {
        stage_out_of_line(t.barrier);
        b[t.global] = 1;
      } else {
        stage_out_of_line(t.barrier);
        b[t.global] = 1;  // the same as the other branch: a compiler may merge the two into one
      }
    });
  } catch (const barrier_divergence& e) {
    message = e.what();
  }
  ASSERT_FALSE(message.empty()) << "no divergence reported";
  EXPECT_NE(message.find(":" + std::to_string(first_call)), std::string::npos) << message;
  EXPECT_NE(message.find(":" + std::to_string(second_call)), std::string::npos) << message;
}

// A barrier helper called from one branch only: the report names the kernel's call, where the threads
// that wait there split from those that end.
TEST_F(Placement, DivergenceThroughABarrierHelperInOneBranchNamesTheKernelsCall) {
  std::vector<int> out(16, 0);
  array_view<int, 1> b(16, out);
  const int call = __LINE__ + 4;
  std::string message;
  try {
    parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.local[0] % 4 != 0) stage(t.barrier);
      b[t.global] = 1;
    });
  } catch (const barrier_divergence& e) {
    message = e.what();
  }
  ASSERT_FALSE(message.empty()) << "no divergence reported";
  EXPECT_NE(message.find(":" + std::to_string(call)), std::string::npos) << message;
  EXPECT_NE(message.find(":" + std::to_string(stage_wait)), std::string::npos) << message;
}

// Two out-of-line helpers racing on one element: each is named at its own line.
[[gnu::noinline]] restrict_amp void store_first(array_view<int, 1> v, int value) { v[0] = value; }  // store_first_line
[[gnu::noinline]] restrict_amp void store_second(array_view<int, 1> v, int value) { v[0] = value * 2; }
const int store_first_line = __LINE__ - 2, store_second_line = __LINE__ - 1;

TEST_F(Placement, ARaceBetweenTwoOutOfLineHelpersIsNamedAtTheHelpersLines) {
  std::vector<int> data(1, 0);
  array_view<int, 1> v(1, data);
  const auto hs = hazards_of([&] {
    parallel_for_each(extent<1>(16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.local[0] == 2) store_first(v, 1);
      if (t.local[0] == 9) store_second(v, 2);
    });
  });
  ASSERT_EQ(hs.size(), 1u) << describe(hs);
  EXPECT_TRUE(has(hs, "write after write", store_first_line)) << describe(hs);
  EXPECT_TRUE(has(hs, "write after write", store_second_line)) << describe(hs);
}

// --- findings that depend on the thread order or the worker count -------------------------------------

// Every thread takes a ticket; the threads holding tickets 3 and 5 write one of two elements, chosen by
// their local index: whether they collide is the thread order's. One order may not show the race;
// TESSERA_SEEDS (set_seeds) runs the launch in several, and the report says how many.
void tickets(array_view<int, 1> c, array_view<int, 1> v) {
  parallel_for_each(extent<1>(16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int ticket = atomic_fetch_add(&c[0], 1);
    if (ticket == 3 || ticket == 5) v[t.local[0] % 4 == 0 ? 0 : 1] = ticket;  // ticket_store
  });
}
const int ticket_store = __LINE__ - 3;

using ThreadOrders = Optimized;

TEST_F(ThreadOrders, OneOrderMayMissARaceThroughAnAtomicsReturnedValue) {
  int found = 0;
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    emulator::set_seed(seed);
    std::vector<int> counter(1, 0), out(2, 0);
    found += !hazards_of([&] { tickets(array_view<int, 1>(1, counter), array_view<int, 1>(2, out)); }).empty();
  }
  EXPECT_LT(found, 8) << "every single order showed the race: the kernel no longer needs several orders";
}

TEST_F(ThreadOrders, SeveralOrdersFindARaceThroughAnAtomicsReturnedValueAtEverySeed) {
  emulator::set_seeds(8);
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    emulator::set_seed(seed);
    std::vector<int> counter(1, 0), out(2, 0);
    std::string message;
    const auto hs = hazards_of([&] { tickets(array_view<int, 1>(1, counter), array_view<int, 1>(2, out)); }, &message);
    EXPECT_TRUE(has(hs, "write after write", ticket_store)) << "seed " << seed << ": " << describe(hs);
    EXPECT_NE(message.find("8 orders tried (TESSERA_SEEDS=8)"), std::string::npos) << message;
    EXPECT_EQ(counter[0], 16) << "each order starts from the launch's memory";
  }
}

TEST_F(ThreadOrders, AReportOfOneOrderSaysSo) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  std::string message;
  hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[0] = t.local[0]; });
  }, &message);
  EXPECT_NE(message.find("(thread order: TESSERA_SEED=0, 1 order tried)"), std::string::npos) << message;
}

TEST_F(ThreadOrders, SeveralOrdersLeaveARaceFreeKernelsResultsAsOneDoes) {
  emulator::set_seeds(4);
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[15 - t.local[0]] + 1;
  });
  v.synchronize();
  for (int x : data) EXPECT_EQ(x, 2);
}

TEST_F(Placement, OneKernelsFindingsAreTheSameAtOneWorkerAndAtTwo) {
  std::string reference;
  for (unsigned workers : {1u, 2u, 8u}) {
    emulator::set_workers(workers);
    std::vector<int> out(4, 0);
    array_view<int, 1> v(4, out);
    std::string message;
    const auto hs = hazards_of([&] {
      parallel_for_each(extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
        v[0] = t.local[0];
      }); }, &message);
    if (reference.empty()) reference = message;
    EXPECT_EQ(message, reference) << "workers " << workers;
  }
}

}  // namespace
