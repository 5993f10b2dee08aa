// Barriers are a real rendezvous (BAR-2..BAR-5, BAR-10, TS-2).
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TEST(Barrier, ThousandTwentyFourThreadTileCrossesTwoHundredBarriersInLockstep) {
  // Each step every thread reads its neighbour's value from the previous step: without a real
  // rendezvous some thread would read a value from the wrong step.
  std::vector<int> out(2048, -1);
  array_view<int, 1> v(2048, out);
  parallel_for_each(v.extent.tile<1024>(), [=](tiled_index<1024> t) {
    tile_static int s[2][1024];
    const int l = t.local[0];
    s[0][l] = 0;
    t.barrier.wait();
    for (int step = 1; step <= 200; ++step) {
      s[step % 2][l] = s[(step - 1) % 2][(l + 1) % 1024] + 1;
      t.barrier.wait();
    }
    v[t] = s[200 % 2][l];
  });
  for (int x : out) ASSERT_EQ(x, 200);
}

TEST(Barrier, ThreadsAfterABarrierSeeEveryWriteMadeBeforeIt) {
  std::vector<int> out(256);
  array_view<int, 1> v(256, out);
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0] * 3;
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = s[63 - t.local[0]];
  });
  for (int g = 0; g < 256; ++g) ASSERT_EQ(out[g], (g / 64 * 64 + 63 - g % 64) * 3);
}

TEST(Barrier, GlobalMemoryFenceVariantExchangesThroughGlobalMemory) {
  std::vector<int> scratch(128, 0), out(128, 0);
  array_view<int, 1> s(128, scratch), v(128, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) {
    s[t] = t.global[0] + 100;
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[t.tile_origin[0] + 31 - t.local[0]];
  });
  for (int g = 0; g < 128; ++g) ASSERT_EQ(out[g], g / 32 * 32 + 31 - g % 32 + 100);
}

TEST(Barrier, FreeFencesInDivergentCodeAreNotDivergence) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) {
    if (t.local[0] == 0) all_memory_fence(t.barrier);
    if (t.local[0] % 2 == 1) global_memory_fence(t.barrier);
    if (t.local[0] > 4) tile_static_memory_fence(t.barrier);
    v[t] = 1;
  }));
  for (int x : out) ASSERT_EQ(x, 1);
}

TEST(Barrier, WaitCalledFromHostCodeThrowsUnsupportedFeature) {
  const auto t = detail::make_tiled_index<4, 0, 0>(index<1>(0), index<1>(0));
  EXPECT_THROW(t.barrier.wait(), unsupported_feature);
  EXPECT_THROW(all_memory_fence(t.barrier), unsupported_feature);
}

TEST(TileStatic, EachTileSeesItsOwnInstance) {
  std::vector<int> out(8 * 32, -1);
  array_view<int, 1> v(8 * 32, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) {
    tile_static int tile_id;
    if (t.local[0] == 0) tile_id = t.tile[0];
    t.barrier.wait();
    v[t] = tile_id;
  });
  for (int g = 0; g < 8 * 32; ++g) ASSERT_EQ(out[g], g / 32);
}

TEST(TileStatic, LivesUntilTheLastThreadOfTheTileLeaves) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) {
    tile_static int shared[16];
    shared[t.local[0]] = t.local[0] + 1;
    t.barrier.wait();
    if (t.local[0] == 0) return;  // after the last barrier: not divergence
    v[t] = shared[(t.local[0] + 1) % 16];
  });
  for (int l = 1; l < 16; ++l) ASSERT_EQ(out[l], (l + 1) % 16 + 1);
  EXPECT_EQ(out[0], 0);
}

}  // namespace
