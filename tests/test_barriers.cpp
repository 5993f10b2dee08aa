// Barriers are a real rendezvous of the whole tile (BAR-2..BAR-5, BAR-9, BAR-10); tile_static is one
// object per tile (TS-2, TS-3).
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// BAR-2: 1024 threads cross 200 barriers. Each step every thread reads its neighbour's value from the
// previous step: without a real rendezvous some thread would read a value from the wrong step.
TEST(Barrier, ThousandTwentyFourThreadTileCrossesTwoHundredBarriersInLockstep) {
  std::vector<int> out(2048, -1);
  array_view<int, 1> v(2048, out);
  parallel_for_each(v.extent.tile<1024>(), [=] restrict_amp (tiled_index<1024> t) {
    tile_static int s[2][1024];
    const int l = t.local[0];
    s[0][l] = l;
    t.barrier.wait();
    for (int step = 1; step <= 200; ++step) {
      s[step % 2][l] = s[(step - 1) % 2][(l + 1) % 1024] + 1;
      t.barrier.wait();
    }
    v[t] = s[200 % 2][l];
  });
  v.synchronize();
  for (int g = 0; g < 2048; ++g) ASSERT_EQ(out[g], (g % 1024 + 200) % 1024 + 200) << g;
}

enum class wait_kind { wait, all_memory, tile_static_memory, global_memory };

restrict_amp void cross(const tile_barrier& b, wait_kind k) {
  switch (k) {
    case wait_kind::wait: b.wait(); break;
    case wait_kind::all_memory: b.wait_with_all_memory_fence(); break;
    case wait_kind::tile_static_memory: b.wait_with_tile_static_memory_fence(); break;
    case wait_kind::global_memory: b.wait_with_global_memory_fence(); break;
  }
}

// The lockstep exchange over a 32x32 tile (1024 threads), through the memory the wait variant orders:
// tile_static for wait(), wait_with_all_memory_fence() and wait_with_tile_static_memory_fence(), global
// memory for wait_with_global_memory_fence() (BAR-2..BAR-4).
std::vector<int> lockstep_exchange(wait_kind kind, int steps) {
  constexpr int tiles = 2, n = 1024;
  std::vector<int> out(tiles * n, -1), scratch(2 * tiles * n, 0);
  array_view<int, 2> v(tiles * 32, 32, out);
  array_view<int, 2> g(2, tiles * n, scratch);
  parallel_for_each(v.extent.tile<32, 32>(), [=] restrict_amp (tiled_index<32, 32> t) {
    tile_static int s[2][n];
    const int l = t.local[0] * 32 + t.local[1];
    const int base = t.tile[0] * n;
    const bool global = kind == wait_kind::global_memory;
    if (global) g(0, base + l) = l;
    else s[0][l] = l;
    cross(t.barrier, kind);
    for (int step = 1; step <= steps; ++step) {
      if (global) g(step % 2, base + l) = g((step - 1) % 2, base + (l + 1) % n) + 1;
      else s[step % 2][l] = s[(step - 1) % 2][(l + 1) % n] + 1;
      cross(t.barrier, kind);
    }
    v[t] = global ? g(steps % 2, base + l) : s[steps % 2][l];
  });
  return out;
}

void expect_lockstep(wait_kind kind) {
  const int steps = 120;
  const auto out = lockstep_exchange(kind, steps);
  for (int k = 0; k < static_cast<int>(out.size()); ++k) ASSERT_EQ(out[k], (k % 1024 + steps) % 1024 + steps) << k;
}

TEST(Barrier, WaitIsARendezvousForAThirtyTwoByThirtyTwoTile) { expect_lockstep(wait_kind::wait); }
TEST(Barrier, WaitWithAllMemoryFenceIsARendezvousForAThirtyTwoByThirtyTwoTile) { expect_lockstep(wait_kind::all_memory); }
TEST(Barrier, WaitWithTileStaticMemoryFenceIsARendezvousForAThirtyTwoByThirtyTwoTile) {
  expect_lockstep(wait_kind::tile_static_memory);
}
TEST(Barrier, WaitWithGlobalMemoryFenceIsARendezvousThroughGlobalMemory) { expect_lockstep(wait_kind::global_memory); }

