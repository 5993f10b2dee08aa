// The tiling map (TIDX-1..TIDX-3, TEXT-6, PFE-1, PFE-5): for every thread, local = global % dims,
// tile = global / dims and global = tile_origin + local, in 1, 2 and 3 dimensions; every point of the
// domain is visited exactly once; pad() and truncate() launches cover what they should.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// Checks the TIDX-2 identities in every thread and counts visits per global index.
template <int D0, int D1, int D2, int N>
void expect_tiling_identities(const extent<N>& e) {
  std::vector<int> visits(e.size(), 0), bad(1, 0);
  array_view<int, N> v(e, visits);
  array_view<int, 1> b(1, bad);
  constexpr auto dims = tiled_extent<D0, D1, D2>::get_tile_extent();
  parallel_for_each(tiled_extent<D0, D1, D2>(e), [=] restrict_amp (tiled_index<D0, D1, D2> t) {
    for (int d = 0; d < N; ++d) {
      if (t.local[d] != t.global[d] % dims[d] || t.tile[d] != t.global[d] / dims[d] ||
          t.global[d] != t.tile_origin[d] + t.local[d] || t.tile_origin[d] != t.tile[d] * dims[d] ||
          t.local[d] < 0 || t.local[d] >= dims[d])
        atomic_fetch_inc(&b[0]);
    }
    atomic_fetch_inc(&v[t.global]);
  });
  v.synchronize();
  b.synchronize();
  EXPECT_EQ(bad[0], 0);
  for (int x : visits) ASSERT_EQ(x, 1);
}

TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn1D) { expect_tiling_identities<16, 0, 0>(extent<1>(128)); }
TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn2D) { expect_tiling_identities<4, 8, 0>(extent<2>(12, 32)); }
TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadIn3D) { expect_tiling_identities<2, 3, 4>(extent<3>(4, 9, 8)); }
TEST(Tiling, GlobalEqualsTileOriginPlusLocalForEveryThreadInNonSquare2DTiles) {
  expect_tiling_identities<5, 4, 0>(extent<2>(20, 24));
}

// TIDX-2, the spec's worked example: extent<2>(20,24).tile<5,4>() is 4x6 tiles; thread global (6,9) has
// local (1,1), tile (1,2), tile_origin (5,8).
TEST(Tiling, SpecExampleThreadSixNineHasLocalOneOneTileOneTwoOriginFiveEight) {
  std::vector<int> seen(6, -1), tiles(1, 0);
  array_view<int, 1> s(6, seen), n(1, tiles);
  parallel_for_each(extent<2>(20, 24).tile<5, 4>(), [=] restrict_amp (tiled_index<5, 4> t) {
    if (t.global == index<2>(6, 9)) {
      s[0] = t.local[0];
      s[1] = t.local[1];
      s[2] = t.tile[0];
      s[3] = t.tile[1];
      s[4] = t.tile_origin[0];
      s[5] = t.tile_origin[1];
    }
    if (t.local == index<2>(0, 0)) atomic_fetch_inc(&n[0]);
  });
  s.synchronize();
  n.synchronize();
  EXPECT_EQ(seen, (std::vector<int>{1, 1, 1, 2, 5, 8}));
  EXPECT_EQ(tiles[0], 4 * 6);
}

// TIDX-2 in 3-D: extent<3>(4,6,8).tile<2,3,4>() thread global (3,4,5) has local (1,1,1), tile (1,1,1),
// tile_origin (2,3,4).
TEST(Tiling, ThreeDimensionalThreadHasTheExpectedLocalTileAndOrigin) {
  std::vector<int> seen(9, -1);
  array_view<int, 1> s(9, seen);
  parallel_for_each(extent<3>(4, 6, 8).tile<2, 3, 4>(), [=] restrict_amp (tiled_index<2, 3, 4> t) {
    if (t.global == index<3>(3, 4, 5))
      for (int d = 0; d < 3; ++d) {
        s[d] = t.local[d];
        s[3 + d] = t.tile[d];
        s[6 + d] = t.tile_origin[d];
      }
  });
  s.synchronize();
  EXPECT_EQ(seen, (std::vector<int>{1, 1, 1, 1, 1, 1, 2, 3, 4}));
}

