// Correct kernels of the everyday tiled patterns: exchanges across the right fences, different fields of
// one tile_static struct, broadcasts, tile_static reused across barrier phases, 2-D and 3-D tiles, a
// stencil with a halo, a padded domain, uniform loops with barriers, a fence in divergent code, and
// threads that return after the last barrier. The emulator's checks must not report any of them; each
// records its result against a serial oracle. The 2x2 tile average is the shared kernel
// (tessera/kernels/tile_average.hpp).
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/tile_average.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// An exchange through tile_static across wait_with_tile_static_memory_fence().
TESSERA_CASE(exchange_across_tile_static_fence, "BAR-4,MEM-9", expect::pass) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = t.global[0] * 10;
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = s[15 - l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = ((g / 16) * 16 + 15 - g % 16) * 10;
  ctx.output("exchange", out, want);
}

// An exchange through global memory across wait_with_global_memory_fence(), inside each tile.
TESSERA_CASE(exchange_through_global_across_global_fence, "BAR-3,MEM-9", expect::pass) {
  std::vector<int> hs(64, 0), out(64, 0);
  array_view<int, 1> scratch(64, hs), v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int l = t.local[0];
    scratch[t] = t.global[0] + 100;
    t.barrier.wait_with_global_memory_fence();
    v[t] = scratch[t.tile_origin[0] + (l + 3) % 16];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = (g / 16) * 16 + (g % 16 + 3) % 16 + 100;
  ctx.output("exchange", out, want);
}

struct pair_of_ints {
  int first;
  int second;
};

// Two threads write different fields of one tile_static struct in one interval (byte-precise, MEM-3).
TESSERA_CASE(different_fields_of_one_struct, "MEM-3,TS-2", expect::pass) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static pair_of_ints p;
    const int l = t.local[0];
    if (l == 0) p.first = t.tile[0] + 1;
    if (l == 1) p.second = 10 * (t.tile[0] + 1);
    t.barrier.wait();
    v[t] = p.first + p.second + l;
  });
  v.synchronize();
  std::vector<int> want(32);
  for (int g = 0; g < 32; ++g) want[g] = 11 * (g / 16 + 1) + g % 16;
  ctx.output("fields", out, want);
}

// One thread stores a value, every thread reads it after a barrier.
TESSERA_CASE(broadcast_one_value, "BAR-2,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, -1000, 1000);
  std::vector<int> out(128, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> v(128, out);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int first;
    if (t.local[0] == 0) first = a[t];
    t.barrier.wait();
    v[t] = a[t] - first;
  });
  v.synchronize();
  std::vector<int> want(128);
  for (int i = 0; i < 128; ++i) want[i] = in[i] - in[(i / 32) * 32];
  ctx.output("broadcast", out, want);
}

// One tile_static array holds the input, then its reverse doubled, then is read rotated: every reuse is
// separated from the previous phase's reads by a barrier.
TESSERA_CASE(tile_static_reused_across_phases, "MEM-5,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -500, 500);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    const int reversed = s[15 - l];
    t.barrier.wait();
    s[l] = 2 * reversed;
    t.barrier.wait();
    v[t] = s[(l + 1) % 16];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = 2 * in[(g / 16) * 16 + 15 - (g % 16 + 1) % 16];
  ctx.output("phases", out, want);
}