// BAR-2: every write before the barrier is visible to every thread of the tile after it.
TEST(Barrier, ThreadsAfterABarrierSeeEveryWriteMadeBeforeIt) {
  std::vector<int> out(256);
  array_view<int, 1> v(256, out);
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0] * 3;
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = s[63 - t.local[0]];
  });
  v.synchronize();
  for (int g = 0; g < 256; ++g) ASSERT_EQ(out[g], (g / 64 * 64 + 63 - g % 64) * 3);
}

// BAR-3: the global-memory variant orders array_view data within a tile.
TEST(Barrier, GlobalMemoryFenceVariantExchangesThroughGlobalMemory) {
  std::vector<int> scratch(128, 0), out(128, 0);
  array_view<int, 1> s(128, scratch), v(128, out);
  parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    s[t] = t.global[0] + 100;
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[t.tile_origin[0] + 31 - t.local[0]];
  });
  s.synchronize();
  v.synchronize();
  for (int g = 0; g < 128; ++g) ASSERT_EQ(out[g], g / 32 * 32 + 31 - g % 32 + 100);
}

// BAR-5: the free fences may be called in divergent code; that is not barrier divergence.
TEST(Barrier, FreeFencesInDivergentCodeAreNotDivergence) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) all_memory_fence(t.barrier);
    if (t.local[0] % 2 == 1) global_memory_fence(t.barrier);
    if (t.local[0] > 4) tile_static_memory_fence(t.barrier);
    for (int k = 0; k < t.local[0]; ++k) all_memory_fence(t.barrier);
    v[t] = 1;
  }));
  v.synchronize();
  for (int x : out) ASSERT_EQ(x, 1);
}

// BAR-5: a fence makes no thread wait for another; wait() does. The emulator runs one thread of a tile
// at a time and switches only at barriers (BAR-9), so with a fence the first thread to run records both
// of its events before any other thread records one; with wait() every thread records its first event
// before any records its second.
TEST(Barrier, AFreeFenceIsNotARendezvousButWaitIs) {
  auto events = [](bool use_wait) {
    std::vector<int> ev(32, -1), count(1, 0);
    array_view<int, 1> e(32, ev), c(1, count);
    parallel_for_each(extent<1>(16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      e[atomic_fetch_inc(&c[0])] = t.local[0];
      if (use_wait) t.barrier.wait();
      else all_memory_fence(t.barrier);
      e[atomic_fetch_inc(&c[0])] = t.local[0];
    });
    return ev;
  };
  const auto fenced = events(false);
  EXPECT_EQ(fenced[0], fenced[1]);
  auto waited = events(true);
  std::vector<int> first(waited.begin(), waited.begin() + 16);
  std::sort(first.begin(), first.end());
  for (int l = 0; l < 16; ++l) ASSERT_EQ(first[l], l) << "every thread's first event precedes every second event";
}

// BAR-10, ERR-5: barrier and fence calls from host code (outside a kernel) throw unsupported_feature.
TEST(Barrier, EveryWaitAndFenceCalledFromHostCodeThrowsUnsupportedFeature) {
  const auto t = detail::make_tiled_index<4, 0, 0>(index<1>(0), index<1>(0));
  EXPECT_THROW(t.barrier.wait(), unsupported_feature);
  EXPECT_THROW(t.barrier.wait_with_all_memory_fence(), unsupported_feature);
  EXPECT_THROW(t.barrier.wait_with_global_memory_fence(), unsupported_feature);
  EXPECT_THROW(t.barrier.wait_with_tile_static_memory_fence(), unsupported_feature);
  EXPECT_THROW(all_memory_fence(t.barrier), unsupported_feature);
  EXPECT_THROW(global_memory_fence(t.barrier), unsupported_feature);
  EXPECT_THROW(tile_static_memory_fence(t.barrier), unsupported_feature);
  int line = 0;
  try {
    line = __LINE__ + 1;
    t.barrier.wait();
    FAIL();
  } catch (const unsupported_feature& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("BAR-10"), std::string::npos) << what;
    EXPECT_NE(what.find("test_barriers.cpp:" + std::to_string(line)), std::string::npos) << what;
  }
}

