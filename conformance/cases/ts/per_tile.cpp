// TS-2, TS-3, TS-4, TS-7, TS-9, PROJ-3: what a tile_static variable is. One instance per tile (tiles
// running at the same time do not see each other's), alive until the tile's last thread leaves, with no
// initial value (a kernel that initializes before reading is exact whatever a previous tile left), a
// target for atomics, and usable up to 32 KiB per tile.
#include <tessera/conformance/case.hpp>

#include <algorithm>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Each tile's thread 0 stores the tile's index; after a barrier every thread reads its own tile's value,
// though the tiles run at the same time.
TESSERA_CASE(one_instance_per_tile, "TS-2", expect::pass) {
  constexpr int tile = 16, tiles = 24;
  std::vector<int> out(tile * tiles, -1);
  array_view<int, 1> v(tile * tiles, out);
  parallel_for_each(ctx.view(), v.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int owner;
    if (t.local[0] == 0) owner = t.tile[0];
    t.barrier.wait();
    v[t] = owner;
  });
  v.synchronize();
  std::vector<int> want(tile * tiles);
  for (int g = 0; g < tile * tiles; ++g) want[g] = g / tile;
  ctx.output("tile_of_each_thread", out, want);
}

// The same over a 2-D grid of tiles, with every thread writing its slot of a per-tile array.
TESSERA_CASE(one_array_instance_per_tile_of_a_2d_grid, "TS-2", expect::pass) {
  const int rows = 16, cols = 32;
  std::vector<int> out(rows * cols, -1);
  array_view<int, 2> v(rows, cols, out);
  parallel_for_each(ctx.view(), v.extent.tile<4, 8>(), [=] restrict_amp (tiled_index<4, 8> t) {
    tile_static int s[4][8];
    s[t.local[0]][t.local[1]] = t.tile[0] * 100 + t.tile[1] * 10 + t.local[0];
    t.barrier.wait();
    v[t] = s[3 - t.local[0]][7 - t.local[1]];
  });
  v.synchronize();
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) want[r * cols + c] = r / 4 * 100 + c / 8 * 10 + 3 - r % 4;
  ctx.output("own_tile_values", out, want);
}

// TS-3: a thread that returns after the last barrier does not end the variable's lifetime: the tile's
// other threads still read it afterwards.
TESSERA_CASE(lives_until_the_last_thread_of_the_tile_leaves, "TS-3", expect::pass) {
  const int n = 64;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int shared[16];
    shared[t.local[0]] = a[t];
    t.barrier.wait();
    if (t.local[0] < 4) return;  // after the last barrier: barrier-correct
    b[t] = shared[(t.local[0] + 13) % 16];  // reads slots of threads that have already returned too
  });
  b.synchronize();
  std::vector<int> want(n, 0);
  for (int g = 0; g < n; ++g)
    if (g % 16 >= 4) want[g] = in[g / 16 * 16 + (g % 16 + 13) % 16];
  ctx.output("read_after_others_left", out, want);
}

// TS-4 (the correct twin of reading undefined contents): each tile zeroes its accumulators before a
// barrier, then accumulates; the result is exact whatever an earlier tile left in that memory.
TESSERA_CASE(accumulators_zeroed_before_use_in_every_tile, "TS-4,TS-9", expect::pass) {
  constexpr int tile = 64, tiles = 8, bins = 8;
  auto in = ctx.random_ints(tile * tiles, 0, 1000);
  std::vector<int> out(tiles * bins, -1);
  array_view<const int, 1> a(tile * tiles, in);
  array_view<int, 2> b(tiles, bins, out);
  parallel_for_each(ctx.view(), a.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int acc[bins];
    const int l = t.local[0];
    if (l < bins) acc[l] = 0;
    t.barrier.wait();
    atomic_fetch_add(&acc[a[t] % bins], a[t]);
    t.barrier.wait();
    if (l < bins) b(t.tile[0], l) = acc[l];
  });
  b.synchronize();
  std::vector<int> want(tiles * bins, 0);
  for (int g = 0; g < tile * tiles; ++g) want[g / tile * bins + in[g] % bins] += in[g];
  ctx.output("sums_per_bin", out, want);
}

