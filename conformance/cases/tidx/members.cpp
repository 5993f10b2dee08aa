// TIDX-1, TIDX-2, TIDX-3: every member of tiled_index (global, local, tile, tile_origin, tile_dim0/1/2,
// tile_extent, get_tile_extent(), rank, the conversion to index) written by every thread, for tile shapes
// from 1 to 1024 threads at ranks 1, 2 and 3; the oracle derives them from the global index alone.
#include <tessera/conformance/case.hpp>

#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Values written per thread at rank R: global, local, tile, tile_origin (4R), tile_dimK (R),
// t.get_tile_extent() (R), tiled_index<...>::get_tile_extent() (R), rank, and whether index<R>(t) == t.global.
constexpr int per_thread(int r) { return 7 * r + 2; }

template <int D0, int D1, int D2>
std::vector<int> members(const accelerator_view& where, const extent<tiled_index<D0, D1, D2>::rank>& e) {
  constexpr int R = tiled_index<D0, D1, D2>::rank;
  constexpr int per = per_thread(R);
  static_assert(tiled_index<D0, D1, D2>::tile_extent == tiled_extent<D0, D1, D2>::get_tile_extent());
  static_assert(tiled_index<D0, D1, D2>::tile_extent[0] == D0);
  std::vector<int> out(static_cast<std::size_t>(e.size()) * per, -1);
  array_view<int, 2> o(static_cast<int>(e.size()), per, out);
  parallel_for_each(where, tiled_extent<D0, D1, D2>(e), [=] restrict_amp (tiled_index<D0, D1, D2> t) {
    int row = 0;
    for (int d = 0; d < R; ++d) row = row * e[d] + t.global[d];
    int k = 0;
    for (int d = 0; d < R; ++d) o(row, k++) = t.global[d];
    for (int d = 0; d < R; ++d) o(row, k++) = t.local[d];
    for (int d = 0; d < R; ++d) o(row, k++) = t.tile[d];
    for (int d = 0; d < R; ++d) o(row, k++) = t.tile_origin[d];
    o(row, k++) = t.tile_dim0;
    if constexpr (R >= 2) o(row, k++) = t.tile_dim1;
    if constexpr (R == 3) o(row, k++) = t.tile_dim2;
    const extent<R> te = t.get_tile_extent();
    for (int d = 0; d < R; ++d) o(row, k++) = te[d];
    // The static tile_extent member is checked at compile time above: nvcc does not allow a static
    // constexpr member of class type in device code, so kernels call the static get_tile_extent().
    const extent<R> se = tiled_index<D0, D1, D2>::get_tile_extent();
    for (int d = 0; d < R; ++d) o(row, k++) = se[d];
    o(row, k++) = t.rank;
    const index<R> g = t;
    o(row, k++) = (g == t.global) ? 1 : 0;
  });
  o.synchronize();
  return out;
}

// The oracle: local = global % dims, tile = global / dims, tile_origin = global - local (TIDX-2).
template <int R>
std::vector<int> oracle(const extent<R>& e, const int (&dims)[R]) {
  std::vector<int> out;
  int g[R] = {};
  for (unsigned n = 0; n < e.size(); ++n) {
    unsigned rest = n;
    for (int d = R - 1; d >= 0; --d) {
      g[d] = static_cast<int>(rest % static_cast<unsigned>(e[d]));
      rest /= static_cast<unsigned>(e[d]);
    }
    for (int d = 0; d < R; ++d) out.push_back(g[d]);
    for (int d = 0; d < R; ++d) out.push_back(g[d] % dims[d]);
    for (int d = 0; d < R; ++d) out.push_back(g[d] / dims[d]);
    for (int d = 0; d < R; ++d) out.push_back(g[d] - g[d] % dims[d]);
    for (int rep = 0; rep < 3; ++rep)
      for (int d = 0; d < R; ++d) out.push_back(dims[d]);
    out.push_back(R);
    out.push_back(1);
  }
  return out;
}

static_assert(tiled_index<16>::rank == 1 && tiled_index<2, 3>::rank == 2 && tiled_index<3, 5, 7>::rank == 3);
static_assert(std::is_same_v<decltype(tiled_index<2, 3>::global), const index<2>>);
static_assert(std::is_same_v<decltype(tiled_index<3, 5, 7>::tile_origin), const index<3>>);
static_assert(std::is_same_v<decltype(tiled_index<4>::barrier), const tile_barrier>);
static_assert(std::is_convertible_v<tiled_index<2, 3>, index<2>>);

