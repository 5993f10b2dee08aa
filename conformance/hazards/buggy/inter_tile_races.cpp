// Buggy kernels whose tiles communicate through global memory inside one launch, which nothing orders
// (BAR-11: a barrier orders the threads of its own tile only; ATOM-5: atomics are not fences): tiles that
// write past their own part, results gathered by one tile from the others, message passing between tiles
// with plain or half-atomic flags, grid-stride loops with the wrong stride, overlapping sections, and
// non-tiled launches whose points overlap (PFE-5). Each case must be reported with one of its kinds, every
// finding pointing at a line marked `// expect:`; the fixed versions are in correct/inter_tile_fixed.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// The last thread of each tile also writes the first element of the next tile, which that tile writes too.
TESSERA_CASE(tile_writes_first_element_of_next_tile, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int g = t.global[0];
    v[g] = t.tile[0];                                   // expect: race between tiles
    if (t.local[0] == 15 && g + 1 < 64) v[g + 1] = t.tile[0];  // expect: race between tiles
  });
  v.synchronize();
}

// Each tile reduces its elements, then thread 0 of every tile stores its sum into one shared slot.
TESSERA_CASE(every_tile_stores_its_sum_into_one_slot, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> in(128, 1), total(1, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> r(1, total);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 16; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) r[0] = s[0];  // expect: race between tiles
  });
  r.synchronize();
}

// The "last tile sums the partials" reduction: each tile stores its partial sum and takes a ticket with an
// atomic; the tile that draws the last ticket adds up the partials. The atomic orders nothing (ATOM-5):
// the partials it reads were stored by other tiles in the same launch.
TESSERA_CASE(last_tile_reads_partials_after_atomic_ticket, "ATOM-5,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> in(128, 2), partial(4, 0), done(1, 0), total(1, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> p(4, partial), d(1, done), r(1, total);
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
      p[t.tile[0]] = s[0];  // expect: race between tiles
      if (atomic_fetch_inc(&d[0]) == 3) {
        int sum = 0;
        for (int k = 0; k < 4; ++k) sum += p[k];  // expect: race between tiles
        r[0] = sum;
      }
    }
  });
  r.synchronize();
}

// One tile adds up the partial sums of all tiles after a barrier, which orders only its own threads.
TESSERA_CASE(tile_zero_sums_partials_after_its_own_barrier, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> in(128, 3), partial(4, 0), total(1, 0);
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
    if (l == 0) p[t.tile[0]] = s[0];  // expect: race between tiles
    t.barrier.wait();
    if (t.tile[0] == 0 && l == 0) r[0] = p[0] + p[1] + p[2] + p[3];  // expect: race between tiles
  });
  r.synchronize();
}

// A grid-stride loop whose stride is half the number of threads launched: thread g and thread g + 32 (in
// another tile) update the same elements.
TESSERA_CASE(grid_stride_loop_with_half_the_stride, "PFE-5,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> data(256, 1);
  array_view<int, 1> d(256, data);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = t.global[0]; i < 256; i += 32) d[i] = d[i] * 2 + 1;  // expect: race between tiles
  });
  d.synchronize();
}

// Message passing between tiles with plain stores: tile 0 publishes a value and raises a flag, tile 1
// checks the flag and takes the value (or its negation as "not yet": it reads the value either way, so
// both races are there whether or not tile 0 ran first, at every worker count).
TESSERA_CASE(tile_publishes_flag_and_data_with_plain_stores, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> hdata(1, 0), hflag(1, 0), out(1, -2);
  array_view<int, 1> data(1, hdata), flag(1, hflag), o(1, out);
  parallel_for_each(ctx.view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.tile[0] == 0 && t.local[0] == 0) {
      data[0] = 42;  // expect: race between tiles
      flag[0] = 1;   // expect: race between tiles
    }
    if (t.tile[0] == 1 && t.local[0] == 0) o[0] = flag[0] == 1 ? data[0] : -1 - data[0];  // expect: race between tiles
  });
  o.synchronize();
}

