// Correct tile_static algorithms, the fixed versions of buggy/intra_tile_races.cpp: reversal through a
// register and a second barrier, pair sums stored by one thread of each pair, stencils and Jacobi
// iterations behind barriers (double-buffered), odd-even and bitonic sorting networks with a barrier after
// every step, struct arrays read after a barrier, a flag one thread sets, 2-D tiles indexed by both
// dimensions, and a reduction with a barrier at every level down to the last. The emulator's checks must
// not report any of them; each records its result against a serial oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Reversal in place: read the mirror's slot into a register, wait, then overwrite the own slot.
TESSERA_CASE(reverse_in_place_through_a_register, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    const int mirror = s[15 - l];
    t.barrier.wait();
    s[l] = mirror;
    t.barrier.wait();
    v[t] = s[(l + 1) % 16];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[(g / 16) * 16 + 15 - (g % 16 + 1) % 16];
  ctx.output("reversed", out, want);
}

// Pair sums: every thread stores its element, and only the even thread of each pair stores the sum.
TESSERA_CASE(pair_sums_stored_by_the_even_thread, "MEM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -500, 500);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int element[16];
    tile_static int pair[8];
    const int l = t.local[0];
    element[l] = a[t];
    t.barrier.wait();
    if (l % 2 == 0) pair[l / 2] = element[l] + element[l + 1];
    t.barrier.wait();
    v[t] = pair[l / 2];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g & ~1] + in[g | 1];
  ctx.output("pair_sums", out, want);
}

// A 2-D five-point stencil on the periodic 4x4 tile, with the barrier between the stores and the loads.
TESSERA_CASE(two_dimensional_periodic_stencil_behind_barrier, "TS-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(8 * 8, -100, 100);
  std::vector<int> out(8 * 8, 0);
  array_view<const int, 2> a(8, 8, in);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[4][4];
    const int y = t.local[0], x = t.local[1];
    s[y][x] = a[t];
    t.barrier.wait();
    v[t] = s[y][(x + 1) % 4] + s[(y + 1) % 4][x] + s[(y + 3) % 4][x] + s[y][(x + 3) % 4] - 4 * s[y][x];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      const int r0 = (r / 4) * 4, c0 = (c / 4) * 4, y = r % 4, x = c % 4;
      const int* tile = &in[r0 * 8 + c0];  // element (yy, xx) of the tile is tile[yy * 8 + xx]
      want[r * 8 + c] = tile[y * 8 + (x + 1) % 4] + tile[((y + 1) % 4) * 8 + x] + tile[((y + 3) % 4) * 8 + x] +
                        tile[y * 8 + (x + 3) % 4] - 4 * tile[y * 8 + x];
    }
  ctx.output("stencil", out, want);
}

// A helper that stores one value into two adjacent slots, called with slot 2l: the pairs are disjoint.
restrict_amp void store_into_pair(int* slots, int at, int value) {
  slots[at] = value;
  slots[at + 1] = -value;
}

TESSERA_CASE(helper_stores_into_disjoint_slot_pairs, "MEM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[32];
    const int l = t.local[0];
    store_into_pair(s, 2 * l, a[t]);
    t.barrier.wait();
    v[t] = s[2 * l] + s[(2 * l + 3) % 32];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int l = g % 16, base = (g / 16) * 16;
    want[g] = in[g] - in[base + ((2 * l + 3) % 32) / 2];
  }
  ctx.output("pairs", out, want);
}

// Jacobi smoothing inside a tile with two buffers: each iteration reads one and writes the other, with a
// barrier per iteration.
TESSERA_CASE(jacobi_iterations_double_buffered, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 99);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[2][16];
    const int l = t.local[0];
    s[0][l] = a[t];
    t.barrier.wait();
    for (int iteration = 0; iteration < 4; ++iteration) {
      const int from = iteration % 2;
      s[1 - from][l] = (s[from][(l + 15) % 16] + s[from][l] + s[from][(l + 1) % 16]) / 3;
      t.barrier.wait();
    }
    v[t] = s[0][l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int tile = 0; tile < 4; ++tile) {
    std::vector<int> s(in.begin() + tile * 16, in.begin() + tile * 16 + 16), next(16);
    for (int iteration = 0; iteration < 4; ++iteration) {
      for (int l = 0; l < 16; ++l) next[l] = (s[(l + 15) % 16] + s[l] + s[(l + 1) % 16]) / 3;
      s = next;
    }
    std::copy(s.begin(), s.end(), want.begin() + tile * 16);
  }
  ctx.output("smoothed", out, want);
}

