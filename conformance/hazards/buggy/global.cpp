// Buggy kernels whose bug is in global memory (array_view elements): races between threads of one tile
// (no barrier, or a barrier or fence that does not order global memory), a plain store next to an
// atomic, races between tiles, which no barrier can order (BAR-11), and races between the threads of
// non-tiled launches (PFE-5). Each case must be reported with one of its kinds, and every finding must
// point at a line marked `// expect:`.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// An exchange through global memory across wait_with_tile_static_memory_fence(): the fence does not
// cover global memory.
TESSERA_CASE(global_exchange_across_tile_static_only_fence, "MEM-9,BAR-4", expect::hazard("read after write")) {
  std::vector<int> hs(64, 0), out(64);
  array_view<int, 1> scratch(64, hs), v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int l = t.local[0];
    scratch[t] = t.global[0] * 2;  // expect: read after write
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = scratch[t.tile_origin[0] + 15 - l];  // expect: read after write
  });
  v.synchronize();
}

// global_memory_fence() orders a thread's own accesses; it does not make the tile's threads wait.
TESSERA_CASE(global_fence_function_is_not_a_barrier, "BAR-5,MEM-4", expect::hazard("read after write")) {
  std::vector<int> hs(64, 0), out(64);
  array_view<int, 1> scratch(64, hs), v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int l = t.local[0];
    scratch[t] = t.global[0] + 7;  // expect: write after read, read after write
    global_memory_fence(t.barrier);
    v[t] = scratch[t.tile_origin[0] + (l + 1) % 16];  // expect: read after write, write after read
  });
  v.synchronize();
}

// One thread of the tile stores a counter plainly while the others add to it atomically (one tile, so
// the race is inside the tile).
TESSERA_CASE(global_store_next_to_atomic, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> hc(1, 0), out(16);
  array_view<int, 1> counter(1, hc), v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 5) {
      counter[0] = 1000;  // expect: write next to atomic
    } else {
      atomic_fetch_add(&counter[0], 1);  // expect: write next to atomic
    }
    v[t] = t.local[0];
  });
  v.synchronize();
}

// Thread 0 of each tile zeroes its tile's counter and every thread (thread 0 too) increments it, with no
// barrier between: thread 0's store races with the other threads' atomics whatever order they run in.
TESSERA_CASE(global_counter_zeroed_before_own_atomic, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> hc(4, 5), out(64);
  array_view<int, 1> counts(4, hc), v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) counts[t.tile[0]] = 0;  // expect: write next to atomic
    atomic_fetch_inc(&counts[t.tile[0]]);        // expect: write next to atomic
    v[t] = t.local[0];
  });
  v.synchronize();
}

// Thread 0 of a one-tile launch of two threads resets the global counter right after its own increment:
// at some seeds thread 1 increments before thread 0 does both.
TESSERA_CASE(global_counter_reset_after_own_atomic, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> hc(1, 0), out(2);
  array_view<int, 1> counter(1, hc), v(2, out);
  parallel_for_each(ctx.view(), v.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    atomic_fetch_inc(&counter[0]);        // expect: write next to atomic
    if (t.local[0] == 0) counter[0] = 0;  // expect: write next to atomic
    v[t] = t.local[0];
  });
  v.synchronize();
}

// Every tile writes the same 16 output elements.
TESSERA_CASE(two_tiles_write_one_element, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t.local[0]] = t.tile[0];  // expect: race between tiles
  });
  v.synchronize();
}

// Each tile doubles its elements; thread 0 of the next tile reads the last element of the previous
// tile, which that tile is writing. The barrier in between orders only the threads of one tile.
TESSERA_CASE(tile_reads_previous_tiles_last_element, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> hd(64), hc(4, 0);
  for (int i = 0; i < 64; ++i) hd[i] = i;
  array_view<int, 1> data(64, hd), carry(4, hc);
  parallel_for_each(ctx.view(), data.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    data[t] = data[t] * 2;  // expect: race between tiles
    t.barrier.wait();
    if (t.local[0] == 0 && t.tile[0] > 0) carry[t.tile[0]] = data[t.global[0] - 1];  // expect: race between tiles
  });
  carry.synchronize();
}

// Every thread reads the element 16 places on (in the next tile, which is writing it), then writes its
// own element after a barrier that orders only its own tile.
TESSERA_CASE(tile_reads_next_tile_before_it_writes, "BAR-11,MEM-6", expect::hazard("race between tiles")) {
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int next = v[(t.global[0] + 16) % 64];  // expect: race between tiles
    t.barrier.wait();
    v[t] = next + 1;  // expect: race between tiles
  });
  v.synchronize();
}

// Every thread of every tile increments one global counter with a plain +=.
TESSERA_CASE(global_counter_without_atomics, "MEM-4,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> hc(1, 0);
  array_view<int, 1> counter(1, hc);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16>) {
    counter[0] += 1;  // expect: race between tiles, read after write, write after read, write after write
  });
  counter.synchronize();
}

// An exchange through global memory with no barrier at all between the store and the load.
TESSERA_CASE(global_exchange_without_barrier, "MEM-4,MEM-6", expect::hazard("read after write")) {
  std::vector<int> hs(64, 0), out(64);
  array_view<int, 1> scratch(64, hs), v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int l = t.local[0];
    scratch[t] = l * l;  // expect: write after read, read after write
    v[t] = scratch[t.tile_origin[0] + (l + 1) % 16];  // expect: read after write, write after read
  });
  v.synchronize();
}

// A scatter whose target indices collide: threads 2k and 2k+1 (always in one tile) store to one element.
TESSERA_CASE(scatter_with_colliding_targets, "MEM-3,MEM-6", expect::hazard("write after write")) {
  std::vector<int> htarget(64), out(32, 0);
  for (int i = 0; i < 64; ++i) htarget[i] = i / 2;
  array_view<const int, 1> target(64, htarget);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), target.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[target[t]] = t.global[0];  // expect: write after write
  });
  v.synchronize();
}

// Each tile sums its elements straight into its own global slot with a plain +=.
TESSERA_CASE(per_tile_sum_into_global_without_atomics, "MEM-4,MEM-6", expect::hazard("read after write")) {
  std::vector<int> in(64, 1), hs(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> sums(4, hs);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    sums[t.tile] += a[t];  // expect: read after write, write after read, write after write
  });
  sums.synchronize();
}

// A non-tiled launch in which every point writes element 0.
TESSERA_CASE(non_tiled_every_point_writes_one_element, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  std::vector<int> out(1, 0);
  array_view<int, 1> last(1, out);
  parallel_for_each(ctx.view(), extent<1>(64), [=] restrict_amp (index<1> i) {
    last[0] = i[0];  // expect: race between threads
  });
  last.synchronize();
}

// A non-tiled 3-point stencil computed in place: a point reads neighbours other points are writing.
TESSERA_CASE(non_tiled_stencil_in_place, "PFE-5,MEM-6", expect::hazard("race between threads")) {
  std::vector<int> hd(64);
  for (int i = 0; i < 64; ++i) hd[i] = i % 7;
  array_view<int, 1> d(64, hd);
  parallel_for_each(ctx.view(), extent<1>(62), [=] restrict_amp (index<1> i) {
    const int x = i[0] + 1;
    d[x] = (d[x - 1] + d[x] + d[x + 1]) / 3;  // expect: race between threads
  });
  d.synchronize();
}

}  // namespace