// BAR-9: a thread may spin on another only with a barrier in the spin loop; the spec's tile-local lock
// (CAS to acquire, a barrier in the loop) terminates and gives mutual exclusion. The lock holder keeps the
// lock across a barrier, so the other threads really spin for many rounds.
TEST(Barrier, TileLocalLockWithABarrierInTheSpinLoopTerminatesWithMutualExclusion) {
  std::vector<int> counted(2, 0), rounds(128, 0);
  array_view<int, 1> c(2, counted), r(128, rounds);
  parallel_for_each(extent<1>(128).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int lock;
    tile_static int counter;
    tile_static int remaining;
    if (t.local[0] == 0) {
      lock = 0;
      counter = 0;
      remaining = 64;
    }
    t.barrier.wait();
    bool holding = false, done = false;
    int n = 0;
    for (;;) {
      if (!done) {
        if (holding) {
          counter += 1;  // only the holder touches counter, and holders are a barrier apart
          atomic_exchange(&lock, 0);
          done = true;
          atomic_fetch_dec(&remaining);
        } else {
          int expected = 0;
          holding = atomic_compare_exchange(&lock, &expected, 1);
        }
      }
      t.barrier.wait();
      const int left = remaining;  // tile-uniform: read right after a barrier, written only before it
      t.barrier.wait();
      ++n;
      if (left == 0) break;
    }
    r[t] = n;
    if (t.local[0] == 0) c[t.tile] = counter;
  });
  c.synchronize();
  r.synchronize();
  EXPECT_EQ(counted, (std::vector<int>{64, 64}));
  EXPECT_GE(*std::max_element(rounds.begin(), rounds.end()), 64);
}

// TS-2: one tile_static instance per tile; every thread of a tile sees its own tile's value.
TEST(TileStatic, EachTileSeesItsOwnInstance) {
  std::vector<int> out(8 * 32, -1);
  array_view<int, 1> v(8 * 32, out);
  parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int tile_id;
    if (t.local[0] == 0) tile_id = t.tile[0];
    t.barrier.wait();
    v[t] = tile_id;
  });
  v.synchronize();
  for (int g = 0; g < 8 * 32; ++g) ASSERT_EQ(out[g], g / 32);
}

TEST(TileStatic, EachTwoDimensionalTileSeesItsOwnArray) {
  std::vector<int> out(16 * 24, -1);
  array_view<int, 2> v(16, 24, out);
  parallel_for_each(v.extent.tile<4, 8>(), [=] restrict_amp (tiled_index<4, 8> t) {
    tile_static int s[4][8];
    s[t.local[0]][t.local[1]] = t.tile[0] * 100 + t.tile[1];
    t.barrier.wait();
    v[t] = s[3 - t.local[0]][7 - t.local[1]];
  });
  v.synchronize();
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 24; ++c) ASSERT_EQ(out[r * 24 + c], r / 4 * 100 + c / 8) << r << "," << c;
}

// TS-3: tile_static lives until the last thread of the tile leaves, even when one returns early.
TEST(TileStatic, LivesUntilTheLastThreadOfTheTileLeaves) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int shared[16];
    shared[t.local[0]] = t.local[0] + 1;
    t.barrier.wait();
    if (t.local[0] == 0) return;  // after the last barrier: not divergence
    v[t] = shared[(t.local[0] + 1) % 16];
  });
  v.synchronize();
  for (int l = 1; l < 16; ++l) ASSERT_EQ(out[l], (l + 1) % 16 + 1);
  EXPECT_EQ(out[0], 0);
}

}  // namespace
