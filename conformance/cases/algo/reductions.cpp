// Tree reductions in tile_static memory through the shared kernels (tessera/kernels/reduction.hpp):
// widths 2 to 1024, sum and max, integers exact, floats exact because the oracle combines in the
// kernel's fixed order (GEN-3: no excess precision on any backend), padded tails, two-level totals.
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/reduction_oracle.hpp>

#include <algorithm>

namespace {
using namespace tessera;
using tessera::index;
namespace k = tessera::kernels;

// Per-tile sums of n seeded ints in [lo, hi] with Width-thread tiles, recorded against the oracle.
template <int Width, class Op = k::sum_op>
void partial_ints(conformance::context& ctx, int n, int lo, int hi, int per_thread = 1) {
  const auto in = ctx.random_ints(static_cast<std::size_t>(n), lo, hi);
  const int tiles = (n + Width * per_thread - 1) / (Width * per_thread);
  std::vector<int> out(static_cast<std::size_t>(tiles), 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> p(tiles, out);
  k::tile_reduce<Width, Op>(ctx.view(), a, p, per_thread);
  p.synchronize();
  ctx.output("partials", out, k::oracle::tile_reduce<Width, Op>(in, per_thread));
}

template <int Width, class Op = k::sum_op>
void partial_floats(conformance::context& ctx, const std::vector<float>& in) {
  const int n = static_cast<int>(in.size());
  const int tiles = (n + Width - 1) / Width;
  std::vector<float> out(static_cast<std::size_t>(tiles), 0.0f);
  array_view<const float, 1> a(n, in);
  array_view<float, 1> p(tiles, out);
  k::tile_reduce<Width, Op>(ctx.view(), a, p);
  p.synchronize();
  ctx.output("partials", out, k::oracle::tile_reduce<Width, Op>(in));
}

// A 2-thread tile: one tree step, one barrier between the store and the combination.
TESSERA_CASE(sum_width_2_int, "BAR-2,TS-2", expect::pass) { partial_ints<2>(ctx, 512, -1000, 1000); }

// 16 threads: four tree steps, each behind a barrier.
TESSERA_CASE(sum_width_16_int, "BAR-2,TS-2", expect::pass) { partial_ints<16>(ctx, 1024, -1000, 1000); }

// 64 threads (two warps on a GPU: the tree crosses warp boundaries).
TESSERA_CASE(sum_width_64_int, "BAR-2,TS-2", expect::pass) { partial_ints<64>(ctx, 2048, -100000, 100000); }

// 256 threads, the classic width.
TESSERA_CASE(sum_width_256_int, "BAR-2,TS-2,MEM-7", expect::pass) { partial_ints<256>(ctx, 4096, -100000, 100000); }

// 1024 threads, the largest tile: ten tree steps.
TESSERA_CASE(sum_width_1024_int, "BAR-2,TS-2,PROJ-4", expect::pass) { partial_ints<1024>(ctx, 3072, -100000, 100000); }

// Integral floats: every partial sum is an exact integer, so any order gives the oracle's bits.
TESSERA_CASE(sum_width_256_integral_floats, "BAR-2,GEN-3", expect::pass) {
  partial_floats<256>(ctx, ctx.random_integral_floats(2048, -1000, 1000));
}

// Arbitrary floats: the tree's order is fixed, and no backend may keep wider intermediates (GEN-3), so
// the partial sums equal the oracle's, which adds in the same order, bit for bit.
TESSERA_CASE(sum_width_64_floats_in_tree_order, "GEN-3,BAR-2", expect::pass) {
  partial_floats<64>(ctx, ctx.random_floats(2048, -1.0f, 1.0f));
}

// Maximum instead of sum, negative values included.
TESSERA_CASE(max_width_256_int, "BAR-2,TS-2", expect::pass) { partial_ints<256, k::max_op>(ctx, 2048, -1000000, 1000000); }

// Maximum of floats in 32-thread tiles (one warp on a GPU).
TESSERA_CASE(max_width_32_floats, "BAR-2,TS-2", expect::pass) {
  partial_floats<32, k::max_op>(ctx, ctx.random_floats(1024, -1000.0f, 1000.0f));
}

// Each thread first folds 16 elements strided by the width (coalesced loads), then the tile's tree:
// 2^14 elements in 4 tiles of 256 threads (the benchmarks' form, at a size that stays fast when checked).
TESSERA_CASE(sum_16_per_thread_of_2_14_ints, "BAR-2,TS-2", expect::pass) { partial_ints<256>(ctx, 1 << 14, -1000, 1000, 16); }

// A length that is no multiple of the width: the last tile's missing elements count as 0 (the guard).
TESSERA_CASE(sum_with_partial_last_tile, "BAR-2,TEXT-6", expect::pass) { partial_ints<64>(ctx, 1000, -1000, 1000); }

// A whole array reduced to one value by two launches (the second over the first's partial sums).
TESSERA_CASE(total_of_2_13_ints_in_two_launches, "BAR-2,BAR-11,PFE-6", expect::pass) {
  const int n = 1 << 13;
  const auto in = ctx.random_ints(n, -50000, 50000);
  array_view<const int, 1> a(n, in);
  const int got = k::reduce<128>(ctx.view(), a);
  ctx.output("total", got, k::oracle::reduce<128>(in));
  long long serial = 0;
  for (int x : in) serial += x;
  ctx.require(static_cast<long long>(got) == serial, "the total equals the serial sum");
}

// The maximum of a whole array (three launches with 16-thread tiles: 4096 -> 256 -> 16 -> 1).
TESSERA_CASE(maximum_of_4096_ints_in_three_launches, "BAR-2,PFE-6", expect::pass) {
  const int n = 4096;
  const auto in = ctx.random_ints(n, -1000000, 1000000);
  array_view<const int, 1> a(n, in);
  const int got = k::reduce<16, k::max_op>(ctx.view(), a);
  ctx.output("maximum", got, *std::max_element(in.begin(), in.end()));
}

}  // namespace
