// MEM-1..MEM-5, MEM-7, MEM-9..MEM-11: race-free programs and what the memory model promises them. A
// thread sees its own accesses in program order; reads, atomics, and reads next to atomics are
// compatible; a barrier separates epochs; results of race-free programs are exact on any schedule and any
// backend; the host sees every write of a launch after it, and sees views of one home alias.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

struct two_fields {
  int left;
  int right;
};

// MEM-1: a thread sees its own accesses in program order, on global and tile_static memory, with no
// barrier or fence: it stores, reloads, stores again, reloads.
TESSERA_CASE(a_thread_sees_its_own_accesses_in_program_order, "MEM-1,MEM-7", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data(in), out(n, 0);
  array_view<int, 1> g(n, data), b(n, out);
  parallel_for_each(ctx.view(), g.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = g[t] * 2;
    g[t] = s[l] + 1;
    s[l] = g[t] * 3;
    g[t] = s[l] - g[t];
    b[t] = s[l];
  });
  g.synchronize();
  b.synchronize();
  std::vector<int> wg(n), wb(n);
  for (int k = 0; k < n; ++k) {
    const int first = in[k] * 2 + 1;
    wb[k] = first * 3;
    wg[k] = wb[k] - first;
  }
  ctx.output("global", data, wg);
  ctx.output("tile_static", out, wb);
}

// MEM-3: reads are compatible with reads: every thread of every tile reads one global element and one
// tile_static variable at the same time, with no barrier between the reads.
TESSERA_CASE(concurrent_reads_of_one_location_are_compatible, "MEM-3,MEM-2", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int shared;
    if (t.local[0] == 0) shared = a[t.tile_origin];
    t.barrier.wait();
    b[t] = a[0] + shared + a[t];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[0] + in[g / 64 * 64] + in[g];
  ctx.output("sums", out, want);
}

// MEM-3, MEM-4: atomics are compatible with atomics, also between tiles: a global counter incremented
// by every thread of every tile, and old values that are a permutation of 0..n-1.
TESSERA_CASE(atomics_from_every_tile_are_compatible, "MEM-3,MEM-4,ATOM-3", expect::pass) {
  const int n = 512;
  std::vector<int> counter(1, 0), seen(n, 0);
  array_view<int, 1> c(1, counter), s(n, seen);
  parallel_for_each(ctx.view(), extent<1>(n).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int old = atomic_fetch_add(&c[0], 1);
    atomic_fetch_add(&s[old], 1);
  });
  c.synchronize();
  s.synchronize();
  ctx.output("count", counter, std::vector<int>{n});
  ctx.output("each_old_value_once", seen, std::vector<int>(n, 1));
}

// MEM-3: a plain load next to atomics on the same tile_static word is compatible: half of the tile
// increments a counter atomically while the other half reads it. A value read is between 0 and the
// number of incrementers; after a barrier every thread reads the total.
TESSERA_CASE(plain_loads_next_to_atomics_are_compatible, "MEM-3,ATOM-6", expect::pass) {
  constexpr int tile = 64, tiles = 4;
  std::vector<int> in_range(tile * tiles, 0), total(tile * tiles, 0);
  array_view<int, 1> r(tile * tiles, in_range), s(tile * tiles, total);
  parallel_for_each(ctx.view(), r.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int counter;
    const int l = t.local[0];
    if (l == 0) counter = 0;
    t.barrier.wait();
    int got = 0;
    if (l % 2 == 0) atomic_fetch_add(&counter, 1);
    else got = counter;  // a plain load concurrent with the atomics
    r[t] = got >= 0 && got <= tile / 2 ? 1 : 0;
    t.barrier.wait();
    s[t] = counter;
  });
  r.synchronize();
  s.synchronize();
  ctx.output("loads_in_range", in_range, std::vector<int>(tile * tiles, 1));
  ctx.output("totals", total, std::vector<int>(tile * tiles, tile / 2));
}

// MEM-3: locations are bytes, not objects: two threads store to different fields of one tile_static
// struct with no barrier between, and neither store races with the other.
TESSERA_CASE(different_fields_of_one_struct_do_not_race, "MEM-3,TS-5", expect::pass) {
  const int n = 64;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    tile_static two_fields p;
    if (t.local[0] == 0) p.left = a[t];
    else p.right = a[t];
    t.barrier.wait();
    b[t] = t.local[0] == 0 ? p.right : p.left;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g ^ 1];
  ctx.output("swapped_pairs", out, want);
}