// Rank 1 with tiles of 1, 7 and 1024 threads.
TESSERA_CASE(members_rank1_tiles_of_1_7_and_1024, "TIDX-1,TIDX-2,TIDX-3", expect::pass) {
  ctx.output("tile_1", members<1, 0, 0>(ctx.view(), extent<1>(17)), oracle<1>(extent<1>(17), {1}));
  ctx.output("tile_7", members<7, 0, 0>(ctx.view(), extent<1>(35)), oracle<1>(extent<1>(35), {7}));
  ctx.output("tile_1024", members<1024, 0, 0>(ctx.view(), extent<1>(2048)), oracle<1>(extent<1>(2048), {1024}));
}

// MS Learn's example: an 8x9 matrix in 2x3 tiles.
TESSERA_CASE(members_rank2_2x3_tiles_over_8x9, "TIDX-1,TIDX-2", expect::pass) {
  ctx.output("members", members<2, 3, 0>(ctx.view(), extent<2>(8, 9)), oracle<2>(extent<2>(8, 9), {2, 3}));
}

// 1x1 tiles: every thread is alone in its tile; local is 0 and tile equals global.
TESSERA_CASE(members_rank2_1x1_tiles, "TIDX-1,TIDX-2", expect::pass) {
  ctx.output("members", members<1, 1, 0>(ctx.view(), extent<2>(5, 7)), oracle<2>(extent<2>(5, 7), {1, 1}));
}

// 1024x1 and 1x1024 tiles at rank 2: the whole thread budget in one dimension.
TESSERA_CASE(members_rank2_1024x1_and_1x1024_tiles, "TIDX-1,TIDX-2", expect::pass) {
  ctx.output("tile_1024x1", members<1024, 1, 0>(ctx.view(), extent<2>(1024, 2)), oracle<2>(extent<2>(1024, 2), {1024, 1}));
  ctx.output("tile_1x1024", members<1, 1024, 0>(ctx.view(), extent<2>(2, 1024)), oracle<2>(extent<2>(2, 1024), {1, 1024}));
}

// An odd rank-3 shape: 3x5x7 tiles (105 threads) over (6,10,14).
TESSERA_CASE(members_rank3_3x5x7_tiles, "TIDX-1,TIDX-2", expect::pass) {
  ctx.output("members", members<3, 5, 7>(ctx.view(), extent<3>(6, 10, 14)), oracle<3>(extent<3>(6, 10, 14), {3, 5, 7}));
}

// Rank-3 tiles with D0 = 64, the largest allowed: 64x16x1 (1024 threads) and 64x1x2.
TESSERA_CASE(members_rank3_d0_64_tiles, "TIDX-1,TIDX-2", expect::pass) {
  ctx.output("tile_64x16x1", members<64, 16, 1>(ctx.view(), extent<3>(64, 16, 2)), oracle<3>(extent<3>(64, 16, 2), {64, 16, 1}));
  ctx.output("tile_64x1x2", members<64, 1, 2>(ctx.view(), extent<3>(128, 2, 2)), oracle<3>(extent<3>(128, 2, 2), {64, 1, 2}));
}

// The spec's 3-D identity check: (6,9,13) in 2x4x8 tiles has local (0,1,5), tile (3,2,1), origin (6,8,8).
TESSERA_CASE(members_rank3_worked_point, "TIDX-2", expect::pass) {
  const auto got = members<2, 4, 8>(ctx.view(), extent<3>(8, 12, 16));
  ctx.output("members", got, oracle<3>(extent<3>(8, 12, 16), {2, 4, 8}));
  const std::size_t at = static_cast<std::size_t>((6 * 12 + 9) * 16 + 13) * per_thread(3);
  std::vector<int> want{6, 9, 13, 0, 1, 5, 3, 2, 1, 6, 8, 8};
  ctx.output("point_6_9_13", std::vector<int>(got.begin() + static_cast<std::ptrdiff_t>(at), got.begin() + static_cast<std::ptrdiff_t>(at) + 12), want);
}

// The barrier member synchronizes the tile: each thread writes its slot of a tile_static array, waits on
// t.barrier, then reads the mirrored slot (rank 1, 2 and 3).
TESSERA_CASE(barrier_member_synchronizes_the_tile, "TIDX-1", expect::pass) {
  std::vector<int> o1(64, -1), o2(8 * 12, -1), o3(4 * 6 * 8, -1);
  array_view<int, 1> v1(64, o1);
  array_view<int, 2> v2(8, 12, o2);
  array_view<int, 3> v3(4, 6, 8, o3);
  parallel_for_each(ctx.view(), v1.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v1[t] = s[31 - t.local[0]];
  });
  parallel_for_each(ctx.view(), v2.extent.tile<4, 6>(), [=] restrict_amp (tiled_index<4, 6> t) {
    tile_static int s[4][6];
    s[t.local[0]][t.local[1]] = t.global[0] * 100 + t.global[1];
    t.barrier.wait();
    v2[t] = s[3 - t.local[0]][5 - t.local[1]];
  });
  parallel_for_each(ctx.view(), v3.extent.tile<2, 3, 4>(), [=] restrict_amp (tiled_index<2, 3, 4> t) {
    tile_static int s[2][3][4];
    s[t.local[0]][t.local[1]][t.local[2]] = t.global[0] * 10000 + t.global[1] * 100 + t.global[2];
    t.barrier.wait();
    v3[t] = s[1 - t.local[0]][2 - t.local[1]][3 - t.local[2]];
  });
  v1.synchronize();
  v2.synchronize();
  v3.synchronize();
  std::vector<int> w1, w2, w3;
  for (int g = 0; g < 64; ++g) w1.push_back(g / 32 * 32 + 31 - g % 32);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 12; ++x) w2.push_back((y / 4 * 4 + 3 - y % 4) * 100 + x / 6 * 6 + 5 - x % 6);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 8; ++x)
        w3.push_back((z / 2 * 2 + 1 - z % 2) * 10000 + (y / 3 * 3 + 2 - y % 3) * 100 + x / 4 * 4 + 3 - x % 4);
  ctx.output("rank1", o1, w1);
  ctx.output("rank2", o2, w2);
  ctx.output("rank3", o3, w3);
}