// TIDX-1 (MS Learn's example): an 8x9 matrix cut into 2x3 tiles; each thread writes its four indices
// at its global position and the host checks every entry against values it computes itself.
TEST(Tiling, EightByNineMatrixInTwoByThreeTilesHasTheExpectedIndicesAtEveryPoint) {
  constexpr int rows = 8, cols = 9;
  std::vector<int> g(rows * cols * 2), l(rows * cols * 2), ti(rows * cols * 2), o(rows * cols * 2);
  array_view<int, 3> vg(rows, cols, 2, g), vl(rows, cols, 2, l), vt(rows, cols, 2, ti), vo(rows, cols, 2, o);
  parallel_for_each(extent<2>(rows, cols).tile<2, 3>(), [=] restrict_amp (tiled_index<2, 3> t) {
    for (int d = 0; d < 2; ++d) {
      vg(t.global[0], t.global[1], d) = t.global[d];
      vl(t.global[0], t.global[1], d) = t.local[d];
      vt(t.global[0], t.global[1], d) = t.tile[d];
      vo(t.global[0], t.global[1], d) = t.tile_origin[d];
    }
  });
  vg.synchronize();
  vl.synchronize();
  vt.synchronize();
  vo.synchronize();
  const int dims[2] = {2, 3};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int at[2] = {r, c};
      for (int d = 0; d < 2; ++d) {
        const int k = (r * cols + c) * 2 + d;
        ASSERT_EQ(g[k], at[d]) << r << "," << c;
        ASSERT_EQ(l[k], at[d] % dims[d]) << r << "," << c;
        ASSERT_EQ(ti[k], at[d] / dims[d]) << r << "," << c;
        ASSERT_EQ(o[k], at[d] / dims[d] * dims[d]) << r << "," << c;
      }
    }
}

// TEXT-6: a launch on pad() runs one thread per point of the padded domain; with a bounds guard exactly
// the real data is written, once.
TEST(Tiling, PaddedLaunchRunsThePaddedDomainAndTheGuardWritesExactlyTheData) {
  std::vector<int> data(20 * 26, 0), threads(1, 0);
  array_view<int, 2> v(20, 26, data);
  array_view<int, 1> n(1, threads);
  parallel_for_each(v.extent.tile<8, 8>().pad(), [=] restrict_amp (tiled_index<8, 8> t) {
    atomic_fetch_inc(&n[0]);
    if (v.extent.contains(t.global)) v[t] += 1;
  });
  v.synchronize();
  n.synchronize();
  EXPECT_EQ(threads[0], 24 * 32);
  for (int x : data) ASSERT_EQ(x, 1);
}

TEST(Tiling, PaddedOneDimensionalLaunchWithABoundsGuardWritesExactlyTheData) {
  std::vector<int> data(100, 0);
  array_view<int, 1> v(100, data);
  parallel_for_each(v.extent.tile<32>().pad(), [=] restrict_amp (tiled_index<32> t) {
    if (v.extent.contains(t.global)) v[t] += 1;
  });
  v.synchronize();
  for (int x : data) ASSERT_EQ(x, 1);
}

// TEXT-6: after truncate() the leftover elements are never processed.
TEST(Tiling, TruncatedLaunchNeverProcessesTheLeftover) {
  std::vector<int> data(20 * 20, 0);
  array_view<int, 2> v(20, 20, data);
  parallel_for_each(v.extent.tile<8, 8>().truncate(), [=] restrict_amp (tiled_index<8, 8> t) { v[t] = 1; });
  v.synchronize();
  for (int r = 0; r < 20; ++r)
    for (int c = 0; c < 20; ++c) ASSERT_EQ(data[r * 20 + c], (r < 16 && c < 16) ? 1 : 0) << r << "," << c;
}