// 3-D tiles of 2x4x4 on a 4x8x8 domain: each tile sums its 32 elements in a 3-D tile_static array.
TESSERA_CASE(three_dimensional_tiles, "TIDX-2,TS-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(4 * 8 * 8, -100, 100);
  std::vector<int> out(2 * 2 * 2, 0);
  array_view<const int, 3> a(4, 8, 8, in);
  array_view<int, 3> sums(2, 2, 2, out);
  parallel_for_each(ctx.view(), a.extent.tile<2, 4, 4>(), [=] restrict_amp (tiled_index<2, 4, 4> t) {
    tile_static int s[2][4][4];
    const int z = t.local[0], y = t.local[1], x = t.local[2];
    s[z][y][x] = a[t];
    t.barrier.wait();
    if (x == 0) s[z][y][0] += s[z][y][1] + s[z][y][2] + s[z][y][3];
    t.barrier.wait();
    if (x == 0 && y == 0) s[z][0][0] += s[z][1][0] + s[z][2][0] + s[z][3][0];
    t.barrier.wait();
    if (x == 0 && y == 0 && z == 0) sums[t.tile] = s[0][0][0] + s[1][0][0];
  });
  sums.synchronize();
  std::vector<int> want(8, 0);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) want[(z / 2) * 4 + (y / 4) * 2 + x / 4] += in[z * 64 + y * 8 + x];
  ctx.output("tile_sums", out, want);
}

// 3-D tiles of 2x4x4: every thread writes its slot, then reads the slot mirrored in all three
// dimensions of the tile after a barrier.
TESSERA_CASE(three_dimensional_tiles_mirrored, "TIDX-2,TS-1", expect::pass) {
  std::vector<int> out(4 * 8 * 8);
  array_view<int, 3> v(4, 8, 8, out);
  parallel_for_each(ctx.view(), v.extent.tile<2, 4, 4>(), [=] restrict_amp (tiled_index<2, 4, 4> t) {
    tile_static int s[2][4][4];
    s[t.local[0]][t.local[1]][t.local[2]] = t.global[0] * 100 + t.global[1] * 10 + t.global[2];
    t.barrier.wait();
    v[t] = s[1 - t.local[0]][3 - t.local[1]][3 - t.local[2]];
  });
  v.synchronize();
  std::vector<int> want(4 * 8 * 8);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) {
        const int mz = (z / 2) * 2 + 1 - z % 2, my = (y / 4) * 4 + 3 - y % 4, mx = (x / 4) * 4 + 3 - x % 4;
        want[(z * 8 + y) * 8 + x] = mz * 100 + my * 10 + mx;
      }
  ctx.output("mirror", out, want);
}

// 2x2 tiles average a 16x16 image into an 8x8 one (small integers: the sum and the division by 4 are
// exact on every backend). The shared tile_average<2> gives every element of a tile the tile's average;
// the 8x8 image is each tile's top-left element.
TESSERA_CASE(two_by_two_tile_average, "TS-2,BAR-2", expect::pass) {
  const std::vector<float> in = ctx.random_integral_floats(256, -16, 16);
  std::vector<float> averaged(256, 0.0f), out(64, 0.0f);
  array_view<const float, 2> a(16, 16, in);
  array_view<float, 2> b(16, 16, averaged);
  tessera::kernels::tile_average<2>(ctx.view(), a, b);
  b.synchronize();
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) out[r * 8 + c] = averaged[2 * r * 16 + 2 * c];
  std::vector<float> want(64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      want[r * 8 + c] = (in[2 * r * 16 + 2 * c] + in[2 * r * 16 + 2 * c + 1] + in[(2 * r + 1) * 16 + 2 * c] +
                         in[(2 * r + 1) * 16 + 2 * c + 1]) /
                        4.0f;
  ctx.output("average", out, want);
}

// A 3-point stencil whose tile loads its elements and a one-element halo on each side (clamped at the
// ends of the array) into tile_static.
TESSERA_CASE(stencil_with_halo, "TS-4,BAR-2", expect::pass) {
  constexpr int n = 128;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[18];
    const int l = t.local[0], g = t.global[0];
    s[l + 1] = a[g];
    if (l == 0) s[0] = g > 0 ? a[g - 1] : a[g];
    if (l == 15) s[17] = g < n - 1 ? a[g + 1] : a[g];
    t.barrier.wait();
    v[t] = s[l] + s[l + 1] + s[l + 2];
  });
  v.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = in[i > 0 ? i - 1 : i] + in[i] + in[i < n - 1 ? i + 1 : i];
  ctx.output("stencil", out, want);
}

