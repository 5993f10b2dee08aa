// The tiling map (TIDX-2, TEXT-6): for every thread, local = global % dims, tile = global / dims and
// global = tile_origin + local, in 1, 2 and 3 dimensions; every point is visited exactly once.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

template <int D0, int D1, int D2, int N>
void expect_tiling_identities(const extent<N>& e) {
  std::vector<int> visits(e.size(), 0), bad(1, 0);
  array_view<int, N> v(e, visits);
  array_view<int, 1> b(1, bad);
  constexpr auto dims = tiled_extent<D0, D1, D2>::get_tile_extent();
  parallel_for_each(tiled_extent<D0, D1, D2>(e), [=](tiled_index<D0, D1, D2> t) {
    for (int d = 0; d < N; ++d) {
      if (t.local[d] != t.global[d] % dims[d] || t.tile[d] != t.global[d] / dims[d] ||
          t.global[d] != t.tile_origin[d] + t.local[d] || t.tile_origin[d] != t.tile[d] * dims[d])
        atomic_fetch_inc(&b[0]);
    }
    atomic_fetch_inc(&v[t.global]);
  });
  EXPECT_EQ(bad[0], 0);
  for (int x : visits) ASSERT_EQ(x, 1);
}

TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn1D) { expect_tiling_identities<16, 0, 0>(extent<1>(128)); }
TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn2D) { expect_tiling_identities<4, 8, 0>(extent<2>(12, 32)); }
TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn3D) { expect_tiling_identities<2, 3, 4>(extent<3>(4, 9, 8)); }

TEST(Tiling, SpecExampleThreadSixNineHasLocalOneOneTileOneTwoOriginFiveEight) {
  std::vector<int> seen(6, -1);
  array_view<int, 1> s(6, seen);
  parallel_for_each(extent<2>(20, 24).tile<5, 4>(), [=](tiled_index<5, 4> t) {
    if (t.global == index<2>(6, 9)) {
      s[0] = t.local[0];
      s[1] = t.local[1];
      s[2] = t.tile[0];
      s[3] = t.tile[1];
      s[4] = t.tile_origin[0];
      s[5] = t.tile_origin[1];
    }
  });
  EXPECT_EQ(seen, (std::vector<int>{1, 1, 1, 2, 5, 8}));
}

TEST(Tiling, PaddedLaunchWithABoundsGuardWritesExactlyTheData) {
  std::vector<int> data(100, 0);
  array_view<int, 1> v(100, data);
  parallel_for_each(v.extent.tile<32>().pad(), [=](tiled_index<32> t) {
    if (v.extent.contains(t.global)) v[t] += 1;
  });
  for (int x : data) ASSERT_EQ(x, 1);
}

TEST(Tiling, TruncatedLaunchNeverProcessesTheLeftover) {
  std::vector<int> data(20 * 20, 0);
  array_view<int, 2> v(20, 20, data);
  parallel_for_each(v.extent.tile<8, 8>().truncate(), [=](tiled_index<8, 8> t) { v[t] = 1; });
  for (int r = 0; r < 20; ++r)
    for (int c = 0; c < 20; ++c) ASSERT_EQ(data[r * 20 + c], (r < 16 && c < 16) ? 1 : 0) << r << "," << c;
}

TEST(Tiling, TiledIndexConvertsToItsGlobalIndex) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) { v[t] = t.global[0]; });
  for (int k = 0; k < 64; ++k) ASSERT_EQ(out[k], k);
}

TEST(NonTiled, EveryRankFromOneToFourVisitsEveryPointOnce) {
  std::vector<int> visits(2 * 3 * 4 * 5, 0);
  array_view<int, 4> v(extent<4>(2, 3, 4, 5), visits);
  parallel_for_each(v.extent, [=](index<4> i) { v[i] += 1; });
  for (int x : visits) ASSERT_EQ(x, 1);
  std::vector<int> one(7, 0);
  array_view<int, 1> w(7, one);
  parallel_for_each(w.extent, [=](index<1> i) { w[i] = i[0] * 2; });
  EXPECT_EQ(one, (std::vector<int>{0, 2, 4, 6, 8, 10, 12}));
}

TEST(NonTiled, AKernelsReturnValueIsIgnored) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) -> int {
    v[i] = 3;
    return 42;
  });
  EXPECT_EQ(out, (std::vector<int>{3, 3, 3, 3}));
}

}  // namespace