// MEM-5: an in-place update made race-free by barriers: read the neighbour, wait, overwrite one's own
// element, wait. Each barrier ends an epoch on global and tile_static memory.
TESSERA_CASE(barriers_separate_reads_from_later_overwrites, "MEM-5,MEM-6,BAR-2", expect::pass) {
  constexpr int tile = 32, steps = 8;
  const int n = 96;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data(in);
  array_view<int, 1> g(n, data);
  parallel_for_each(ctx.view(), g.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int s[tile];
    const int l = t.local[0];
    s[l] = g[t];
    t.barrier.wait();
    for (int k = 0; k < steps; ++k) {
      const int from_s = s[(l + 1) % tile];
      const int from_g = g[t.tile_origin[0] + (l + tile - 1) % tile];
      t.barrier.wait();
      s[l] = from_s + 1;
      g[t] = from_g - 1;
      t.barrier.wait();
    }
    g[t] = g[t] * 1000 + s[l];
  });
  g.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    const int o = k / tile * tile, l = k % tile;
    want[k] = (in[o + (l + tile - steps % tile) % tile] - steps) * 1000 + in[o + (l + steps) % tile] + steps;
  }
  ctx.output("after_steps", data, want);
}

// MEM-7: a race-free Hillis-Steele inclusive scan in tile_static (double-buffered, a barrier per step)
// gives the exact prefix sums on every schedule and backend.
TESSERA_CASE(race_free_scan_is_exact, "MEM-7,MEM-5", expect::pass) {
  constexpr int tile = 128;
  const int n = 256;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int buf[2][tile];
    const int l = t.local[0];
    int cur = 0;
    buf[0][l] = a[t];
    t.barrier.wait();
    for (int offset = 1; offset < tile; offset *= 2) {
      const int v = buf[cur][l] + (l >= offset ? buf[cur][l - offset] : 0);
      buf[1 - cur][l] = v;
      cur = 1 - cur;
      t.barrier.wait();
    }
    b[t] = buf[cur][l];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = (g % tile == 0 ? 0 : want[g - 1]) + in[g];
  ctx.output("prefix_sums", out, want);
}

// MEM-2, MEM-9: each memory type is ordered by a wait whose fence covers it: tile_static data across
// wait_with_tile_static_memory_fence(), then global data across wait_with_global_memory_fence().
TESSERA_CASE(each_memory_type_ordered_by_its_own_fence, "MEM-9,MEM-2,BAR-3", expect::pass) {
  constexpr int tile = 32;
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> scratch(n, 0), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int s[tile];
    const int l = t.local[0];
    s[l] = a[t] + 5;
    t.barrier.wait_with_tile_static_memory_fence();
    g[t] = s[tile - 1 - l] * 2;
    t.barrier.wait_with_global_memory_fence();
    b[t] = g[t.tile_origin[0] + (l + 1) % tile];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    const int o = k / tile * tile, src = (k % tile + 1) % tile;
    want[k] = (in[o + tile - 1 - src] + 5) * 2;
  }
  ctx.output("values", out, want);
}

// MEM-7: a race-free non-tiled launch (each point writes only its own element, reads only the input)
// is exact.
TESSERA_CASE(race_free_non_tiled_stencil_is_exact, "MEM-7,MEM-4", expect::pass) {
  const int rows = 24, cols = 20;
  auto in = ctx.random_ints(rows * cols, -1000, 1000);
  std::vector<int> out(rows * cols, 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> b(rows, cols, out);
  parallel_for_each(ctx.view(), b.extent, [=] restrict_amp (index<2> i) {
    int sum = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const index<2> j(i[0] + dr, i[1] + dc);
        if (a.extent.contains(j)) sum += a[j];
      }
    b[i] = sum;
  });
  b.synchronize();
  std::vector<int> want(rows * cols, 0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) want[r * cols + c] += in[(r + dr) * cols + c + dc];
  ctx.output("box_sums", out, want);
}

// ATOM-5 (correct twin): data stored plainly and a count updated atomically, then a barrier: after the
// barrier every thread may read both. The barrier, not the atomic, orders the plain data.
TESSERA_CASE(barrier_not_atomic_orders_plain_data, "ATOM-5,MEM-5", expect::pass) {
  constexpr int tile = 32;
  const int n = 64;
  auto in = ctx.random_ints(n, 0, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int data[tile];
    tile_static int evens;
    const int l = t.local[0];
    if (l == 0) evens = 0;
    t.barrier.wait();
    data[l] = a[t];
    if (a[t] % 2 == 0) atomic_fetch_inc(&evens);
    t.barrier.wait();
    b[t] = data[tile - 1 - l] * 100 + evens;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    int evens = 0;
    for (int j = k / tile * tile; j < k / tile * tile + tile; ++j) evens += in[j] % 2 == 0;
    want[k] = in[k / tile * tile + tile - 1 - k % tile] * 100 + evens;
  }
  ctx.output("values", out, want);
}

}  // namespace