// TIDX-3 at ranks 2 and 3: av[t] and av[t.global] are the same element.
TESSERA_CASE(converts_to_global_index_rank2_and_rank3, "TIDX-3", expect::pass) {
  auto in2 = ctx.random_ints(12 * 10, -1000, 1000);
  auto in3 = ctx.random_ints(4 * 6 * 10, -1000, 1000);
  std::vector<int> out2(12 * 10, 0), out3(4 * 6 * 10, 0);
  array_view<const int, 2> a2(12, 10, in2);
  array_view<const int, 3> a3(4, 6, 10, in3);
  array_view<int, 2> b2(12, 10, out2);
  array_view<int, 3> b3(4, 6, 10, out3);
  parallel_for_each(ctx.view(), b2.extent.tile<3, 5>(), [=] restrict_amp (tiled_index<3, 5> t) {
    const index<2> i = t;
    b2[t] = a2[i] * 2 + (a2[t.global] == a2[t] ? 1 : 0);
  });
  parallel_for_each(ctx.view(), b3.extent.tile<2, 3, 5>(), [=] restrict_amp (tiled_index<2, 3, 5> t) {
    const index<3> i = t;
    b3[t] = a3[i] * 2 + (a3[t.global] == a3[t] ? 1 : 0);
  });
  b2.synchronize();
  b3.synchronize();
  std::vector<int> w2(in2.size()), w3(in3.size());
  for (std::size_t i = 0; i < in2.size(); ++i) w2[i] = in2[i] * 2 + 1;
  for (std::size_t i = 0; i < in3.size(); ++i) w3[i] = in3[i] * 2 + 1;
  ctx.output("rank2", out2, w2);
  ctx.output("rank3", out3, w3);
}

// TIDX-5: a kernel over tiled_extent<D0,D1,D2> takes tiled_index<D0,D1,D2> with the same sizes: a
// kernel for other sizes is not callable with it (the launch does not compile), and the matching one runs.
template <class K>
constexpr bool takes_4 = std::is_invocable_v<const K&, tiled_index<4>>;
template <class K>
constexpr bool takes_8 = std::is_invocable_v<const K&, tiled_index<8>>;
template <class K>
constexpr bool takes_4x2 = std::is_invocable_v<const K&, tiled_index<4, 2>>;
template <class K>
constexpr bool takes_2x4 = std::is_invocable_v<const K&, tiled_index<2, 4>>;

TESSERA_CASE(kernel_tile_sizes_match_the_domain, "TIDX-5", expect::pass) {
  std::vector<int> out(16, 0), out2(8 * 8, 0);
  array_view<int, 1> v(16, out);
  array_view<int, 2> v2(8, 8, out2);
  auto k4 = [=] restrict_amp (tiled_index<4> t) { v[t] = t.local[0] + 1; };
  auto k42 = [=] restrict_amp (tiled_index<4, 2> t) { v2[t] = t.local[0] * 10 + t.local[1]; };
  static_assert(takes_4<decltype(k4)> && !takes_8<decltype(k4)>, "tiled_index<4> is not tiled_index<8>");
  static_assert(takes_4x2<decltype(k42)> && !takes_2x4<decltype(k42)>, "tiled_index<4,2> is not tiled_index<2,4>");
  static_assert(!std::is_convertible_v<tiled_index<4>, tiled_index<8>>);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), k4);
  parallel_for_each(ctx.view(), v2.extent.tile<4, 2>(), k42);
  v.synchronize();
  v2.synchronize();
  std::vector<int> want(16), want2;
  for (int i = 0; i < 16; ++i) want[i] = i % 4 + 1;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) want2.push_back(y % 4 * 10 + x % 2);
  ctx.output("rank1", out, want);
  ctx.output("rank2", out2, want2);
}

}  // namespace