TEST(Tiling, TruncatedThreeDimensionalLaunchNeverProcessesTheLeftover) {
  std::vector<int> data(5 * 9 * 13, 0);
  array_view<int, 3> v(5, 9, 13, data);
  parallel_for_each(v.extent.tile<2, 4, 8>().truncate(), [=] restrict_amp (tiled_index<2, 4, 8> t) { v[t] += 1; });
  v.synchronize();
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 9; ++b)
      for (int c = 0; c < 13; ++c)
        ASSERT_EQ(data[(a * 9 + b) * 13 + c], (a < 4 && b < 8 && c < 8) ? 1 : 0) << a << "," << b << "," << c;
}

// TIDX-3: a tiled_index converts to index<N> as its global position, so av[t] == av[t.global].
TEST(Tiling, TiledIndexConvertsToItsGlobalIndex) {
  std::vector<int> out(64, 0), same(64, 0);
  array_view<int, 1> v(64, out), s(64, same);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    v[t] = t.global[0];
    const index<1> i = t;
    s[t.global] = (i == t.global) ? 1 : 0;
  });
  v.synchronize();
  s.synchronize();
  for (int k = 0; k < 64; ++k) {
    ASSERT_EQ(out[k], k);
    ASSERT_EQ(same[k], 1);
  }
}

// TIDX-1: inside the kernel the tile constants match the launch.
TEST(Tiling, TileConstantsInsideTheKernelMatchTheLaunch) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<3>(4, 4, 8).tile<2, 4, 8>(), [=] restrict_amp (tiled_index<2, 4, 8> t) {
    if (t.global == index<3>(0, 0, 0)) {
      v[0] = t.tile_dim0;
      v[1] = t.tile_dim1;
      v[2] = t.tile_dim2;
      v[3] = static_cast<int>(t.tile_extent.size());
    }
  });
  v.synchronize();
  EXPECT_EQ(out, (std::vector<int>{2, 4, 8, 64}));
}

// PFE-1, PFE-2: non-tiled launches of any rank visit every point once.
TEST(NonTiled, EveryRankFromOneToFourVisitsEveryPointOnce) {
  std::vector<int> visits(2 * 3 * 4 * 5, 0);
  const int dims[] = {2, 3, 4, 5};
  array_view<int, 4> v(extent<4>(dims), visits);
  parallel_for_each(v.extent, [=] restrict_amp (index<4> i) { v[i] += 1; });
  v.synchronize();
  for (int x : visits) ASSERT_EQ(x, 1);
  std::vector<int> one(7, 0);
  array_view<int, 1> w(7, one);
  parallel_for_each(w.extent, [=] restrict_amp (index<1> i) { w[i] = i[0] * 2; });
  v.synchronize();
  w.synchronize();
  EXPECT_EQ(one, (std::vector<int>{0, 2, 4, 6, 8, 10, 12}));
  std::vector<int> three(3 * 4 * 5, 0);
  array_view<int, 3> x(3, 4, 5, three);
  parallel_for_each(x.extent, [=] restrict_amp (index<3> i) { x[i] = (i[0] * 4 + i[1]) * 5 + i[2]; });
  v.synchronize();
  w.synchronize();
  x.synchronize();
  for (int k = 0; k < 60; ++k) ASSERT_EQ(three[k], k);
}

// PFE-7: any return value of the kernel is ignored.
TEST(NonTiled, AKernelsReturnValueIsIgnored) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) -> int {
    v[i] = 3;
    return 42;
  });
  v.synchronize();
  EXPECT_EQ(out, (std::vector<int>{3, 3, 3, 3}));
}

// PFE-7: a functor with a const operator() is a kernel too.
struct scale_by_tile {
  array_view<int, 1> out;
  int factor;
  restrict_amp void operator()(tiled_index<4> t) const { out[t] = t.tile[0] * factor; }
};

TEST(Kernel, AFunctorWithAConstCallOperatorIsAKernel) {
  std::vector<int> data(8, 0);
  array_view<int, 1> v(8, data);
  parallel_for_each(v.extent.tile<4>(), scale_by_tile{v, 10});
  v.synchronize();
  EXPECT_EQ(data, (std::vector<int>{0, 0, 0, 0, 10, 10, 10, 10}));
}

}  // namespace
