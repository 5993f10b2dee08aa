// Correct kernels whose tiles share results the ways C++ AMP allows, the fixed versions of
// buggy/inter_tile_races.cpp: every tile writes only its own part, results cross tiles through atomics or
// through the next launch (PFE-6: launches are ordered), grid-stride loops with the full stride, a scan
// across tiles in three launches, and non-tiled launches whose points touch disjoint elements. The
// emulator's checks must not report any of them; each records its result against a serial oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Each tile writes its own elements, and its last thread records the tile's boundary value in a per-tile
// array instead of in the next tile's first element.
TESSERA_CASE(tile_records_its_boundary_in_its_own_slot, "BAR-11,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0), boundary(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out), b(4, boundary);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = a[t] * 2;
    if (t.local[0] == 15) b[t.tile] = a[t];
  });
  v.synchronize();
  b.synchronize();
  std::vector<int> want(64), want_boundary(4);
  for (int g = 0; g < 64; ++g) want[g] = in[g] * 2;
  for (int k = 0; k < 4; ++k) want_boundary[k] = in[k * 16 + 15];
  ctx.output("doubled", out, want);
  ctx.output("boundaries", boundary, want_boundary);
}

// Tile sums stored into one slot per tile, added up by a second launch (launches are ordered, PFE-6).
TESSERA_CASE(tile_sums_gathered_by_a_second_launch, "PFE-6,BAR-11", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, -50, 50);
  std::vector<int> partial(4, 0), total(1, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> p(4, partial), r(1, total);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 16; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) p[t.tile] = s[0];
  });
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) { r[0] = p[0] + p[1] + p[2] + p[3]; });
  r.synchronize();
  ctx.output("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
}

// Tile sums added into the total with one atomic per tile, and the tiles counted with an atomic ticket.
TESSERA_CASE(tile_sums_added_atomically_with_ticket_count, "ATOM-3,BAR-11", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -40, 40);
  std::vector<int> total(1, 0), tickets(1, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> r(1, total), done(1, tickets);
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
      atomic_fetch_inc(&done[0]);
    }
  });
  r.synchronize();
  done.synchronize();
  ctx.output("total", total, std::vector<int>{std::accumulate(in.begin(), in.end(), 0)});
  ctx.output("tiles", tickets, std::vector<int>{8});
}

// A grid-stride loop whose stride is the number of threads launched: every element has one owner.
TESSERA_CASE(grid_stride_loop_with_full_stride, "PFE-5,BAR-11", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -1000, 1000);
  std::vector<int> data = in;
  array_view<int, 1> d(256, data);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = t.global[0]; i < 256; i += 64) d[i] = d[i] * 2 + 1;
  });
  d.synchronize();
  std::vector<int> want(in);
  for (int& x : want) x = x * 2 + 1;
  ctx.output("updated", data, want);
}

// Message passing between tiles done by two launches: the first publishes a value and a flag, the second
// reads them.
TESSERA_CASE(message_passed_between_two_launches, "PFE-6,BAR-11", expect::pass) {
  const std::vector<int> in = ctx.random_ints(1, -1000, 1000);
  std::vector<int> hdata(1, 0), hflag(1, 0), out(1, -2);
  array_view<const int, 1> a(1, in);
  array_view<int, 1> data(1, hdata), flag(1, hflag), o(1, out);
  parallel_for_each(ctx.view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.tile[0] == 0 && t.local[0] == 0) {
      data[0] = a[0];
      flag[0] = 1;
    }
  });
  parallel_for_each(ctx.view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.tile[0] == 1 && t.local[0] == 0) o[0] = flag[0] == 1 ? data[0] : -1;
  });
  o.synchronize();
  ctx.output("received", out, in);
}

