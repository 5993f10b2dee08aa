// Correct kernels whose threads re-read the same few locations for a long time without storing: a
// computation over two view elements nothing writes, over tile_static values written before a barrier,
// and over a thread's own tile_static slot, tiled and not. To a counter of reads they look like polling,
// but no other thread changes what they read, so they cannot be waiting for one: the emulator's checks
// must not report them, nor stop them as hangs (BAR-9 is about waiting, not about loops). Each records its
// result against a serial oracle. A view element is read in every loop so that the compiler reloads the
// tile_static values on every iteration, as it would if they could change.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// More re-reads than the spin-wait check's rounds add up to (8 rounds of 16384 reads).
constexpr int iterations = 100000;

// Thread 0 of each tile accumulates the product of two elements of writable views that nothing writes
// during the launch; the other threads finish at once.
TESSERA_CASE(long_loop_over_two_view_elements, "BAR-9,MEM-3", expect::pass) {
  const std::vector<int> ha = ctx.random_ints(1, 1, 5), hb = ctx.random_ints(1, 1, 5);
  std::vector<int> a_data = ha, b_data = hb, out(32, 0);
  array_view<int, 1> a(1, a_data), b(1, b_data), v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int acc = 0;
    if (t.local[0] == 0)
      for (int k = 0; k < iterations; ++k) acc += a[0] * b[0];
    v[t] = acc + t.local[0];
  });
  v.synchronize();
  std::vector<int> want(32);
  for (int g = 0; g < 32; ++g) want[g] = (g % 16 == 0 ? iterations * ha[0] * hb[0] : 0) + g % 16;
  ctx.output("sums", out, want);
}

// Two threads store tile_static coefficients, a barrier, then one thread iterates a recurrence over them
// while the others finish: the coefficients no longer change in this interval.
TESSERA_CASE(long_loop_over_tile_static_written_before_barrier, "BAR-9,BAR-2,MEM-6", expect::pass) {
  const std::vector<int> hc = ctx.random_ints(2, 1, 9);
  std::vector<int> one(1, 1), out(32, 0);
  array_view<const int, 1> c(2, hc), unit(1, one);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int coefficient[2];
    const int l = t.local[0];
    if (l < 2) coefficient[l] = c[l];
    t.barrier.wait();
    int x = 0;
    if (l == 5)
      for (int k = 0; k < iterations; ++k) x = (x * coefficient[0] * unit[0] + coefficient[1]) % 1009;
    v[t] = x;
  });
  v.synchronize();
  int x = 0;
  for (int k = 0; k < iterations; ++k) x = (x * hc[0] + hc[1]) % 1009;
  std::vector<int> want(32, 0);
  want[5] = want[21] = x;
  ctx.output("recurrences", out, want);
}

// Every thread stores its own tile_static slot and keeps re-reading only that slot.
TESSERA_CASE(long_loop_over_own_tile_static_slot, "BAR-9,MEM-7", expect::pass) {
  const std::vector<int> in = ctx.random_ints(4, 1, 9);
  std::vector<int> one(1, 1), out(4, 0);
  array_view<const int, 1> a(4, in), unit(1, one);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    tile_static int s[4];
    const int l = t.local[0];
    s[l] = a[t];
    int acc = 0;
    for (int k = 0; k < iterations; ++k) acc += s[l] * unit[0];
    v[t] = acc;
  });
  v.synchronize();
  std::vector<int> want(4);
  for (int i = 0; i < 4; ++i) want[i] = iterations * in[i];
  ctx.output("sums", out, want);
}

// A non-tiled launch whose points each accumulate the product of the same two input elements.
TESSERA_CASE(non_tiled_long_loop_over_two_view_elements, "BAR-9,PFE-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(2, 1, 5);
  std::vector<int> out(4, 0);
  array_view<const int, 1> a(2, in);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) {
    int acc = 0;
    for (int k = 0; k < iterations; ++k) acc += a[0] * a[1];
    v[i] = acc + i[0];
  });
  v.synchronize();
  std::vector<int> want(4);
  for (int i = 0; i < 4; ++i) want[i] = iterations * in[0] * in[1] + i;
  ctx.output("sums", out, want);
}

}  // namespace
