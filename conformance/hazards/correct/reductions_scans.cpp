// Correct kernels: tree reductions (sequential and interleaved addressing, two levels, combined across
// tiles with an atomic) and scans (Hillis-Steele double-buffered and in place with two barriers per step,
// Blelloch). The emulator's checks must not report any of them, and each records its result against a
// serial oracle (integers: exact on every backend). The sequential-addressing and two-level reductions
// and the double-buffered Hillis-Steele scan are the shared kernels (tessera/kernels/reduction.hpp,
// scan.hpp); the others test variants of their own.
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/scan.hpp>

#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

std::vector<int> tile_sums(const std::vector<int>& in, int tile) {
  std::vector<int> s(in.size() / tile, 0);
  for (std::size_t i = 0; i < in.size(); ++i) s[i / tile] += in[i];
  return s;
}

std::vector<int> inclusive_tile_scan(const std::vector<int>& in, int tile) {
  std::vector<int> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i] + (i % tile == 0 ? 0 : out[i - 1]);
  return out;
}

// Sequential addressing: at each step the lower half adds the upper half, behind a barrier (the shared
// tile_sum, tiles of 64).
TESSERA_CASE(reduction_sequential_addressing, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(1024, -16, 33);
  std::vector<int> out(16, 0);
  array_view<const int, 1> a(1024, in);
  array_view<int, 1> sums(16, out);
  tessera::kernels::tile_sum<64>(ctx.view(), a, sums);
  sums.synchronize();
  ctx.output("tile_sums", out, tile_sums(in, 64));
}

// Interleaved addressing: at each step every (2*stride)-th slot adds its partner, behind a barrier.
TESSERA_CASE(reduction_interleaved_addressing, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(512, -30, 59);
  std::vector<int> out(8, 0);
  array_view<const int, 1> a(512, in);
  array_view<int, 1> sums(8, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 1; stride < 64; stride *= 2) {
      if (l % (2 * stride) == 0) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
  ctx.output("tile_sums", out, tile_sums(in, 64));
}

// Two levels: each thread adds two elements while loading, the tiles reduce to partial sums, and a
// second launch reduces the partial sums to the total (launches are ordered, PFE-6). The shared
// tile_sum, tiles of 32: the first launch with two elements per thread (each of its 32 tiles sums 64
// consecutive elements), the second with one.
TESSERA_CASE(reduction_two_levels, "PFE-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(2048, -33, 66);
  std::vector<int> partial(32, 0), total(1, 0);
  array_view<const int, 1> a(2048, in);
  array_view<int, 1> p(32, partial), r(1, total);
  tessera::kernels::tile_sum<32>(ctx.view(), a, p, 2);
  tessera::kernels::tile_sum<32>(ctx.view(), p, r);
  r.synchronize();
  ctx.output("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
}

// Tile reductions combined across tiles with one atomic add per tile.
TESSERA_CASE(reduction_combined_atomically, "ATOM-3,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(1024, -21, 42);
  std::vector<int> total(1, 0);
  array_view<const int, 1> a(1024, in);
  array_view<int, 1> r(1, total);
  parallel_for_each(ctx.view(), a.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) {
    tile_static int s[128];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 64; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) atomic_fetch_add(&r[0], s[0]);
  });
  r.synchronize();
  ctx.output("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
}

// Hillis-Steele inclusive scan of each tile with two buffers: a step reads one and writes the other
// (the shared tile_scan, tiles of 32).
TESSERA_CASE(hillis_steele_scan_double_buffered, "MEM-5,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -6, 13);
  std::vector<int> out(256, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> v(256, out);
  tessera::kernels::tile_scan<32, tessera::kernels::scan_kind::inclusive>(ctx.view(), a, v);
  v.synchronize();
  ctx.output("inclusive_scan", out, inclusive_tile_scan(in, 32));
}

// Hillis-Steele in place, done right: read into a register, barrier, write, barrier.
TESSERA_CASE(hillis_steele_scan_in_place, "MEM-5,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, -10, 19);
  std::vector<int> out(128, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> v(128, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int offset = 1; offset < 16; offset *= 2) {
      const int left = l >= offset ? s[l - offset] : 0;
      t.barrier.wait();
      s[l] += left;
      t.barrier.wait();
    }
    v[t] = s[l];
  });
  v.synchronize();
  ctx.output("inclusive_scan", out, inclusive_tile_scan(in, 16));
}

// Blelloch's work-efficient exclusive scan: 32 elements per tile of 16 threads, up-sweep, clear,
// down-sweep, a barrier before every step.
TESSERA_CASE(blelloch_scan, "BAR-2,MEM-5", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, -8, 16);
  std::vector<int> out(128, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> v(128, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[32];
    const int l = t.local[0];
    const int base = t.tile[0] * 32;
    s[2 * l] = a[base + 2 * l];
    s[2 * l + 1] = a[base + 2 * l + 1];
    int offset = 1;
    for (int d = 16; d > 0; d /= 2) {
      t.barrier.wait();
      if (l < d) s[offset * (2 * l + 2) - 1] += s[offset * (2 * l + 1) - 1];
      offset *= 2;
    }
    if (l == 0) s[31] = 0;
    for (int d = 1; d < 32; d *= 2) {
      offset /= 2;
      t.barrier.wait();
      if (l < d) {
        const int ai = offset * (2 * l + 1) - 1;
        const int bi = offset * (2 * l + 2) - 1;
        const int left = s[ai];
        s[ai] = s[bi];
        s[bi] += left;
      }
    }
    t.barrier.wait();
    v[base + 2 * l] = s[2 * l];
    v[base + 2 * l + 1] = s[2 * l + 1];
  });
  v.synchronize();
  std::vector<int> want(128);
  for (int i = 0; i < 128; ++i) want[i] = i % 32 == 0 ? 0 : want[i - 1] + in[i - 1];
  ctx.output("exclusive_scan", out, want);
}

}  // namespace