// An inclusive scan of the whole array in three launches: each tile scans its part and records its total;
// one tile scans the totals; each tile adds the total of the tiles before it.
TESSERA_CASE(scan_across_tiles_in_three_launches, "PFE-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(128, -20, 20);
  std::vector<int> data = in, totals(8, 0);
  array_view<int, 1> d(128, data), sums(8, totals);
  parallel_for_each(ctx.view(), d.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = d[t];
    t.barrier.wait();
    for (int offset = 1; offset < 16; offset *= 2) {
      const int left = l >= offset ? s[l - offset] : 0;
      t.barrier.wait();
      s[l] += left;
      t.barrier.wait();
    }
    d[t] = s[l];
    if (l == 15) sums[t.tile] = s[15];
  });
  parallel_for_each(ctx.view(), sums.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s[8];
    const int l = t.local[0];
    s[l] = sums[t];
    t.barrier.wait();
    for (int offset = 1; offset < 8; offset *= 2) {
      const int left = l >= offset ? s[l - offset] : 0;
      t.barrier.wait();
      s[l] += left;
      t.barrier.wait();
    }
    sums[t] = s[l] - sums[t];  // exclusive: the total of the tiles before
  });
  parallel_for_each(ctx.view(), d.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { d[t] = d[t] + sums[t.tile]; });
  d.synchronize();
  std::vector<int> want(128);
  std::partial_sum(in.begin(), in.end(), want.begin());
  ctx.output("scan", data, want);
}

// 2-D tiles that write only their own elements; the value of the row below comes from the input.
TESSERA_CASE(two_dimensional_tiles_read_the_row_below_from_input, "BAR-11,TIDX-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(8 * 8, -100, 100);
  std::vector<int> out(8 * 8, 0);
  array_view<const int, 2> a(8, 8, in);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    const int r = t.global[0], c = t.global[1];
    v(r, c) = a(r, c) - (r + 1 < 8 ? a(r + 1, c) : 0);
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) want[r * 8 + c] = in[r * 8 + c] - (r + 1 < 8 ? in[(r + 1) * 8 + c] : 0);
  ctx.output("differences", out, want);
}

// Two sections that split one array in halves, written through by every tile: the halves are disjoint.
TESSERA_CASE(disjoint_sections_written_by_every_tile, "AV-9,BAR-11", expect::pass) {
  const std::vector<int> in = ctx.random_ints(32, -100, 100);
  std::vector<int> data(64, 0);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> whole(64, data);
  array_view<int, 1> low = whole.section(0, 32), high = whole.section(32, 32);
  parallel_for_each(ctx.view(), a.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    low[t] = a[t];
    high[t] = -a[t];
  });
  whole.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 32; ++i) {
    want[i] = in[i];
    want[32 + i] = -in[i];
  }
  ctx.output("halves", data, want);
}

// A non-tiled histogram counted with atomic increments.
TESSERA_CASE(non_tiled_histogram_with_atomics, "PFE-5,ATOM-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(300, 0, 9);
  std::vector<int> bins(10, 0);
  array_view<const int, 1> a(300, in);
  array_view<int, 1> h(10, bins);
  parallel_for_each(ctx.view(), a.extent, [=] restrict_amp (index<1> i) { atomic_fetch_inc(&h[a[i]]); });
  h.synchronize();
  std::vector<int> want(10, 0);
  for (int x : in) ++want[x];
  ctx.output("bins", bins, want);
}

// Odd-even transposition sort across the whole array, one launch per phase: in each launch a point owns
// one disjoint pair (2i, 2i+1) or (2i+1, 2i+2).
TESSERA_CASE(non_tiled_odd_even_sort_one_launch_per_phase, "PFE-5,PFE-6", expect::pass) {
  constexpr int n = 16;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> data = in;
  array_view<int, 1> d(n, data);
  for (int phase = 0; phase < n; ++phase) {
    const int first = phase % 2;
    parallel_for_each(ctx.view(), extent<1>((n - first) / 2), [=] restrict_amp (index<1> i) {
      const int x = first + 2 * i[0];
      if (x + 1 < n && d[x] > d[x + 1]) {
        const int keep = d[x];
        d[x] = d[x + 1];
        d[x + 1] = keep;
      }
    });
  }
  d.synchronize();
  std::vector<int> want(in);
  std::sort(want.begin(), want.end());
  ctx.output("sorted", data, want);
}

// A stencil whose tiles read the input elements of the neighbouring tiles (read-only sharing across tiles
// is compatible, MEM-3) and write only their own outputs.
TESSERA_CASE(tiles_read_neighbouring_tiles_input, "MEM-3,BAR-11", expect::pass) {
  constexpr int n = 96;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int g = t.global[0];
    int sum = 0;
    for (int k = -3; k <= 3; ++k) sum += a[(g + k + n) % n];
    v[t] = sum;
  });
  v.synchronize();
  std::vector<int> want(n, 0);
  for (int g = 0; g < n; ++g)
    for (int k = -3; k <= 3; ++k) want[g] += in[(g + k + n) % n];
  ctx.output("window_sums", out, want);
}

}  // namespace
