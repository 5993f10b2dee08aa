// Correct kernels that look racy at first sight and are not: writes made disjoint by index arithmetic (a
// permutation by a stride coprime with the tile, bit reversal, neighbouring bytes of one word), inputs
// read by every thread of every tile, a thread reading back its own stores with no barrier, a thread
// reading another thread's value only after a barrier, double-buffered tile_static with a single barrier
// per step, a 2-D reduction with a barrier at every level, atomics and plain stores on neighbouring words,
// and long loops that re-read a few locations nobody writes any more (computing, not waiting). The
// emulator's checks must not report any of them; each records its result against a serial oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Every thread stores into slot 5l mod 16, a permutation of the slots (5 is coprime with 16), and reads
// slot l after a barrier.
TESSERA_CASE(slots_permuted_by_a_coprime_stride, "MEM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[(5 * l) % 16] = a[t];
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[(g / 16) * 16 + (13 * (g % 16)) % 16];  // 13 = 5^-1 mod 16
  ctx.output("permuted", out, want);
}

// A bit-reversal permutation of each tile through tile_static.
TESSERA_CASE(bit_reversal_permutation_in_tile, "MEM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    const int reversed = ((l & 1) << 3) | ((l & 2) << 1) | ((l & 4) >> 1) | ((l & 8) >> 3);
    s[reversed] = a[t];
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int l = g % 16;
    const int reversed = ((l & 1) << 3) | ((l & 2) << 1) | ((l & 4) >> 1) | ((l & 8) >> 3);
    want[g] = in[(g / 16) * 16 + reversed];  // bit reversal is its own inverse
  }
  ctx.output("bit_reversed", out, want);
}

// Each thread stores one byte of a tile_static byte array (four threads share each 4-byte word): the bytes
// are distinct memory locations.
TESSERA_CASE(neighbouring_bytes_stored_by_different_threads, "MEM-3,TS-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 255);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static unsigned char bytes[16];
    const int l = t.local[0];
    bytes[l] = static_cast<unsigned char>(a[t]);
    t.barrier.wait();
    v[t] = bytes[l ^ 1] + 256 * bytes[l ^ 2];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int base = (g / 16) * 16, l = g % 16;
    want[g] = in[base + (l ^ 1)] + 256 * in[base + (l ^ 2)];
  }
  ctx.output("bytes", out, want);
}

// A table of 8 coefficients read by every thread of every tile, from a writable view nothing writes.
TESSERA_CASE(table_read_by_every_thread_of_every_tile, "MEM-3,BAR-11", expect::pass) {
  const std::vector<int> coefficients = ctx.random_ints(8, -9, 9), in = ctx.random_ints(128, -9, 9);
  std::vector<int> table = coefficients, out(128, 0);
  array_view<int, 1> k(8, table), v(128, out);
  array_view<const int, 1> a(128, in);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    int sum = 0;
    for (int j = 0; j < 8; ++j) sum += k[j] * a[(t.global[0] + j) % 128];
    v[t] = sum;
  });
  v.synchronize();
  std::vector<int> want(128, 0);
  for (int g = 0; g < 128; ++g)
    for (int j = 0; j < 8; ++j) want[g] += coefficients[j] * in[(g + j) % 128];
  ctx.output("filtered", out, want);
}

