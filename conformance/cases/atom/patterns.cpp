// Atomics in use: histograms in tile_static memory (ATOM-2), tiles communicating only through atomics
// (ATOM-5), plain loads next to atomics (ATOM-6), and a tile-local election with a barrier in its loop
// (ATOM-7, the valid form of a lock).
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <numeric>

namespace {
using namespace tessera;
using tessera::index;

// A histogram: each tile counts its values into tile_static bins with atomic_fetch_inc, then adds its bins
// into the global histogram with atomic_fetch_add (int bins and unsigned bins).
TESSERA_CASE(histogram_tile_static_then_global, "ATOM-2,ATOM-1", expect::pass) {
  constexpr int bins = 32, tile = 256, n = 2048;
  const auto values = ctx.random_ints(n, 0, bins - 1);
  std::vector<int> hist(bins, 0);
  std::vector<unsigned> uhist(bins, 0u);
  array_view<const int, 1> vv(n, values);
  array_view<int, 1> vh(bins, hist);
  array_view<unsigned, 1> vu(bins, uhist);
  parallel_for_each(ctx.view(), vv.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int local_bins[bins];
    tile_static unsigned local_ubins[bins];
    const int l = t.local[0];
    if (l < bins) {
      local_bins[l] = 0;
      local_ubins[l] = 0u;
    }
    t.barrier.wait();
    atomic_fetch_inc(&local_bins[vv[t]]);
    atomic_fetch_add(&local_ubins[vv[t]], 1u);
    t.barrier.wait();
    if (l < bins) {
      atomic_fetch_add(&vh[l], local_bins[l]);
      atomic_fetch_add(&vu[l], local_ubins[l]);
    }
  });
  vh.synchronize();
  vu.synchronize();
  std::vector<int> want(bins, 0);
  std::vector<unsigned> uwant(bins, 0u);
  for (int v : values) {
    ++want[v];
    ++uwant[v];
  }
  ctx.output("int_histogram", hist, want);
  ctx.output("unsigned_histogram", uhist, uwant);
}

// Atomics are the way tiles communicate (ATOM-5): each location has its own order, and every location's
// total is exact. 16 tiles each take a ticket (the tickets are a permutation of 0..15), and every thread
// adds into one of 13 counters and raises one of 5 maxima, the locations chosen by its global index.
TESSERA_CASE(tiles_share_only_through_atomics_per_location_exact, "ATOM-5,ATOM-3", expect::pass) {
  constexpr int tile = 64, tiles = 16, n = tile * tiles;
  const auto values = ctx.random_ints(n, 0, 1000000);
  std::vector<int> next_ticket(1, 0), tickets(tiles, -1), counters(13, 0), maxima(5, -1);
  array_view<const int, 1> vv(n, values);
  array_view<int, 1> vnext(1, next_ticket), vtickets(tiles, tickets), vcount(13, counters), vmax(5, maxima);
  parallel_for_each(ctx.view(), vv.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    if (t.local[0] == 0) vtickets[t.tile[0]] = atomic_fetch_inc(&vnext[0]);
    atomic_fetch_add(&vcount[(t.global[0] * 7) % 13], vv[t]);
    atomic_fetch_max(&vmax[t.global[0] % 5], vv[t]);
  });
  vnext.synchronize();
  vtickets.synchronize();
  vcount.synchronize();
  vmax.synchronize();
  std::vector<int> want_count(13, 0), want_max(5, -1);
  for (int i = 0; i < n; ++i) {
    want_count[(i * 7) % 13] += values[i];
    want_max[i % 5] = std::max(want_max[i % 5], values[i]);
  }
  std::vector<int> sorted_tickets(tickets), permutation(tiles);
  std::sort(sorted_tickets.begin(), sorted_tickets.end());
  std::iota(permutation.begin(), permutation.end(), 0);
  ctx.output("tickets_sorted", sorted_tickets, permutation);
  ctx.output("next_ticket", next_ticket, std::vector<int>{tiles});
  ctx.output("counters", counters, want_count);
  ctx.output("maxima", maxima, want_max);
}

// A plain load of a location other threads update atomically is allowed (ATOM-6; only a plain store is
// not): every thread reads the counter plainly while the tile increments it, on global and tile_static
// memory. A value read is some count between 0 and the tile size; the totals are exact.
TESSERA_CASE(plain_load_next_to_atomic_is_allowed, "ATOM-6,ATOM-2", expect::pass) {
  constexpr int tile = 128, tiles = 4, n = tile * tiles;
  std::vector<int> global_counts(tiles, 0), tile_counts(tiles, -1), in_range(n, -1);
  array_view<int, 1> vg(tiles, global_counts), vt(tiles, tile_counts), vr(n, in_range);
  parallel_for_each(ctx.view(), vr.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    atomic_fetch_inc(&count);
    atomic_fetch_inc(&vg[t.tile[0]]);
    const int seen_tile = count;            // plain load next to other threads' atomics
    const int seen_global = vg[t.tile[0]];  // the same on global memory
    vr[t] = (seen_tile >= 1 && seen_tile <= tile && seen_global >= 1 && seen_global <= tile) ? 1 : 0;
    t.barrier.wait();
    if (t.local[0] == 0) vt[t.tile[0]] = count;
  });
  vg.synchronize();
  vt.synchronize();
  vr.synchronize();
  ctx.output("global_counts", global_counts, std::vector<int>(tiles, tile));
  ctx.output("tile_counts", tile_counts, std::vector<int>(tiles, tile));
  ctx.output("loads_in_range", in_range, std::vector<int>(n, 1));
}

// The valid form of a lock (ATOM-7): inside one tile, with barriers in every round of the loop. Each round
// the threads not yet served race for a tile_static owner cell with compare_exchange; after a barrier the
// winner records itself, and thread 0 resets the owner. The loop runs while anyone is unserved (a round a
// spurious failure leaves without a winner is simply repeated). Every thread is served exactly once.
TESSERA_CASE(tile_local_election_with_barrier_in_loop, "ATOM-7,ATOM-4", expect::pass) {
  constexpr int tile = 32, tiles = 4, n = tile * tiles;
  std::vector<int> order(n, -1);
  array_view<int, 1> vo(n, order);
  parallel_for_each(ctx.view(), vo.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int owner;
    tile_static int remaining;
    const int me = t.local[0];
    bool served = false;
    if (me == 0) {
      owner = -1;
      remaining = tile;
    }
    t.barrier.wait();
    while (remaining > 0) {  // read after a barrier by every thread: the same trip count everywhere
      if (!served) {
        int free_owner = -1;
        atomic_compare_exchange(&owner, &free_owner, me);
      }
      t.barrier.wait();
      if (owner == me) {
        vo[t.tile_origin[0] + (tile - remaining)] = me;
        served = true;
      }
      t.barrier.wait();
      if (me == 0) {
        if (owner != -1) remaining -= 1;
        owner = -1;
      }
      t.barrier.wait();
    }
  });
  vo.synchronize();
  // Each tile's order is a permutation of its local indices.
  std::vector<int> got, want;
  for (int tl = 0; tl < tiles; ++tl) {
    std::vector<int> g(order.begin() + tl * tile, order.begin() + (tl + 1) * tile), w(tile);
    std::sort(g.begin(), g.end());
    std::iota(w.begin(), w.end(), 0);
    got.insert(got.end(), g.begin(), g.end());
    want.insert(want.end(), w.begin(), w.end());
  }
  ctx.output("served_sorted", got, want);
}

}  // namespace
