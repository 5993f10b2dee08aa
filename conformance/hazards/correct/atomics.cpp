// Correct kernels built on atomics: histograms in tile_static and in global memory, a global counter,
// a compare-exchange maximum, per-tile minimum and maximum, per-tile flags, and plain reads next to atomic
// increments (read and atomic are compatible, MEM-3). The emulator's checks must not report any of them;
// each records its result against a serial oracle. The histogram combined across tiles is the shared
// kernel (tessera/kernels/histogram.hpp).
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/histogram.hpp>

#include <algorithm>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Atomic increments into a tile_static histogram, then one plain store per bin after a barrier.
TESSERA_CASE(tile_static_histogram_with_atomics, "TS-9,ATOM-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(512, 0, 15);
  std::vector<int> out(4 * 16, 0);
  array_view<const int, 1> a(512, in);
  array_view<int, 1> hist(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) {
    tile_static int bins[16];
    const int l = t.local[0];
    if (l < 16) bins[l] = 0;
    t.barrier.wait();
    atomic_fetch_add(&bins[a[t]], 1);
    t.barrier.wait();
    if (l < 16) hist[t.tile[0] * 16 + l] = bins[l];
  });
  hist.synchronize();
  std::vector<int> want(64, 0);
  for (int i = 0; i < 512; ++i) ++want[(i / 128) * 16 + in[i]];
  ctx.output("histogram", out, want);
}

// Tile-local bins counted with tile_static atomics, then added into the global bins with global
// atomics (tiles combine only through atomics, BAR-11): the shared tile_histogram, tiles of 64, 8 bins
// (it skips the bins that stayed 0).
TESSERA_CASE(histogram_tile_static_bins_combined_atomically, "TS-9,ATOM-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, 0, 7);
  std::vector<int> out(8, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> h(8, out);
  tessera::kernels::tile_histogram<64, 8>(ctx.view(), a, h);
  h.synchronize();
  std::vector<int> want(8, 0);
  for (int v : in) ++want[v];
  ctx.output("histogram", out, want);
}

// Atomic increments into shared global bins from every tile.
TESSERA_CASE(global_histogram_with_atomics, "ATOM-2,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(512, 0, 7);
  std::vector<int> bins(8, 0);
  array_view<const int, 1> a(512, in);
  array_view<int, 1> h(8, bins);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    atomic_fetch_inc(&h[a[t]]);
  });
  h.synchronize();
  std::vector<int> want(8, 0);
  for (int x : in) ++want[x];
  ctx.output("bins", bins, want);
}

// Every thread of every tile counts its element into one global counter with an atomic add.
TESSERA_CASE(atomic_global_counter, "ATOM-2,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(1024, -13, 26);
  std::vector<int> count(1, 0);
  array_view<const int, 1> a(1024, in);
  array_view<int, 1> c(1, count);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    if (a[t] > 0) atomic_fetch_add(&c[0], 1);
  });
  c.synchronize();
  const int want = static_cast<int>(std::count_if(in.begin(), in.end(), [](int x) { return x > 0; }));
  ctx.output("count", count, std::vector<int>{want});
}

// A global maximum with a compare-exchange loop; the first guess is a plain load (compatible with the
// atomics, MEM-3).
TESSERA_CASE(atomic_compare_exchange_maximum, "ATOM-4,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(1024, 0, 999);
  std::vector<int> best(1, -1);
  array_view<const int, 1> a(1024, in);
  array_view<int, 1> m(1, best);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int value = a[t];
    int expected = m[0];
    while (value > expected && !atomic_compare_exchange(&m[0], &expected, value)) {
    }
  });
  m.synchronize();
  ctx.output("maximum", best, std::vector<int>{*std::max_element(in.begin(), in.end())});
}