// 100 elements on a domain padded to 112 (TEXT-6): the padding threads take part in the barriers but
// touch no element.
TESSERA_CASE(padded_domain_with_guard, "TEXT-6,BAR-6", expect::pass) {
  constexpr int n = 100;
  const std::vector<int> in = ctx.random_ints(n, 1, 9);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>().pad(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    s[l] = g < n ? a[g] : 0;
    t.barrier.wait();
    for (int stride = 8; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (g < n) v[g] = a[g] * 1000 + s[0];
  });
  v.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) {
    int sum = 0;
    for (int j = (i / 16) * 16; j < (i / 16) * 16 + 16 && j < n; ++j) sum += in[j];
    want[i] = in[i] * 1000 + sum;
  }
  ctx.output("padded", out, want);
}

// A loop with barriers whose trip count is a captured value, the same for every thread of the tile.
TESSERA_CASE(uniform_loop_with_barriers, "BAR-6,BAR-7", expect::pass) {
  const int rounds = 5;
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    int mine = l;
    for (int r = 0; r < rounds; ++r) {
      s[l] = mine;
      t.barrier.wait();
      mine = s[(l + 1) % 16] + 1;
      t.barrier.wait();
    }
    v[t] = mine;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = (g % 16 + rounds) % 16 + rounds;
  ctx.output("rounds", out, want);
}

// A loop with barriers bounded by a value thread 0 broadcast through tile_static after a barrier (a
// tile-uniform value, BAR-7): tiles loop different numbers of times.
TESSERA_CASE(loop_bound_broadcast_through_tile_static, "BAR-7,BAR-6", expect::pass) {
  const std::vector<int> counts = ctx.random_ints(4, 0, 4);
  std::vector<int> out(64, 0);
  array_view<const int, 1> c(4, counts);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int trips;
    tile_static int s[16];
    const int l = t.local[0];
    if (l == 0) trips = c[t.tile[0]];
    t.barrier.wait();
    const int n = trips;
    int mine = 0;
    for (int i = 0; i < n; ++i) {
      s[l] = mine + l;
      t.barrier.wait();
      mine = s[15 - l];
      t.barrier.wait();
    }
    v[t] = mine;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int tile = 0; tile < 4; ++tile) {
    std::vector<int> mine(16, 0), next(16);
    for (int i = 0; i < counts[tile]; ++i) {
      for (int l = 0; l < 16; ++l) next[l] = mine[15 - l] + 15 - l;
      mine = next;
    }
    for (int l = 0; l < 16; ++l) want[tile * 16 + l] = mine[l];
  }
  ctx.output("broadcast_bound", out, want);
}

// A fence called in a divergent branch (allowed, BAR-5): thread 0 fences its own tile_static write
// before reading it back; the tile's barrier comes after, outside the branch.
TESSERA_CASE(fence_in_divergent_branch, "BAR-5", expect::pass) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int flag;
    tile_static int first;
    const int l = t.local[0];
    if (l == 0) {
      flag = t.tile[0] + 5;
      tile_static_memory_fence(t.barrier);
      first = flag * 2;
    }
    t.barrier.wait();
    v[t] = first + l;
  });
  v.synchronize();
  std::vector<int> want(32);
  for (int g = 0; g < 32; ++g) want[g] = 2 * (g / 16 + 5) + g % 16;
  ctx.output("fenced", out, want);
}

// Odd threads return after the tile's last barrier (no barrier follows, so no divergence, BAR-6); the
// even threads read their odd neighbour's slot.
TESSERA_CASE(threads_return_early_after_the_last_barrier, "BAR-6,BAR-2", expect::pass) {
  std::vector<int> out(32, -1);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    if (t.local[0] % 2 == 1) return;
    v[t] = s[t.local[0] + 1];
  });
  v.synchronize();
  std::vector<int> want(32, -1);
  for (int i = 0; i < 32; i += 2) want[i] = i + 1;
  ctx.output("evens", out, want);
}

}  // namespace
