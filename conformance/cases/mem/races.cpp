// MEM-3, MEM-4, MEM-6, ATOM-5, ATOM-6, BAR-11: racy programs. Two threads make incompatible accesses (at
// least one a plain write) to one location with nothing of the right kind ordering them: within a tile
// on tile_static and on global memory (read after write, write after read, write after write), between
// tiles, between threads of a non-tiled launch, and a plain store next to an atomic. Undefined on a GPU;
// the emulator's checks report each at the marked lines, whatever the thread order.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// tile_static, read after write: each thread rewrites its slot and reads its neighbour's with no barrier.
TESSERA_CASE(tile_static_neighbour_read_without_a_barrier, "MEM-6,MEM-4", expect::hazard("read after write,write after read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = 0;
    t.barrier.wait();
    s[l] = l + 1;  // expect: read after write, write after read
    v[t] = s[(l + 1) % 16];  // expect: read after write, write after read
  });
}

// tile_static, write after read: each thread overwrites its slot while its left neighbour may still have
// to read it (some thread always reads before the owner writes: the dependence is a cycle).
TESSERA_CASE(tile_static_overwrite_while_a_neighbour_reads, "MEM-6,MEM-4", expect::hazard("write after read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = l;
    t.barrier.wait();
    const int next = s[(l + 1) % 16];  // expect: write after read, read after write
    s[l] = next * 2;  // expect: write after read, read after write
    t.barrier.wait();
    v[t] = s[l];
  });
}

// tile_static, write after write: every thread of the tile stores into one variable.
TESSERA_CASE(tile_static_every_thread_writes_one_variable, "MEM-6,MEM-3", expect::hazard("write after write")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int last;
    last = t.local[0];  // expect: write after write
    t.barrier.wait();
    v[t] = last;
  });
}

// The classic: `total += x` into one tile_static variable by every thread, without atomics.
TESSERA_CASE(tile_static_sum_without_atomics, "MEM-6,MEM-3", expect::hazard("write after write,read after write,write after read")) {
  std::vector<int> in(32, 1), out(2, 0);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int total;
    if (t.local[0] == 0) total = 0;
    t.barrier.wait();
    total += a[t];  // expect: write after write, read after write, write after read
    t.barrier.wait();
    if (t.local[0] == 0) v[t.tile] = total;
  });
}

// A tree reduction that forgot the barrier inside its loop: later steps read partial sums being written.
TESSERA_CASE(tree_reduction_missing_the_barrier_in_its_loop, "MEM-6,MEM-5", expect::hazard("read after write,write after read")) {
  std::vector<int> in(32, 1), out(1, 0);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(1, out);
  parallel_for_each(ctx.view(), a.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 16; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];  // expect: read after write, write after read
    }
    t.barrier.wait();
    if (l == 0) v[0] = s[0];
  });
}

// Global memory within a tile, read after write: no barrier between a thread's store and its
// neighbour's load.
TESSERA_CASE(global_neighbour_read_without_a_barrier, "MEM-6,MEM-4", expect::hazard("read after write,write after read")) {
  std::vector<int> scratch(16, 0), out(16, 0);
  array_view<int, 1> g(16, scratch), v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    g[t] = t.local[0] * 3;  // expect: read after write, write after read
    v[t] = g[(t.local[0] + 1) % 16];  // expect: read after write, write after read
  });
}

// Global memory within a tile, write after read: an in-place shift without a barrier between the load of
// the neighbour's element and the store into one's own.
TESSERA_CASE(global_in_place_shift_within_a_tile, "MEM-6,MEM-4", expect::hazard("write after read")) {
  std::vector<int> data(16, 0);
  for (int k = 0; k < 16; ++k) data[k] = k;
  array_view<int, 1> g(16, data);
  parallel_for_each(ctx.view(), g.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const int next = g[(t.local[0] + 1) % 16];  // expect: write after read, read after write
    g[t] = next;  // expect: write after read, read after write
  });
}

// Global memory within a tile, write after write: every thread of a tile stores its tile's result.
TESSERA_CASE(global_every_thread_of_a_tile_stores_one_element, "MEM-6,MEM-3", expect::hazard("write after write")) {
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  parallel_for_each(ctx.view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t.tile] = t.local[0];  // expect: write after write
  });
}

// Between tiles: one thread of each tile stores into the same element.
TESSERA_CASE(every_tile_stores_into_one_element, "MEM-4,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> out(1, 0);
  array_view<int, 1> v(1, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) v[0] = t.tile[0];  // expect: race between tiles
  });
}

// Between tiles: each tile writes the elements of the next tile while that tile reads them.
TESSERA_CASE(in_place_shift_by_one_tile, "MEM-4,BAR-11", expect::hazard("race between tiles")) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[(t.global[0] + 16) % 64] = v[t] + 1;  // expect: race between tiles
  });
}

// Non-tiled launch: an in-place 3-point stencil; every point reads elements its neighbours write.
TESSERA_CASE(non_tiled_in_place_stencil, "MEM-6,MEM-4", expect::hazard("race between threads")) {
  std::vector<int> data(32, 1);
  array_view<int, 1> v(32, data);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) {
    const int left = i[0] > 0 ? v[i[0] - 1] : 0;  // expect: race between threads
    const int right = i[0] < 31 ? v[i[0] + 1] : 0;  // expect: race between threads
    v[i] = left + right;  // expect: race between threads
  });
}

// Non-tiled launch: every point stores into one element.
TESSERA_CASE(non_tiled_every_point_stores_one_element, "MEM-6,MEM-3", expect::hazard("race between threads")) {
  std::vector<int> out(1, 0);
  array_view<int, 1> v(1, out);
  parallel_for_each(ctx.view(), extent<1>(32), [=] restrict_amp (index<1> i) {
    v[0] = i[0];  // expect: race between threads
  });
}

// ATOM-6: a plain store into a tile_static counter that other threads update atomically.
TESSERA_CASE(plain_store_next_to_atomics_on_tile_static, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int counter;
    if (t.local[0] == 0) counter = 0;
    t.barrier.wait();
    if (t.local[0] == 5) counter = 100;  // expect: write next to atomic
    else atomic_fetch_add(&counter, 1);  // expect: write next to atomic
    t.barrier.wait();
    v[t] = counter;
  });
}

// ATOM-6: the same on a global counter, within one tile.
TESSERA_CASE(plain_store_next_to_atomics_on_global_memory, "ATOM-6,MEM-3", expect::hazard("write next to atomic")) {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  parallel_for_each(ctx.view(), extent<1>(16).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 9) c[0] = -1;  // expect: write next to atomic
    else atomic_fetch_inc(&c[0]);  // expect: write next to atomic
  });
}

// ATOM-5: an atomic flag is not a fence. Thread 0 stores data and then sets a flag atomically; thread 1
// reads the flag atomically and then the data: nothing orders the plain store and the plain load.
TESSERA_CASE(atomic_flag_does_not_order_plain_data, "ATOM-5,MEM-4", expect::hazard("read after write,write after read")) {
  std::vector<int> data(1, 0), flag(1, 0), out(2, 0);
  array_view<int, 1> d(1, data), f(1, flag), v(2, out);
  parallel_for_each(ctx.view(), extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    if (t.local[0] == 0) {
      d[0] = 42;  // expect: read after write, write after read
      atomic_exchange(&f[0], 1);
    } else {
      const int seen = atomic_fetch_or(&f[0], 0);
      v[1] = seen * 1000 + d[0];  // expect: read after write, write after read
    }
  });
}

}  // namespace