// Per-tile minimum and maximum with atomic_fetch_min/max on tile_static, set up and read behind barriers.
TESSERA_CASE(atomic_min_max_in_tile_static, "TS-9,ATOM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -25, 51);
  std::vector<int> out(8, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int lo;
    tile_static int hi;
    const int l = t.local[0];
    if (l == 0) lo = 1 << 30;
    if (l == 1) hi = -(1 << 30);
    t.barrier.wait();
    atomic_fetch_min(&lo, a[t]);
    atomic_fetch_max(&hi, a[t]);
    t.barrier.wait();
    if (l == 0) v[2 * t.tile[0]] = lo;
    if (l == 1) v[2 * t.tile[0] + 1] = hi;
  });
  v.synchronize();
  std::vector<int> want;
  for (int tile = 0; tile < 4; ++tile) {
    want.push_back(*std::min_element(in.begin() + tile * 64, in.begin() + tile * 64 + 64));
    want.push_back(*std::max_element(in.begin() + tile * 64, in.begin() + tile * 64 + 64));
  }
  ctx.output("min_and_max", out, want);
}

// Plain loads of a tile_static counter next to atomic increments of it in the same interval: read and
// atomic are compatible (MEM-3). What a thread sees is not deterministic (at least its own increment,
// at most all of them), so it is a requirement, not an output; the final count is.
TESSERA_CASE(plain_reads_next_to_atomic_increments, "MEM-3,TS-9", expect::pass) {
  std::vector<int> seen(64, 0), final_count(4, 0);
  array_view<int, 1> v(64, seen), f(4, final_count);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int counter;
    const int l = t.local[0];
    if (l == 0) counter = 0;
    t.barrier.wait();
    atomic_fetch_add(&counter, 1);
    v[t] = counter;
    t.barrier.wait();
    if (l == 0) f[t.tile] = counter;
  });
  v.synchronize();
  f.synchronize();
  ctx.require(std::all_of(seen.begin(), seen.end(), [](int x) { return x >= 1 && x <= 16; }),
              "every thread saw the counter between 1 and 16");
  ctx.output("final_counts", final_count, std::vector<int>(4, 16));
}

// A tile_static counter and a global per-tile counter zeroed by thread 0, then a barrier, then every
// thread (thread 0 too) increments both: the barrier orders the stores before the atomics (BAR-2).
TESSERA_CASE(counters_zeroed_then_barrier_then_atomics, "ATOM-6,MEM-3,BAR-2", expect::pass) {
  std::vector<int> seen(64, 0), counts(4, 9);
  array_view<int, 1> v(64, seen), c(4, counts);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    if (t.local[0] == 0) {
      count = 0;
      c[t.tile[0]] = 0;
    }
    t.barrier.wait();
    atomic_fetch_inc(&count);
    atomic_fetch_inc(&c[t.tile[0]]);
    t.barrier.wait();
    v[t] = count;
  });
  v.synchronize();
  c.synchronize();
  ctx.output("tile_static_counts", seen, std::vector<int>(64, 16));
  ctx.output("global_counts", counts, std::vector<int>(4, 16));
}

// Thread 0 resets the counters after a barrier that follows every thread's increment, and reads them
// back after another: each store sits in an interval of its own.
TESSERA_CASE(counters_reset_after_barrier_following_atomics, "ATOM-6,MEM-3,BAR-2", expect::pass) {
  std::vector<int> first(4, 0), counts(4, 0);
  array_view<int, 1> f(4, first), c(4, counts);
  parallel_for_each(ctx.view(), extent<1>(8).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    atomic_fetch_inc(&count);
    atomic_fetch_inc(&c[t.tile[0]]);
    t.barrier.wait();
    if (t.local[0] == 0) {
      f[t.tile[0]] = count;
      count = 0;
      c[t.tile[0]] = 10 * c[t.tile[0]];
    }
  });
  f.synchronize();
  c.synchronize();
  ctx.output("counts_before_reset", first, std::vector<int>(4, 2));
  ctx.output("global_after_reset", counts, std::vector<int>(4, 20));
}

// Every thread of a tile sets its tile's flag with atomic_exchange (atomic/atomic is compatible).
TESSERA_CASE(per_tile_flag_set_atomically, "ATOM-3,MEM-3", expect::pass) {
  std::vector<int> flags(8, 0);
  array_view<int, 1> f(8, flags);
  parallel_for_each(ctx.view(), extent<1>(128).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    atomic_exchange(&f[t.tile[0]], 1);
  });
  f.synchronize();
  ctx.output("flags", flags, std::vector<int>(8, 1));
}

}  // namespace