// A thread stores its tile_static slot and its output element, then reads both back and updates them
// again, with no barrier: only its own accesses are involved (MEM-7).
TESSERA_CASE(thread_reads_back_its_own_stores_without_barrier, "MEM-7,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    s[l] = s[l] * 3 + 1;
    v[t] = s[l];
    for (int k = 0; k < 5; ++k) v[t] = v[t] + s[l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = 6 * (in[g] * 3 + 1);
  ctx.output("own", out, want);
}

// 2-D tiles: every thread reads the slot of the thread diagonally opposite, after a barrier.
TESSERA_CASE(opposite_threads_value_read_after_barrier, "BAR-2,TIDX-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(8 * 8, -100, 100);
  std::vector<int> out(8 * 8, 0);
  array_view<const int, 2> a(8, 8, in);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[4][4];
    s[t.local[0]][t.local[1]] = a[t];
    t.barrier.wait();
    v[t] = s[3 - t.local[0]][3 - t.local[1]] - a[t];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      want[r * 8 + c] = in[((r / 4) * 4 + 3 - r % 4) * 8 + (c / 4) * 4 + 3 - c % 4] - in[r * 8 + c];
  ctx.output("opposite", out, want);
}

// Two tile_static buffers used in turn with one barrier per step: step k reads buffer k % 2 and writes the
// other, which step k - 1 read; one barrier separates every write from the reads before and after it.
TESSERA_CASE(ping_pong_buffers_with_one_barrier_per_step, "MEM-5,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int buffer[2][16];
    const int l = t.local[0];
    buffer[0][l] = a[t];
    t.barrier.wait();
    for (int step = 0; step < 5; ++step) {
      const int from = step % 2;
      buffer[1 - from][l] = buffer[from][(l + 1) % 16] - buffer[from][l];
      t.barrier.wait();
    }
    v[t] = buffer[1][l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int tile = 0; tile < 4; ++tile) {
    std::vector<int> x(in.begin() + tile * 16, in.begin() + tile * 16 + 16), y(16);
    for (int step = 0; step < 5; ++step) {
      for (int l = 0; l < 16; ++l) y[l] = x[(l + 1) % 16] - x[l];
      x = y;
    }
    for (int l = 0; l < 16; ++l) want[tile * 16 + l] = x[l];
  }
  ctx.output("differences", out, want);
}

// A 2-D reduction of 8x8 tiles: rows first, then the first column, a barrier after every level.
TESSERA_CASE(two_dimensional_reduction_with_barrier_at_every_level, "BAR-2,TIDX-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(16 * 16, -50, 50);
  std::vector<int> out(4, 0);
  array_view<const int, 2> a(16, 16, in);
  array_view<int, 2> sums(2, 2, out);
  parallel_for_each(ctx.view(), a.extent.tile<8, 8>(), [=] restrict_amp (tiled_index<8, 8> t) {
    tile_static int s[8][8];
    const int y = t.local[0], x = t.local[1];
    s[y][x] = a[t];
    t.barrier.wait();
    for (int stride = 4; stride > 0; stride /= 2) {
      if (x < stride) s[y][x] += s[y][x + stride];
      t.barrier.wait();
    }
    for (int stride = 4; stride > 0; stride /= 2) {
      if (x == 0 && y < stride) s[y][0] += s[y + stride][0];
      t.barrier.wait();
    }
    if (x == 0 && y == 0) sums[t.tile] = s[0][0];
  });
  sums.synchronize();
  std::vector<int> want(4, 0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) want[(r / 8) * 2 + c / 8] += in[r * 16 + c];
  ctx.output("tile_sums", out, want);
}

// Atomic increments of one word next to plain stores of the word beside it, in the same interval: the
// words are different locations.
TESSERA_CASE(atomics_and_plain_stores_on_neighbouring_words, "MEM-3,ATOM-6", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> counts(8, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> c(8, counts);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int tile = t.tile[0];
    if (a[t] > 0) atomic_fetch_inc(&c[2 * tile]);
    if (t.local[0] == 7) c[2 * tile + 1] = a[t];
  });
  c.synchronize();
  std::vector<int> want(8, 0);
  for (int g = 0; g < 64; ++g) {
    if (in[g] > 0) ++want[2 * (g / 16)];
    if (g % 16 == 7) want[2 * (g / 16) + 1] = in[g];
  }
  ctx.output("counts_and_values", counts, want);
}

// More re-reads than the spin-wait check's rounds add up to (8 rounds of 16384 reads).
constexpr int iterations = 100000;

// Every thread of two tiles accumulates a product of three elements of a writable view that nothing
// writes during the launch.
TESSERA_CASE(long_loop_over_three_view_elements_in_every_thread, "BAR-9,MEM-3", expect::pass) {
  const std::vector<int> h = ctx.random_ints(3, 1, 4);
  std::vector<int> data = h, out(8, 0);
  array_view<int, 1> k(3, data), v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    int acc = 0;
    for (int i = 0; i < iterations / 2; ++i) acc += k[0] * k[1] - k[2];
    v[t] = acc + t.global[0];
  });
  v.synchronize();
  std::vector<int> want(8);
  for (int g = 0; g < 8; ++g) want[g] = (iterations / 2) * (h[0] * h[1] - h[2]) + g;
  ctx.output("sums", out, want);
}

