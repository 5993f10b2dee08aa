// Everyday tiled patterns through the shared kernels: stencils with a halo in tile_static
// (tessera/kernels/stencil.hpp), histograms with tile_static atomics (histogram.hpp), bitonic sort within
// a tile (bitonic_sort.hpp), tile averages (tile_average.hpp), and a padded launch with a bounds guard.
// Several use non-square 2-D tiles, whose results depend on which local dimension is which.
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/bitonic_sort.hpp>
#include <tessera/kernels/bitonic_sort_oracle.hpp>
#include <tessera/kernels/histogram.hpp>
#include <tessera/kernels/histogram_oracle.hpp>
#include <tessera/kernels/stencil.hpp>
#include <tessera/kernels/stencil_oracle.hpp>
#include <tessera/kernels/tile_average.hpp>
#include <tessera/kernels/tile_average_oracle.hpp>

namespace {
using namespace tessera;
using tessera::index;
namespace k = tessera::kernels;

template <int TY, int TX, class T>
void stencil_2d(conformance::context& ctx, const std::vector<T>& in, int rows, int cols) {
  std::vector<T> out(in.size(), T(0));
  array_view<const T, 2> a(rows, cols, in);
  array_view<T, 2> b(rows, cols, out);
  k::stencil_5point<TY, TX>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("stencil", out, k::oracle::stencil_5point(in, rows, cols));
}

template <int Width, int Bins>
void histogram(conformance::context& ctx, int n, int lo, int hi) {
  const auto values = ctx.random_ints(static_cast<std::size_t>(n), lo, hi);
  std::vector<int> bins(Bins, 0);
  array_view<const int, 1> v(n, values);
  array_view<int, 1> h(Bins, bins);
  k::tile_histogram<Width, Bins>(ctx.view(), v, h);
  h.synchronize();
  ctx.output("bins", bins, k::oracle::histogram(values, Bins));
}

template <int Width, bool Ascending = true, class T>
void sort_tiles(conformance::context& ctx, std::vector<T> data) {
  const auto want = k::oracle::sort_tiles(data, Width, Ascending);
  array_view<T, 1> v(static_cast<int>(data.size()), data);
  k::bitonic_sort_tiles<Width, Ascending>(ctx.view(), v);
  v.synchronize();
  ctx.output("sorted", data, want);
}

template <int TY, int TX, class T>
void average(conformance::context& ctx, const std::vector<T>& in, int rows, int cols) {
  std::vector<T> out(in.size(), T(0));
  array_view<const T, 2> a(rows, cols, in);
  array_view<T, 2> b(rows, cols, out);
  k::tile_average<TY, TX>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("averages", out, k::oracle::tile_average(in, rows, cols, TY, TX));
}

// --- stencils ---------------------------------------------------------------------------------------

// 1-D three-point sum: the tile's edge threads load the halo; 1000 points in padded 64-thread tiles.
TESSERA_CASE(stencil_3_point_with_halo, "BAR-2,TS-2,TEXT-3", expect::pass) {
  const auto in = ctx.random_ints(1000, -1000, 1000);
  std::vector<int> out(1000, 0);
  array_view<const int, 1> a(1000, in);
  array_view<int, 1> b(1000, out);
  k::stencil_3point<64>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("stencil", out, k::oracle::stencil_3point(in));
}

// 2-D five-point Laplacian in square 16x16 tiles, 64x48 ints.
TESSERA_CASE(stencil_5_point_in_16x16_tiles, "BAR-2,TS-2", expect::pass) {
  stencil_2d<16, 16>(ctx, ctx.random_ints(64 * 48, -1000, 1000), 64, 48);
}

// The same in tall 16x8 tiles over a 50x37 extent (padded in both dimensions, guarded).
TESSERA_CASE(stencil_5_point_in_16x8_tiles_padded, "BAR-2,TEXT-3,TIDX-2", expect::pass) {
  stencil_2d<16, 8>(ctx, ctx.random_ints(50 * 37, -1000, 1000), 50, 37);
}

// Integral floats in tall 8x4 tiles, 32x32: exact.
TESSERA_CASE(stencil_5_point_integral_floats_in_8x4_tiles, "BAR-2,TIDX-2,GEN-3", expect::pass) {
  stencil_2d<8, 4>(ctx, ctx.random_integral_floats(32 * 32, -500, 500), 32, 32);
}

// --- histograms -------------------------------------------------------------------------------------

// 8 bins, 64-thread tiles: heavy contention on each tile_static bin.
TESSERA_CASE(histogram_8_bins_with_tile_static_atomics, "TS-9,ATOM-1,PFE-5", expect::pass) { histogram<64, 8>(ctx, 2000, 0, 7); }

// 64 bins, 256-thread tiles.
TESSERA_CASE(histogram_64_bins_with_tile_static_atomics, "TS-9,ATOM-1,ATOM-2", expect::pass) { histogram<256, 64>(ctx, 4096, 0, 63); }

// 1000 bins with 128-thread tiles: each thread zeroes and merges several bins.
TESSERA_CASE(histogram_1000_bins_more_than_threads, "TS-9,ATOM-1,BAR-2", expect::pass) { histogram<128, 1000>(ctx, 3000, 0, 999); }

// Values outside the bins are not counted (the kernel's own guard), 16 bins.
TESSERA_CASE(histogram_skips_values_outside_the_bins, "TS-9,ATOM-1", expect::pass) { histogram<32, 16>(ctx, 777, -5, 20); }

// --- bitonic sort -----------------------------------------------------------------------------------

// Four 256-element tiles, each sorted ascending.
TESSERA_CASE(bitonic_sort_256_element_tiles, "BAR-2,TS-2", expect::pass) {
  sort_tiles<256>(ctx, ctx.random_ints(1024, -1000000, 1000000));
}

// One 1024-element tile: 55 compare-exchange steps, a barrier after each.
TESSERA_CASE(bitonic_sort_1024_element_tile, "BAR-2,TS-2,PROJ-4", expect::pass) {
  sort_tiles<1024>(ctx, ctx.random_ints(1024, -1000000, 1000000));
}

// Descending, with many equal keys (values in [0, 7]).
TESSERA_CASE(bitonic_sort_descending_with_duplicates, "BAR-2,TS-2", expect::pass) {
  sort_tiles<64, false>(ctx, ctx.random_ints(512, 0, 7));
}

// Floats, ascending, 128-element tiles.
TESSERA_CASE(bitonic_sort_floats_128_element_tiles, "BAR-2,TS-2", expect::pass) {
  sort_tiles<128>(ctx, ctx.random_floats(512, -1.0f, 1.0f));
}

// --- tile averages ----------------------------------------------------------------------------------

// 2x2 tiles of ints (integer mean), 32x48.
TESSERA_CASE(tile_average_2x2_ints, "BAR-2,TS-2", expect::pass) {
  average<2, 2>(ctx, ctx.random_ints(32 * 48, -1000, 1000), 32, 48);
}

// 16x16 tiles of integral floats: the tree's sums are exact and the division by 256 is exact.
TESSERA_CASE(tile_average_16x16_floats, "BAR-2,TS-2", expect::pass) {
  average<16, 16>(ctx, ctx.random_integral_floats(32 * 64, -1000, 1000), 32, 64);
}

// 2x2 tiles of arbitrary floats: summed in row-major order, the oracle's order, so bit-exact (GEN-3).
TESSERA_CASE(tile_average_2x2_floats_in_fixed_order, "BAR-2,GEN-3", expect::pass) {
  average<2, 2>(ctx, ctx.random_floats(16 * 16, -1.0f, 1.0f), 16, 16);
}

// Tall 4x2 tiles (the tree over 8 elements), 16x16 integral floats.
TESSERA_CASE(tile_average_4x2_tiles, "BAR-2,TIDX-2", expect::pass) {
  average<4, 2>(ctx, ctx.random_integral_floats(16 * 16, -1000, 1000), 16, 16);
}

// The documentation's 4x6 sample (the tile_static keyword page) through the shared kernel.
TESSERA_CASE(tile_average_of_the_documented_sample, "BAR-2,TS-2", expect::pass) {
  const std::vector<int> sample{2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};
  std::vector<int> out(24, 0);
  array_view<const int, 2> a(4, 6, sample);
  array_view<int, 2> b(4, 6, out);
  k::tile_average<2>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("averages", out, std::vector<int>{3, 3, 8, 8, 3, 3, 3, 3, 8, 8, 3, 3, 5, 5, 2, 2, 4, 4, 5, 5, 2, 2, 4, 4});
}

// --- a padded launch with a bounds guard ------------------------------------------------------------

// extent (30, 45) in tall 8x4 tiles, padded to (32, 48): every real point records its tile and local
// index, the 111 padding threads store nothing (TEXT-3 rounds up, TEXT-6 keeps the launch legal).
TESSERA_CASE(padded_launch_guards_the_extra_threads, "TEXT-3,TEXT-6,TIDX-2", expect::pass) {
  const int rows = 30, cols = 45;
  std::vector<int> out(rows * cols, -1);
  array_view<int, 2> v(rows, cols, out);
  const auto domain = v.extent.tile<8, 4>().pad();
  ctx.require(domain[0] == 32 && domain[1] == 48, "pad() rounds (30,45) up to (32,48)");
  parallel_for_each(ctx.view(), domain, [=] restrict_amp (tiled_index<8, 4> t) {
    if (v.extent.contains(t.global)) v[t] = t.tile[0] * 10000 + t.tile[1] * 100 + t.local[0] * 10 + t.local[1];
  });
  v.synchronize();
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) want[r * cols + c] = r / 8 * 10000 + c / 4 * 100 + r % 8 * 10 + c % 4;
  ctx.output("recorded", out, want);
}