// Message passing with an atomic flag but a plain payload, and the payload loaded before the flag is
// checked (as a compiler may hoist it): the payload's store and load still race.
TESSERA_CASE(atomic_flag_does_not_order_the_payload, "ATOM-5,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> hdata(1, 0), hflag(1, 0), out(1, -2);
  array_view<int, 1> data(1, hdata), flag(1, hflag), o(1, out);
  parallel_for_each(ctx.view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.tile[0] == 0 && t.local[0] == 0) {
      data[0] = 42;  // expect: race between tiles
      atomic_exchange(&flag[0], 1);
    }
    if (t.tile[0] == 1 && t.local[0] == 0) {
      const int payload = data[0];  // expect: race between tiles
      o[0] = atomic_fetch_add(&flag[0], 0) == 1 ? payload : -1;
    }
  });
  o.synchronize();
}

// An inclusive scan of each tile in place, then each tile adds the last element of the previous tile,
// which that tile is overwriting in the same launch.
TESSERA_CASE(scan_carries_from_previous_tile_in_same_launch, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> data(64, 1);
  array_view<int, 1> d(64, data);
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
    const int carry = t.tile[0] > 0 ? d[t.tile_origin[0] - 1] : 0;  // expect: race between tiles
    d[t] = s[l] + carry;  // expect: race between tiles
  });
  d.synchronize();
}

// 2-D tiles whose last local row also writes the row below, the first row of the tile underneath.
TESSERA_CASE(two_dimensional_tiles_write_the_row_below, "BAR-11,TIDX-2", expect::hazard("race between tiles")) {
  std::vector<int> out(8 * 8, 0);
  array_view<int, 2> v(8, 8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    const int r = t.global[0], c = t.global[1];
    v(r, c) = t.tile[0] * 2 + t.tile[1];  // expect: race between tiles
    if (t.local[0] == 3 && r + 1 < 8) v(r + 1, c) = -1;  // expect: race between tiles
  });
  v.synchronize();
}

// Two sections of one array meant to split it in halves, the second starting four elements early: the
// eight elements where they overlap are written through one section by one tile and through the other by
// another.
TESSERA_CASE(overlapping_sections_written_by_different_tiles, "AV-9,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> data(64, 0);
  array_view<int, 1> whole(64, data);
  array_view<int, 1> low = whole.section(0, 36), high = whole.section(28, 36);
  parallel_for_each(ctx.view(), extent<1>(36).tile<12>(), [=] restrict_amp (tiled_index<12> t) {
    low[t] = 1;   // expect: race between tiles
    high[t] = 2;  // expect: race between tiles
  });
  whole.synchronize();
}

// A non-tiled histogram whose bins are incremented with a plain +=.
TESSERA_CASE(non_tiled_histogram_with_plain_increment, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  std::vector<int> in(64), bins(8, 0);
  for (int i = 0; i < 64; ++i) in[i] = (i * 3) % 8;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> h(8, bins);
  parallel_for_each(ctx.view(), a.extent, [=] restrict_amp (index<1> i) {
    h[a[i]] += 1;  // expect: race between threads
  });
  h.synchronize();
}

// A non-tiled pass of neighbour swaps in which every point swaps its element with the next one: points i
// and i+1 both touch element i+1.
TESSERA_CASE(non_tiled_overlapping_neighbour_swaps, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  std::vector<int> data(64);
  for (int i = 0; i < 64; ++i) data[i] = 63 - i;
  array_view<int, 1> d(64, data);
  parallel_for_each(ctx.view(), extent<1>(63), [=] restrict_amp (index<1> i) {
    const int x = i[0];
    if (d[x] > d[x + 1]) {  // expect: race between threads
      const int keep = d[x];
      d[x] = d[x + 1];
      d[x + 1] = keep;        // expect: race between threads
    }
  });
  d.synchronize();
}

}  // namespace
