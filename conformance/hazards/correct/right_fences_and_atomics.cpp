// Correct kernels with atomics and fences of the right scope, the fixed versions of
// buggy/fences_and_atomics.cpp: a counter reset between barriers and counted atomically in every round,
// reductions whose barriers fence the memory they communicate through (MEM-9), a broadcast through global
// memory across a global fence, a payload handed over across a barrier, an initialization made by one
// thread behind a barrier, a claim with compare-exchange, totals and maxima combined only with atomics, a
// saturating add in a compare-exchange loop, and atomics in every iteration of a long computation. The
// emulator's checks must not report any of them; each records its result against a serial oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Three rounds of counting: thread 0 resets the counter, a barrier, every thread counts with an atomic, a
// barrier, thread 0 records the count, a barrier before the next reset.
TESSERA_CASE(counter_reset_between_barriers_every_round, "ATOM-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 99);
  std::vector<int> out(12, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(12, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    const int l = t.local[0];
    for (int round = 0; round < 3; ++round) {
      if (l == 0) count = 0;
      t.barrier.wait();
      if (a[t] % 3 == round) atomic_fetch_inc(&count);
      t.barrier.wait();
      if (l == 0) v[t.tile[0] * 3 + round] = count;
      t.barrier.wait();
    }
  });
  v.synchronize();
  std::vector<int> want(12, 0);
  for (int i = 0; i < 64; ++i) ++want[(i / 16) * 3 + in[i] % 3];
  ctx.output("counts", out, want);
}

// A tile_static reduction whose barriers all fence tile_static memory, the memory it communicates through.
TESSERA_CASE(tile_static_reduction_with_tile_static_fences, "MEM-9,BAR-4", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -100, 100);
  std::vector<int> out(4, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait_with_tile_static_memory_fence();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
  std::vector<int> want(4, 0);
  for (int i = 0; i < 256; ++i) want[i / 64] += in[i];
  ctx.output("tile_sums", out, want);
}

// The same reduction in a global scratch array (one part per tile), with barriers that fence global
// memory.
TESSERA_CASE(global_scratch_reduction_with_global_fences, "MEM-9,BAR-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -100, 100);
  std::vector<int> scratch(256, 0), out(4, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> s(256, scratch), sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int l = t.local[0], base = t.tile_origin[0];
    s[base + l] = a[t];
    t.barrier.wait_with_global_memory_fence();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[base + l] += s[base + l + stride];
      t.barrier.wait_with_global_memory_fence();
    }
    if (l == 0) sums[t.tile] = s[base];
  });
  sums.synchronize();
  std::vector<int> want(4, 0);
  for (int i = 0; i < 256; ++i) want[i / 64] += in[i];
  ctx.output("tile_sums", out, want);
}

// Thread 0 stores a per-tile parameter into global memory; the tile reads it after a barrier that fences
// global memory.
TESSERA_CASE(parameter_broadcast_through_global_across_global_fence, "MEM-9,BAR-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -9, 9);
  std::vector<int> params(4, 0), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> p(4, params), v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) p[t.tile[0]] = a[t] + 1;
    t.barrier.wait_with_global_memory_fence();
    v[t] = a[t] * p[t.tile[0]];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g] * (in[(g / 16) * 16] + 1);
  ctx.output("scaled", out, want);
}

// A payload and its flag stored by thread 0 and read by thread 1 of the same tile across a barrier.
TESSERA_CASE(payload_handed_over_across_a_barrier, "BAR-2,MEM-4", expect::pass) {
  const std::vector<int> in = ctx.random_ints(4, -1000, 1000);
  std::vector<int> hdata(4, 0), hflag(4, 0), out(4, -2);
  array_view<const int, 1> a(4, in);
  array_view<int, 1> data(4, hdata), flag(4, hflag), o(4, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int tile = t.tile[0];
    if (t.local[0] == 0) {
      data[tile] = a[tile];
      flag[tile] = 1;
    }
    t.barrier.wait();
    if (t.local[0] == 1) o[tile] = flag[tile] == 1 ? data[tile] : -1;
  });
  o.synchronize();
  ctx.output("received", out, in);
}

// "Initialize once" done right: thread 0 fills the table, and the barrier orders it before every read.
TESSERA_CASE(table_initialized_by_thread_zero_behind_barrier, "BAR-2,TS-4", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 3);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int table[4];
    if (t.local[0] == 0)
      for (int k = 0; k < 4; ++k) table[k] = k * k + t.tile[0];
    t.barrier.wait();
    v[t] = table[a[t]];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g] * in[g] + g / 16;
  ctx.output("looked_up", out, want);
}