// After a barrier, one thread re-reads its neighbour's tile_static slot (written before the barrier) in a
// long loop; the others finish.
TESSERA_CASE(long_loop_over_a_neighbours_slot_written_before_barrier, "BAR-9,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(16, 1, 9);
  std::vector<int> one(1, 1), out(16, 0);
  array_view<const int, 1> a(16, in), unit(1, one);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    int acc = 0;
    if (l == 6)
      for (int i = 0; i < iterations; ++i) acc += s[7] * unit[0];  // unit[0] makes the compiler reload s[7]
    v[t] = acc;
  });
  v.synchronize();
  std::vector<int> want(16, 0);
  want[6] = iterations * in[7];
  ctx.output("sums", out, want);
}

// After a barrier, one thread re-reads a tile_static counter the tile incremented with atomics before the
// barrier, in a long loop with plain loads.
TESSERA_CASE(long_loop_over_a_counter_counted_before_barrier, "BAR-9,TS-9", expect::pass) {
  const std::vector<int> in = ctx.random_ints(16, 0, 1);
  std::vector<int> one(1, 1), out(16, 0);
  array_view<const int, 1> a(16, in), unit(1, one);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    if (a[t] != 0) atomic_fetch_inc(&count);
    t.barrier.wait();
    int acc = 0;
    if (t.local[0] == 9)
      for (int i = 0; i < iterations; ++i) acc += count * unit[0];
    v[t] = acc;
  });
  v.synchronize();
  int count = 0;
  for (int x : in) count += x;
  std::vector<int> want(16, 0);
  want[9] = iterations * count;
  ctx.output("sums", out, want);
}

// A search in which every thread skips the candidates that cannot beat the best cost found so far, read
// with a plain load in every iteration (compatible with the atomics that lower it, MEM-3), and lowers the
// bound with atomic_fetch_min when it finds a better one. The threads re-read one location for a long time
// while the others change it: they are computing, not waiting for the change.
TESSERA_CASE(long_search_pruned_against_a_shared_bound, "MEM-3,BAR-9", expect::pass) {
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), extent<1>(8).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    tile_static int bound;
    if (t.local[0] == 0) bound = 1 << 30;
    t.barrier.wait();
    for (int k = 0; k < iterations; ++k) {
      const int cost = (k * 7919 + t.global[0] * 104729) % 100003 + 1;
      if (cost < bound) atomic_fetch_min(&bound, cost);
    }
    t.barrier.wait();
    if (t.local[0] == 0) v[t.tile] = bound;
  });
  v.synchronize();
  std::vector<int> want(2, 1 << 30);
  for (int g = 0; g < 8; ++g)
    for (int k = 0; k < iterations; ++k) want[g / 4] = std::min(want[g / 4], (k * 7919 + g * 104729) % 100003 + 1);
  ctx.output("bounds", out, want);
}

// The search again across tiles: one global bound for the whole launch, re-read with plain loads by every
// thread of every tile and lowered with atomic_fetch_min, while the other tiles lower it too.
TESSERA_CASE(long_search_pruned_against_a_global_bound, "MEM-3,BAR-9", expect::pass) {
  std::vector<int> out(1, 1 << 30);
  array_view<int, 1> best(1, out);
  parallel_for_each(ctx.view(), extent<1>(16).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    for (int k = 0; k < iterations / 2; ++k) {
      const int cost = (k * 6007 + t.global[0] * 7727) % 65521 + 1;
      if (cost < best[0]) atomic_fetch_min(&best[0], cost);
    }
  });
  best.synchronize();
  int want = 1 << 30;
  for (int g = 0; g < 16; ++g)
    for (int k = 0; k < iterations / 2; ++k) want = std::min(want, (k * 6007 + g * 7727) % 65521 + 1);
  ctx.output("best", out, std::vector<int>{want});
}

// Non-tiled: each point stores its output element, then re-reads it (its own store) in a long loop.
TESSERA_CASE(non_tiled_long_loop_over_own_output_element, "BAR-9,PFE-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(4, 1, 9);
  std::vector<int> one(1, 1), out(4, 0), sums(4, 0);
  array_view<const int, 1> a(4, in), unit(1, one);
  array_view<int, 1> v(4, out), s(4, sums);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) {
    v[i] = a[i] * 2;
    int acc = 0;
    for (int k = 0; k < iterations; ++k) acc += v[i] * unit[0];
    s[i] = acc;
  });
  v.synchronize();
  s.synchronize();
  std::vector<int> want_v(4), want_s(4);
  for (int i = 0; i < 4; ++i) {
    want_v[i] = in[i] * 2;
    want_s[i] = iterations * in[i] * 2;
  }
  ctx.output("values", out, want_v);
  ctx.output("sums", sums, want_s);
}

}  // namespace
