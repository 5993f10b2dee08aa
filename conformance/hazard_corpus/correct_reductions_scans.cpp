// Correct kernels: reductions, scans, histograms and atomics. None may be reported; each checks its
// result.
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace corpus {
namespace {
using namespace tessera;

std::vector<int> iota_input(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 7) % 13;
  return v;
}

std::vector<int> tile_sums(const std::vector<int>& in, int width) {
  std::vector<int> s(in.size() / width, 0);
  for (std::size_t i = 0; i < in.size(); ++i) s[i / width] += in[i];
  return s;
}

void reduction_sequential_addressing() {
  const auto in = iota_input(1024);
  std::vector<int> out(4);
  array_view<const int, 1> a(1024, in);
  array_view<int, 1> b(4, out);
  parallel_for_each(a.extent.tile<256>(), [=](tiled_index<256> t) restrict_amp {
    tile_static int s[256];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 128; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) b[t.tile] = s[0];
  });
  b.synchronize();
  check_equal("sums", out, tile_sums(in, 256));
}

void reduction_interleaved_addressing() {
  const auto in = iota_input(512);
  std::vector<int> out(8);
  array_view<const int, 1> a(512, in);
  array_view<int, 1> b(8, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 1; stride < 64; stride *= 2) {
      if (l % (2 * stride) == 0) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) b[t.tile] = s[0];
  });
  b.synchronize();
  check_equal("sums", out, tile_sums(in, 64));
}

void reduction_in_two_launches() {
  const auto in = iota_input(4096);
  std::vector<int> partial(64), total(1);
  array_view<const int, 1> a(4096, in);
  array_view<int, 1> p(64, partial);
  array_view<int, 1> r(1, total);
  auto reduce = [](array_view<const int, 1> src, array_view<int, 1> dst) {
    parallel_for_each(src.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
      tile_static int s[64];
      const int l = t.local[0];
      s[l] = src[t];
      t.barrier.wait();
      for (int stride = 32; stride > 0; stride /= 2) {
        if (l < stride) s[l] += s[l + stride];
        t.barrier.wait();
      }
      if (l == 0) dst[t.tile] = s[0];
    });
  };
  reduce(a, p);
  reduce(array_view<const int, 1>(p), r);
  r.synchronize();
  check_equal("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
}

void hillis_steele_scan_double_buffered() {
  const auto in = iota_input(64);
  std::vector<int> out(64);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(64, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static int buf[2][64];
    const int l = t.local[0];
    int from = 0;
    buf[0][l] = a[t];
    t.barrier.wait();
    for (int offset = 1; offset < 64; offset *= 2) {
      buf[1 - from][l] = l >= offset ? buf[from][l] + buf[from][l - offset] : buf[from][l];
      from = 1 - from;
      t.barrier.wait();
    }
    b[t] = buf[from][l];
  });
  b.synchronize();
  std::vector<int> want(64);
  std::partial_sum(in.begin(), in.end(), want.begin());
  check_equal("inclusive scan", out, want);
}

void blelloch_scan() {
  const auto in = iota_input(32);
  std::vector<int> out(32);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> b(32, out);
  parallel_for_each(extent<1>(16).tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[32];
    const int l = t.local[0];
    s[2 * l] = a[2 * l];
    s[2 * l + 1] = a[2 * l + 1];
    int offset = 1;
    for (int d = 16; d > 0; d /= 2) {  // up-sweep
      t.barrier.wait();
      if (l < d) s[offset * (2 * l + 2) - 1] += s[offset * (2 * l + 1) - 1];
      offset *= 2;
    }
    if (l == 0) s[31] = 0;
    for (int d = 1; d < 32; d *= 2) {  // down-sweep
      offset /= 2;
      t.barrier.wait();
      if (l < d) {
        const int ai = offset * (2 * l + 1) - 1, bi = offset * (2 * l + 2) - 1;
        const int x = s[ai];
        s[ai] = s[bi];
        s[bi] += x;
      }
    }
    t.barrier.wait();
    b[2 * l] = s[2 * l];
    b[2 * l + 1] = s[2 * l + 1];
  });
  b.synchronize();
  std::vector<int> want(32, 0);
  for (int i = 1; i < 32; ++i) want[i] = want[i - 1] + in[i - 1];
  check_equal("exclusive scan", out, want);
}

void histogram_with_tile_static_atomics() {
  std::vector<int> in(256);
  for (int i = 0; i < 256; ++i) in[i] = (i * 5) % 8;
  std::vector<int> out(8, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> h(8, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static int bins[8];
    if (t.local[0] < 8) bins[t.local[0]] = 0;
    t.barrier.wait();
    atomic_fetch_add(&bins[a[t]], 1);
    t.barrier.wait();
    if (t.local[0] < 8) atomic_fetch_add(&h[t.local[0]], bins[t.local[0]]);
  });
  h.synchronize();
  std::vector<int> want(8, 0);
  for (int v : in) ++want[v];
  check_equal("histogram", out, want);
}

void atomic_counter_from_every_tile() {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  parallel_for_each(extent<1>(512).tile<32>(), [=](tiled_index<32>) restrict_amp { atomic_fetch_add(&c[0], 1); });
  c.synchronize();
  check_equal("count", counter, std::vector<int>{512});
}

void compare_exchange_maximum() {
  const auto in = iota_input(256);
  std::vector<int> best(1, -1);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> m(1, best);
  parallel_for_each(a.extent.tile<32>(), [=](tiled_index<32> t) restrict_amp {
    const int mine = a[t];
    int seen = atomic_fetch_add(&m[0], 0);
    while (mine > seen && !atomic_compare_exchange(&m[0], &seen, mine)) {
    }
  });
  m.synchronize();
  check_equal("maximum", best, std::vector<int>{*std::max_element(in.begin(), in.end())});
}

void per_tile_flag_set_atomically() {
  std::vector<int> flags(8, 0);
  array_view<int, 1> f(8, flags);
  parallel_for_each(extent<1>(128).tile<16>(), [=](tiled_index<16> t) restrict_amp { atomic_exchange(&f[t.tile[0]], 1); });
  f.synchronize();
  check_equal("flags", flags, std::vector<int>(8, 1));
}

const registrar r1{{"ReductionSequentialAddressing", "BAR-1", expectation::clean, "", __FILE__, &reduction_sequential_addressing}};
const registrar r2{{"ReductionInterleavedAddressing", "BAR-1", expectation::clean, "", __FILE__, &reduction_interleaved_addressing}};
const registrar r3{{"ReductionInTwoLaunches", "BAR-11", expectation::clean, "", __FILE__, &reduction_in_two_launches}};
const registrar r4{{"HillisSteeleScanDoubleBuffered", "BAR-1", expectation::clean, "", __FILE__, &hillis_steele_scan_double_buffered}};
const registrar r5{{"BlellochScan", "BAR-1", expectation::clean, "", __FILE__, &blelloch_scan}};
const registrar r6{{"HistogramWithTileStaticAtomics", "MEM-3", expectation::clean, "", __FILE__, &histogram_with_tile_static_atomics}};
const registrar r7{{"AtomicCounterFromEveryTile", "MEM-3", expectation::clean, "", __FILE__, &atomic_counter_from_every_tile}};
const registrar r8{{"CompareExchangeMaximum", "MEM-3", expectation::clean, "", __FILE__, &compare_exchange_maximum}};
const registrar r9{{"PerTileFlagSetAtomically", "MEM-3", expectation::clean, "", __FILE__, &per_tile_flag_set_atomically}};

}  // namespace
}  // namespace corpus