// Every thread tries to claim a tile_static slot with a compare-exchange: exactly one claim succeeds per
// tile, whoever makes it (the winner is not an output; the number of winners is).
TESSERA_CASE(one_claim_per_tile_with_compare_exchange, "ATOM-4,TS-9", expect::pass) {
  std::vector<int> winners(4, 0), owner_set(4, 0);
  array_view<int, 1> w(4, winners), o(4, owner_set);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int owner;
    tile_static int won;
    if (t.local[0] == 0) {
      owner = -1;
      won = 0;
    }
    t.barrier.wait();
    int expected = -1;
    if (atomic_compare_exchange(&owner, &expected, t.local[0])) atomic_fetch_inc(&won);
    t.barrier.wait();
    if (t.local[0] == 0) {
      w[t.tile] = won;
      o[t.tile] = owner >= 0 && owner < 16 ? 1 : 0;
    }
  });
  w.synchronize();
  o.synchronize();
  ctx.output("winners", winners, std::vector<int>(4, 1));
  ctx.output("owner_is_a_thread", owner_set, std::vector<int>(4, 1));
}

// Tile sums combined into a global total with atomic_fetch_add and into a global maximum with
// atomic_fetch_max (no lock: atomics are the only cross-tile combination, ATOM-7).
TESSERA_CASE(tile_sums_combined_with_add_and_max_atomics, "ATOM-3,ATOM-7", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -30, 60);
  std::vector<int> total(1, 0), largest(1, -1000000);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> r(1, total), m(1, largest);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 16; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) {
      atomic_fetch_add(&r[0], s[0]);
      atomic_fetch_max(&m[0], s[0]);
    }
  });
  r.synchronize();
  m.synchronize();
  int best = -1000000;
  for (int tile = 0; tile < 8; ++tile) best = std::max(best, std::accumulate(in.begin() + tile * 32, in.begin() + tile * 32 + 32, 0));
  ctx.output("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
  ctx.output("largest_tile_sum", largest, std::vector<int>{best});
}

// A saturating add in a compare-exchange loop (the first guess is a plain load, compatible with the
// atomics): the result, min(cap, sum) for non-negative terms, does not depend on the order.
TESSERA_CASE(saturating_add_in_compare_exchange_loop, "ATOM-4,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, 0, 20);
  std::vector<int> hcap(2, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> c(2, hcap);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int cap = 500;
    int seen = c[t.tile[0]];
    while (true) {
      const int wanted = seen + a[t] > cap ? cap : seen + a[t];
      if (atomic_compare_exchange(&c[t.tile[0]], &seen, wanted)) break;
    }
  });
  c.synchronize();
  std::vector<int> want(2);
  for (int tile = 0; tile < 2; ++tile) want[tile] = std::min(500, std::accumulate(in.begin() + tile * 64, in.begin() + tile * 64 + 64, 0));
  ctx.output("saturated", hcap, want);
}

// A bit mask of the values present in each tile, built with atomic_fetch_or into tile_static memory.
TESSERA_CASE(presence_mask_with_atomic_or, "ATOM-3,TS-9", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, 0, 31);
  std::vector<unsigned> out(4, 0u);
  array_view<const int, 1> a(128, in);
  array_view<unsigned, 1> v(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static unsigned mask;
    if (t.local[0] == 0) mask = 0u;
    t.barrier.wait();
    atomic_fetch_or(&mask, 1u << a[t]);
    t.barrier.wait();
    if (t.local[0] == 0) v[t.tile] = mask;
  });
  v.synchronize();
  std::vector<unsigned> want(4, 0u);
  for (int i = 0; i < 128; ++i) want[i / 32] |= 1u << in[i];
  ctx.output("masks", out, want);
}

// Every thread of a tile updates a tile_static maximum with an atomic in every iteration of a long
// computation; most of the atomics change nothing once the maximum is found. Atomics on one location are
// compatible with each other (MEM-3), and the loop ends by itself: it is computing, not waiting.
TESSERA_CASE(atomic_maximum_updated_in_a_long_computation, "ATOM-3,BAR-9", expect::pass) {
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), extent<1>(8).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    tile_static int best;
    if (t.local[0] == 0) best = 0;
    t.barrier.wait();
    for (int k = 0; k < 50000; ++k) atomic_fetch_max(&best, (k * 7919 + t.global[0] * 104729) % 100003);
    t.barrier.wait();
    if (t.local[0] == 0) v[t.tile] = best;
  });
  v.synchronize();
  std::vector<int> want(2, 0);
  for (int g = 0; g < 8; ++g)
    for (int k = 0; k < 50000; ++k) want[g / 4] = std::max(want[g / 4], (k * 7919 + g * 104729) % 100003);
  ctx.output("maxima", out, want);
}

// Atomic stores (atomic_exchange) into the threads' own tile_static slots, read by the other threads
// after a barrier.
TESSERA_CASE(atomic_exchange_stores_read_after_barrier, "ATOM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    atomic_exchange(&s[l], a[t]);
    t.barrier.wait();
    v[t] = s[(l + 5) % 16];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[(g / 16) * 16 + (g % 16 + 5) % 16];
  ctx.output("rotated", out, want);
}

}  // namespace
