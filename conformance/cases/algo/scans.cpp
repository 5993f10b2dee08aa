// Prefix sums through the shared kernels (tessera/kernels/scan.hpp): Hillis-Steele steps on a
// tile_static double buffer, inclusive and exclusive, tile widths 32 to 1024, padded tails, and scans of
// whole arrays over many tiles (tile totals scanned recursively, then a second launch adds the offsets).
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/scan.hpp>
#include <tessera/kernels/scan_oracle.hpp>

namespace {
using namespace tessera;
using tessera::index;
namespace k = tessera::kernels;
using k::scan_kind;

template <int Width, scan_kind Kind>
void tile_scan_ints(conformance::context& ctx, int n) {
  const auto in = ctx.random_ints(static_cast<std::size_t>(n), -1000, 1000);
  std::vector<int> out(static_cast<std::size_t>(n), 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  k::tile_scan<Width, Kind>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("scan", out, k::oracle::tile_scan(in, Kind, Width));
}

template <int Width, scan_kind Kind, class T>
void whole_scan(conformance::context& ctx, const std::vector<T>& in) {
  const int n = static_cast<int>(in.size());
  std::vector<T> out(in.size(), T(0));
  array_view<const T, 1> a(n, in);
  array_view<T, 1> b(n, out);
  k::scan<Width, Kind>(ctx.view(), a, b);
  b.synchronize();
  ctx.output("scan", out, k::oracle::scan(in, Kind));
}

// Inclusive scan of each 32-element tile (one warp on a GPU).
TESSERA_CASE(inclusive_scan_within_32_thread_tiles, "BAR-2,TS-2", expect::pass) {
  tile_scan_ints<32, scan_kind::inclusive>(ctx, 512);
}

// Exclusive scan of each 32-element tile: element 0 of every tile is 0.
TESSERA_CASE(exclusive_scan_within_32_thread_tiles, "BAR-2,TS-2", expect::pass) {
  tile_scan_ints<32, scan_kind::exclusive>(ctx, 512);
}

// Inclusive scan of each 256-element tile, with a partial last tile (padded launch, guarded stores).
TESSERA_CASE(inclusive_scan_within_256_thread_tiles_padded, "BAR-2,TEXT-3,TEXT-6", expect::pass) {
  tile_scan_ints<256, scan_kind::inclusive>(ctx, 1000);
}

// Exclusive scan of 1024-element tiles: ten double-buffered steps in the largest tile.
TESSERA_CASE(exclusive_scan_within_1024_thread_tiles, "BAR-2,TS-2,PROJ-4", expect::pass) {
  tile_scan_ints<1024, scan_kind::exclusive>(ctx, 2048);
}

// Every tile's total, kept by the tile's last thread, equals the sum of its elements.
TESSERA_CASE(tile_totals_of_a_scan, "BAR-2,TS-2", expect::pass) {
  const int n = 600;
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0), totals(10, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out), tv(10, totals);
  k::tile_scan<64, scan_kind::inclusive>(ctx.view(), a, b, tv);
  tv.synchronize();
  std::vector<int> want(10, 0);
  for (int i = 0; i < n; ++i) want[i / 64] += in[i];
  ctx.output("totals", totals, want);
}

// A whole-array inclusive scan over 79 tiles of 64 (the totals themselves need two tiles: three levels).
TESSERA_CASE(inclusive_scan_of_5000_ints_over_many_tiles, "BAR-2,BAR-11,PFE-6", expect::pass) {
  whole_scan<64, scan_kind::inclusive>(ctx, ctx.random_ints(5000, -1000, 1000));
}

// A whole-array exclusive scan over 24 tiles of 128.
TESSERA_CASE(exclusive_scan_of_3000_ints_over_many_tiles, "BAR-2,BAR-11,PFE-6", expect::pass) {
  whole_scan<128, scan_kind::exclusive>(ctx, ctx.random_ints(3000, -1000, 1000));
}

// Integral floats: every prefix sum is an exact integer, so the tree's order gives the serial bits.
TESSERA_CASE(inclusive_scan_of_integral_floats, "BAR-2,GEN-3", expect::pass) {
  whole_scan<256, scan_kind::inclusive>(ctx, ctx.random_integral_floats(2000, -100, 100));
}

}  // namespace