// Odd-even transposition sort of each tile's 16 elements: 16 phases, a barrier after each.
TESSERA_CASE(odd_even_sort_with_barrier_per_phase, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -50, 50);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int phase = 0; phase < 16; ++phase) {
      if (l % 2 == phase % 2 && l + 1 < 16 && s[l] > s[l + 1]) {
        const int x = s[l];
        s[l] = s[l + 1];
        s[l + 1] = x;
      }
      t.barrier.wait();
    }
    v[t] = s[l];
  });
  v.synchronize();
  std::vector<int> want(in);
  for (int tile = 0; tile < 4; ++tile) std::sort(want.begin() + tile * 16, want.begin() + tile * 16 + 16);
  ctx.output("sorted", out, want);
}

// Bitonic sort of each tile's 16 elements with a barrier after every compare-exchange step.
TESSERA_CASE(bitonic_sort_with_barrier_per_step, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int size = 2; size <= 16; size *= 2) {
      for (int stride = size / 2; stride > 0; stride /= 2) {
        const int partner = l ^ stride;
        if (partner > l) {
          const bool ascending = (l & size) == 0;
          const int mine = s[l], theirs = s[partner];
          if ((mine > theirs) == ascending) {
            s[l] = theirs;
            s[partner] = mine;
          }
        }
        t.barrier.wait();
      }
    }
    v[t] = s[l];
  });
  v.synchronize();
  std::vector<int> want(in);
  for (int tile = 0; tile < 4; ++tile) std::sort(want.begin() + tile * 16, want.begin() + tile * 16 + 16);
  ctx.output("sorted", out, want);
}

struct keyed_item {
  int key;
  int value;
};

// An array of tile_static structs: each thread fills its own key and its right neighbour's value (different
// bytes of the array), and reads its neighbour's key only after a barrier.
TESSERA_CASE(struct_array_neighbour_key_read_after_barrier, "MEM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static keyed_item items[16];
    const int l = t.local[0];
    items[l].key = a[t];
    items[(l + 1) % 16].value = l * 2;
    t.barrier.wait();
    v[t] = items[(l + 1) % 16].key * 100 + items[l].value;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int l = g % 16, base = (g / 16) * 16;
    want[g] = in[base + (l + 1) % 16] * 100 + ((l + 15) % 16) * 2;
  }
  ctx.output("items", out, want);
}

// Thread 0 counts the tile's negative elements and stores the count; everyone reads it after a barrier.
TESSERA_CASE(count_stored_by_one_thread_read_by_all, "BAR-2,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -10, 10);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    tile_static int negatives;
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    if (l == 0) {
      int count = 0;
      for (int k = 0; k < 16; ++k) count += s[k] < 0 ? 1 : 0;
      negatives = count;
    }
    t.barrier.wait();
    v[t] = a[t] * 100 + negatives;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    int count = 0;
    for (int k = (g / 16) * 16; k < (g / 16) * 16 + 16; ++k) count += in[k] < 0 ? 1 : 0;
    want[g] = in[g] * 100 + count;
  }
  ctx.output("negatives", out, want);
}

// Row sums of 4x4 tiles: every thread stores its slot (both dimensions index the array), the first thread
// of each row adds the row, and every thread of the row reads the sum.
TESSERA_CASE(two_dimensional_row_sums_by_first_column, "TIDX-2,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(8 * 8, -100, 100);
  std::vector<int> out(8 * 8, 0);
  array_view<const int, 2> a(8, 8, in);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[4][4];
    tile_static int row_sum[4];
    const int y = t.local[0], x = t.local[1];
    s[y][x] = a[t];
    t.barrier.wait();
    if (x == 0) row_sum[y] = s[y][0] + s[y][1] + s[y][2] + s[y][3];
    t.barrier.wait();
    v[t] = row_sum[y];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      const int c0 = (c / 4) * 4;
      want[r * 8 + c] = in[r * 8 + c0] + in[r * 8 + c0 + 1] + in[r * 8 + c0 + 2] + in[r * 8 + c0 + 3];
    }
  ctx.output("row_sums", out, want);
}

// A 64-wide reduction unrolled by hand, with a barrier after every level down to the last pair (no
// "the last 32 threads are in step" shortcut).
TESSERA_CASE(unrolled_reduction_with_barrier_at_every_level, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -100, 100);
  std::vector<int> out(4, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    if (l < 32) s[l] += s[l + 32];
    t.barrier.wait();
    if (l < 16) s[l] += s[l + 16];
    t.barrier.wait();
    if (l < 8) s[l] += s[l + 8];
    t.barrier.wait();
    if (l < 4) s[l] += s[l + 4];
    t.barrier.wait();
    if (l < 2) s[l] += s[l + 2];
    t.barrier.wait();
    if (l < 1) s[l] += s[l + 1];
    t.barrier.wait();
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
  std::vector<int> want(4, 0);
  for (int i = 0; i < 256; ++i) want[i / 64] += in[i];
  ctx.output("tile_sums", out, want);
}

}  // namespace