// --- which local indices a non-square tile hands out -------------------------------------------------

// A census of local indices in 4x8 tiles (a 16x32 launch): every thread counts its (local[0], local[1])
// in an 8x8 grid of tile_static counters with atomics, and the tile's first thread copies the grid out.
// Every tile sees each local index with local[0] < 4 and local[1] < 8 exactly once, nothing else. Unlike a
// square tile's results, this census changes if a backend swaps the local index's dimensions.
TESSERA_CASE(census_of_local_indices_in_4x8_tiles, "TIDX-1,TIDX-2,TS-9", expect::pass) {
  constexpr int D0 = 4, D1 = 8, S = 8, rows = 16, cols = 32;
  constexpr int tiles = (rows / D0) * (cols / D1);
  std::vector<int> out(tiles * S * S, -1);
  array_view<int, 2> census(tiles, S * S, out);
  parallel_for_each(ctx.view(), extent<2>(rows, cols).tile<D0, D1>(), [=] restrict_amp (tiled_index<D0, D1> t) {
    tile_static int seen[S * S];
    const bool first = t.local[0] == 0 && t.local[1] == 0;
    if (first)
      for (int b = 0; b < S * S; ++b) seen[b] = 0;
    t.barrier.wait();
    atomic_fetch_add(&seen[t.local[0] * S + t.local[1]], 1);
    t.barrier.wait();
    if (first)
      for (int b = 0; b < S * S; ++b) census(t.tile[0] * (cols / D1) + t.tile[1], b) = seen[b];
  });
  census.synchronize();
  std::vector<int> want(tiles * S * S, 0);
  for (int tile = 0; tile < tiles; ++tile)
    for (int l0 = 0; l0 < D0; ++l0)
      for (int l1 = 0; l1 < D1; ++l1) want[tile * S * S + l0 * S + l1] = 1;
  ctx.output("census", out, want);
}

}  // namespace
