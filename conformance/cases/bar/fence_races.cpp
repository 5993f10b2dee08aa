// MEM-9, BAR-3..BAR-5, BAR-9, BAR-11: synchronization that looks right but does not order the accesses.
// A wait orders only the memory its fence covers; a free fence makes no thread wait; nothing orders two
// tiles; a spin loop without a barrier may never end. Each is a data race (undefined behaviour, MEM-6),
// reported by the emulator's checks at the marked lines.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Data handed through tile_static across wait_with_global_memory_fence(): the threads meet, but the fence
// does not cover tile_static, so every read races with the write it reads.
TESSERA_CASE(tile_static_exchange_across_a_global_only_wait_races, "MEM-9,BAR-3", expect::hazard("read after write")) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = t.global[0] * 3;  // expect: read after write
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[31 - t.local[0]];  // expect: read after write
  });
}

// The mirror: data handed through global memory across wait_with_tile_static_memory_fence().
TESSERA_CASE(global_exchange_across_a_tile_static_only_wait_races, "MEM-9,BAR-4", expect::hazard("read after write")) {
  std::vector<int> scratch(32, 0), out(32, 0);
  array_view<int, 1> g(32, scratch), v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    g[t] = t.global[0] + 7;  // expect: read after write
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = g[31 - t.local[0]];  // expect: read after write
  });
}

// A free tile_static_memory_fence() used as if it were a barrier: no thread waits for the others, so a
// thread may read a slot before or after its owner writes it (a race either way).
TESSERA_CASE(free_tile_static_fence_used_as_a_barrier_races, "BAR-5,MEM-6",
             expect::hazard("read after write,write after read,uninitialized read")) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0] + 1;  // expect: read after write, write after read
    tile_static_memory_fence(t.barrier);
    v[t] = s[15 - t.local[0]];  // expect: read after write, write after read, uninitialized read
  });
}

// A free global_memory_fence() used as if it were a barrier, on global memory.
TESSERA_CASE(free_global_fence_used_as_a_barrier_races, "BAR-5,MEM-6", expect::hazard("read after write,write after read")) {
  std::vector<int> scratch(16, 0), out(16, 0);
  array_view<int, 1> g(16, scratch), v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    g[t] = t.local[0] * 5;  // expect: read after write, write after read
    global_memory_fence(t.barrier);
    v[t] = g[(t.local[0] + 1) % 16];  // expect: read after write, write after read
  });
}

// all_memory_fence() is no rendezvous either: a neighbour exchange through tile_static across it races.
TESSERA_CASE(free_all_memory_fence_used_as_a_barrier_races, "BAR-5,MEM-6",
             expect::hazard("read after write,write after read,uninitialized read")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s[8];
    s[t.local[0]] = t.local[0];  // expect: read after write, write after read
    all_memory_fence(t.barrier);
    v[t] = s[(t.local[0] + 3) % 8];  // expect: read after write, write after read, uninitialized read
  });
}

// BAR-11: tile 0 writes an element, both tiles wait, tile 1 reads it. The wait orders threads of one
// tile only, so the write and the read race between tiles.
TESSERA_CASE(wait_does_not_order_tiles, "BAR-11,MEM-4", expect::hazard("race between tiles")) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    if (t.tile[0] == 0 && t.local[0] == 0) v[0] = 11;  // expect: race between tiles
    t.barrier.wait();
    if (t.tile[0] == 1 && t.local[0] == 0) v[32] = v[0];  // expect: race between tiles
  });
}

// BAR-9: two threads hand-shake through tile_static flags, each spinning (with atomics, no barrier) until
// the other's flag is set. Whichever runs first spins: no progress is promised without a barrier.
TESSERA_CASE(spin_handshake_without_a_barrier, "BAR-9,ATOM-7", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int flag[2];
    const int l = t.local[0];
    if (l < 2) flag[l] = 0;
    t.barrier.wait();
    if (l < 2) {
      atomic_exchange(&flag[l], 1);
      while (atomic_fetch_or(&flag[1 - l], 0) == 0) {  // expect: spin-wait without a barrier
      }
    }
    v[t] = l;
  });
}

// BAR-9: a thread spins on a flag that no thread of the tile ever sets: without a barrier in the loop it
// would hang; the emulator reports it and stops the tile.
TESSERA_CASE(spin_on_a_flag_nobody_sets, "BAR-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    tile_static int ready;
    if (t.local[0] == 0) ready = 0;
    t.barrier.wait();
    if (t.local[0] == 2) {
      while (atomic_fetch_add(&ready, 0) == 0) {  // expect: spin-wait without a barrier
      }
    }
    v[t] = 1;
  });
}

}  // namespace
