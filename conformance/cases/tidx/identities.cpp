// TIDX-1, TIDX-2, TIDX-3: what a tiled kernel thread is told about itself. Every thread writes its
// global, local, tile and tile_origin; the oracle computes them from the identities of §4.4.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Writes the four indices of every thread of a 2-D launch (rows x cols, tiles D0 x D1) as 8 ints each.
template <int D0, int D1>
std::vector<int> indices_2d(const accelerator_view& where, int rows, int cols) {
  std::vector<int> out(static_cast<std::size_t>(rows) * cols * 8, -1);
  array_view<int, 3> v(rows, cols, 8, out);
  parallel_for_each(where, extent<2>(rows, cols).tile<D0, D1>(), [=] restrict_amp (tiled_index<D0, D1> t) {
    for (int d = 0; d < 2; ++d) {
      v(t.global[0], t.global[1], d) = t.global[d];
      v(t.global[0], t.global[1], 2 + d) = t.local[d];
      v(t.global[0], t.global[1], 4 + d) = t.tile[d];
      v(t.global[0], t.global[1], 6 + d) = t.tile_origin[d];
    }
  });
  v.synchronize();
  return out;
}

std::vector<int> oracle_2d(int rows, int cols, int d0, int d1) {
  std::vector<int> out;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int g[2] = {r, c}, dims[2] = {d0, d1};
      for (int d = 0; d < 2; ++d) out.push_back(g[d]);
      for (int d = 0; d < 2; ++d) out.push_back(g[d] % dims[d]);
      for (int d = 0; d < 2; ++d) out.push_back(g[d] / dims[d]);
      for (int d = 0; d < 2; ++d) out.push_back(g[d] - g[d] % dims[d]);
    }
  return out;
}

// The spec's worked example: extent (20,24) in 5x4 tiles; thread (6,9) has local (1,1), tile (1,2).
TESSERA_CASE(worked_example_20x24_in_5x4_tiles, "TIDX-1,TIDX-2", expect::pass) {
  const auto got = indices_2d<5, 4>(ctx.view(), 20, 24);
  ctx.output("indices", got, oracle_2d(20, 24, 5, 4));
  const std::size_t at = (6 * 24 + 9) * 8;
  ctx.require(got[at + 2] == 1 && got[at + 3] == 1 && got[at + 4] == 1 && got[at + 5] == 2, "thread (6,9): local (1,1), tile (1,2)");
}

// The tiled index converts to its global index: av[t] and av[t.global] are the same element.
TESSERA_CASE(converts_to_global_index, "TIDX-3", expect::pass) {
  const int n = 96;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    const index<1> i = t;
    b[t] = a[i] * 2 + (a[t.global] == a[t] ? 1 : 0);
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = in[i] * 2 + 1;
  ctx.output("doubled", out, want);
}

// A launch whose extent is not a multiple of the tile throws invalid_compute_domain (TEXT-6, PFE-3).
TESSERA_CASE(indivisible_extent_throws, "TEXT-6,PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  std::vector<int> out(10);
  array_view<int, 1> v(10, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 1; });  // expect: throws
}

// A race on tile_static memory: every thread writes one slot with no barrier before reading another.
TESSERA_CASE(neighbour_read_without_barrier, "MEM-6,BAR-2", expect::hazard("read after write,write after read")) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];                    // expect: read after write, write after read
    v[t] = s[(t.local[0] + 1) % 64];                // expect: read after write, write after read, uninitialized read
  });
  v.synchronize();
}

}  // namespace
