// Buggy kernels in the style of scoped-race microbenchmarks: an atomic and a plain access to one location,
// barriers whose fence is too narrow for the memory the threads communicate through (MEM-9), free fences
// taken for barriers (BAR-5), guards that do not protect what they guard, and locks released with a plain
// store (within a tile, and across tiles, where C++ AMP allows no lock at all: ATOM-7). Each case must be
// reported with one of its kinds, every finding pointing at a line marked `// expect:`; the fixed
// versions are in correct/right_fences_and_atomics.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Half the threads count with an atomic, the other half with a plain +=, into one tile_static counter.
TESSERA_CASE(atomic_and_plain_increments_of_one_counter, "ATOM-6,MEM-3", expect::hazard("write next to atomic,read after write,write after read,write after write")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    if (t.local[0] == 0) count = 0;
    t.barrier.wait();
    if (t.local[0] % 2 == 0) {
      atomic_fetch_add(&count, 1);  // expect: write next to atomic
    } else {
      count += 1;  // expect: write next to atomic, read after write, write after read, write after write
    }
    t.barrier.wait();
    v[t] = count;
  });
  v.synchronize();
}

// A tile reduction in tile_static whose barriers fence only global memory: every step reads partial sums
// of the step before across a barrier that does not order tile_static memory (MEM-9).
TESSERA_CASE(tile_static_reduction_with_global_fences, "MEM-9,BAR-3", expect::hazard("read after write,write after read")) {
  std::vector<int> in(128, 1), out(2, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> sums(2, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];  // expect: read after write, write after read
    t.barrier.wait_with_global_memory_fence();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read
      t.barrier.wait_with_global_memory_fence();
    }
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
}

// The same reduction in a global scratch array (one part per tile) whose barriers fence only tile_static
// memory: the partial sums are communicated through global memory (MEM-9).
TESSERA_CASE(global_scratch_reduction_with_tile_static_fences, "MEM-9,BAR-4", expect::hazard("read after write,write after read")) {
  std::vector<int> in(128, 1), scratch(128, 0), out(2, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> s(128, scratch), sums(2, out);
  parallel_for_each(ctx.view(), a.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int l = t.local[0], base = t.tile_origin[0];
    s[base + l] = a[t];  // expect: read after write, write after read
    t.barrier.wait_with_tile_static_memory_fence();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (l < stride) s[base + l] += s[base + l + stride];  // expect: read after write, write after read
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (l == 0) sums[t.tile] = s[base];
  });
  sums.synchronize();
}

// Thread 0 stores a per-tile parameter into global memory and the tile reads it after a barrier that
// fences only tile_static memory.
TESSERA_CASE(parameter_broadcast_through_global_across_tile_static_fence, "MEM-9,BAR-4", expect::hazard("read after write")) {
  std::vector<int> in(64), params(4, 0), out(64);
  for (int i = 0; i < 64; ++i) in[i] = i % 9;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> p(4, params), v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) p[t.tile[0]] = a[t] + 1;  // expect: read after write
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = a[t] * p[t.tile[0]];  // expect: read after write
  });
  v.synchronize();
}

// A flag and its payload in global memory, written by thread 0 and read by thread 1 of the same tile after
// all_memory_fence(): a fence orders thread 0's own stores, but thread 1 does not wait for them (BAR-5).
TESSERA_CASE(all_memory_fence_is_not_a_barrier, "BAR-5,MEM-4", expect::hazard("read after write,write after read")) {
  std::vector<int> hdata(4, 0), hflag(4, 0), out(4, -2);
  array_view<int, 1> data(4, hdata), flag(4, hflag), o(4, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int tile = t.tile[0];
    if (t.local[0] == 0) {
      data[tile] = 100 + tile;  // expect: read after write, write after read
      all_memory_fence(t.barrier);
      flag[tile] = 1;  // expect: read after write, write after read
    }
    if (t.local[0] == 1) o[tile] = flag[tile] == 1 ? data[tile] : -1;  // expect: read after write, write after read
  });
  o.synchronize();
}

// "Initialize once": every thread checks a tile_static flag and the first to find it clear fills a table
// and sets it. The check and the store race, and threads that see the flag set read the table unordered.
TESSERA_CASE(initialize_once_guard_does_not_protect, "MEM-6,TS-4", expect::hazard("read after write,write after read,write after write,uninitialized read")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int ready;
    tile_static int table[4];
    const int l = t.local[0];
    if (l == 0) ready = 0;
    t.barrier.wait();
    if (ready == 0) {  // expect: read after write, write after read
      for (int k = 0; k < 4; ++k) table[k] = k * k;  // expect: write after write, write after read, read after write
      ready = 1;  // expect: write after write, write after read, read after write
    }
    v[t] = table[l % 4];  // expect: read after write, write after read, uninitialized read
  });
  v.synchronize();
}

// A flag tested with an atomic and then set with a plain store by whoever saw it clear.
TESSERA_CASE(flag_tested_atomically_then_set_plainly, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int claimed;
    if (t.local[0] == 0) claimed = 0;
    t.barrier.wait();
    int mine = 0;
    if (atomic_fetch_add(&claimed, 0) == 0) {  // expect: write next to atomic
      claimed = t.local[0] + 1;                // expect: write next to atomic, write after write
      mine = 1;
    }
    v[t] = mine;
  });
  v.synchronize();
}

// A tile_static spin lock around a critical section, released with a plain store: the release races with
// the next thread's compare-exchange (and the section's plain update is ordered by nothing C++ AMP knows).
TESSERA_CASE(tile_static_lock_released_with_plain_store, "ATOM-6,ATOM-5", expect::hazard("write next to atomic,read after write,write after read,write after write")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int lock;
    tile_static int total;
    if (t.local[0] == 0) {
      lock = 0;
      total = 0;
    }
    t.barrier.wait();
    int expected = 0;
    while (!atomic_compare_exchange(&lock, &expected, 1)) {  // expect: write next to atomic, spin-wait without a barrier
      expected = 0;
    }
    total += t.local[0];  // expect: read after write, write after read, write after write
    lock = 0;             // expect: write next to atomic, write after write
    t.barrier.wait();
    v[t] = total;
  });
  v.synchronize();
}

// A global lock taken by thread 0 of every tile to add the tile's sum into a global total: locks across
// tiles are not part of the model (ATOM-7), the release is a plain store next to the other tiles'
// compare-exchange, and the total's plain update races between tiles.
TESSERA_CASE(global_lock_across_tiles_released_with_plain_store, "ATOM-7,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> in(128, 1), hlock(1, 0), htotal(1, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> lock(1, hlock), total(1, htotal);
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
      int expected = 0;
      while (!atomic_compare_exchange(&lock[0], &expected, 1)) {  // expect when tiles interleave: spin-wait without a barrier
        expected = 0;
      }
      total[0] += s[0];  // expect: race between tiles
      lock[0] = 0;       // expect: race between tiles
    }
  });
  total.synchronize();
}

}  // namespace