// TS-9: a tile-wide histogram with atomic_fetch_inc on tile_static bins, read after a barrier.
TESSERA_CASE(atomic_histogram_on_tile_static_bins, "TS-9,ATOM-2", expect::pass) {
  constexpr int tile = 256, tiles = 2, bins = 16;
  auto in = ctx.random_ints(tile * tiles, 0, bins - 1);
  std::vector<int> out(tiles * bins, -1);
  array_view<const int, 1> a(tile * tiles, in);
  array_view<int, 2> b(tiles, bins, out);
  parallel_for_each(ctx.view(), a.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int hist[bins];
    const int l = t.local[0];
    if (l < bins) hist[l] = 0;
    t.barrier.wait();
    atomic_fetch_inc(&hist[a[t]]);
    t.barrier.wait();
    if (l < bins) b(t.tile[0], l) = hist[l];
  });
  b.synchronize();
  std::vector<int> want(tiles * bins, 0);
  for (int g = 0; g < tile * tiles; ++g) ++want[g / tile * bins + in[g]];
  ctx.output("histogram", out, want);
}

// TS-9: atomic max, min, or and the old values of fetch_add on tile_static words.
TESSERA_CASE(atomic_max_min_or_on_tile_static, "TS-9,ATOM-3", expect::pass) {
  constexpr int tile = 128, tiles = 3;
  auto in = ctx.random_ints(tile * tiles, -100000, 100000);
  std::vector<int> out(tiles * 4, 0);
  array_view<const int, 1> a(tile * tiles, in);
  array_view<int, 2> b(tiles, 4, out);
  parallel_for_each(ctx.view(), a.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int w[4];
    const int l = t.local[0];
    if (l == 0) {
      w[0] = -2147483647 - 1;
      w[1] = 2147483647;
      w[2] = 0;
      w[3] = 0;
    }
    t.barrier.wait();
    atomic_fetch_max(&w[0], a[t]);
    atomic_fetch_min(&w[1], a[t]);
    atomic_fetch_or(&w[2], 1 << (l % 31));
    const int old = atomic_fetch_add(&w[3], 1);
    t.barrier.wait();
    if (l < 3) b(t.tile[0], l) = w[l];
    if (old == tile - 1) b(t.tile[0], 3) = w[3] * 1000 + old;  // the thread that saw the last old value
  });
  b.synchronize();
  std::vector<int> want(tiles * 4);
  for (int k = 0; k < tiles; ++k) {
    int mx = in[k * tile], mn = in[k * tile];
    for (int l = 0; l < tile; ++l) {
      mx = std::max(mx, in[k * tile + l]);
      mn = std::min(mn, in[k * tile + l]);
    }
    want[k * 4 + 0] = mx;
    want[k * 4 + 1] = mn;
    want[k * 4 + 2] = 0x7fffffff;
    want[k * 4 + 3] = tile * 1000 + tile - 1;
  }
  ctx.output("max_min_or_count", out, want);
}

// TS-7, PROJ-3: exactly 32768 bytes of tile_static, touched at both ends, is within the budget.
TESSERA_CASE(exactly_32_kib_of_tile_static_fits_the_budget, "TS-7,PROJ-3", expect::pass) {
  constexpr int words = 32768 / 4;
  constexpr int tile = 64;
  std::vector<int> out(tile * 2, 0);
  array_view<int, 1> v(tile * 2, out);
  parallel_for_each(ctx.view(), v.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int big[words];
    const int l = t.local[0];
    for (int k = l; k < words; k += tile) big[k] = k ^ t.tile[0];
    t.barrier.wait();
    int sum = 0;
    for (int k = 0; k < words / tile; ++k) sum += big[(l * 131 + k * tile) % words];
    v[t] = sum + big[words - 1 - l];
  });
  v.synchronize();
  std::vector<int> want(tile * 2);
  for (int g = 0; g < tile * 2; ++g) {
    const int l = g % tile, tl = g / tile;
    int sum = 0;
    for (int k = 0; k < words / tile; ++k) sum += ((l * 131 + k * tile) % words) ^ tl;
    want[g] = sum + ((words - 1 - l) ^ tl);
  }
  ctx.output("sums", out, want);
}

}  // namespace
