// Buggy kernels whose bug is in control flow or in the tile's resources: barriers not every thread of
// the tile reaches (BAR-6, BAR-7: barrier divergence), spin-waits without a barrier (BAR-9), and a tile
// using more than the 32 KiB tile_static budget (TS-7). Each case must be reported as expected, at a line
// marked `// expect:`; on CUDA these are listed by @divergence and @hazard (expectations/cuda.tsv).
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A barrier only the even threads reach.
TESSERA_CASE(barrier_in_even_branch, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] % 2 == 0) t.barrier.wait();  // expect: barrier divergence
    v[t] = t.local[0];
  });
  v.synchronize();
}

// Thread 0 returns early; the others wait at a barrier for it.
TESSERA_CASE(early_return_before_barrier, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) return;
    t.barrier.wait();  // expect: barrier divergence
    v[t] = t.local[0];
  });
  v.synchronize();
}

// A loop with a barrier whose trip count depends on the local index (not tile-uniform, BAR-7).
TESSERA_CASE(loop_trip_count_depends_on_local, "BAR-7,BAR-6", expect::divergence) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = 0; i <= t.local[0] % 3; ++i) {
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = t.local[0];
  });
  v.synchronize();
}

// Thread 0 polls a tile_static flag that was meant to be set by the tile's last thread, but the
// condition is off by one, so nobody ever sets it: without a barrier in the loop it would hang.
TESSERA_CASE(spin_wait_on_flag_nobody_sets, "BAR-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int flag;
    const int l = t.local[0];
    if (l == 0) flag = 0;
    t.barrier.wait();
    if (l == 16) atomic_exchange(&flag, 1);
    if (l == 0) {
      while (atomic_fetch_add(&flag, 0) == 0) {  // expect: spin-wait without a barrier
      }
    }
    v[t] = l;
  });
  v.synchronize();
}

// Two threads hand-shake through tile_static flags, each spinning until the other has set its flag:
// it terminates only because the emulator lets the other thread run (no barrier in either loop).
TESSERA_CASE(spin_handshake_without_barrier, "BAR-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int ready[2];
    const int l = t.local[0];
    if (l < 2) ready[l] = 0;
    t.barrier.wait();
    if (l == 0) {
      atomic_exchange(&ready[0], 1);
      while (atomic_fetch_add(&ready[1], 0) == 0) {  // expect: spin-wait without a barrier
      }
    }
    if (l == 1) {
      while (atomic_fetch_add(&ready[0], 0) == 0) {  // expect: spin-wait without a barrier
      }
      atomic_exchange(&ready[1], 1);
    }
    v[t] = l;
  });
  v.synchronize();
}

// A barrier built from an atomic counter: every thread counts itself in, then spins until the count
// reaches the tile size (C++ AMP guarantees no progress to a thread that waits without a barrier).
TESSERA_CASE(hand_rolled_barrier, "BAR-9,ATOM-5", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int arrived;
    if (t.local[0] == 0) arrived = 0;
    t.barrier.wait();
    atomic_fetch_add(&arrived, 1);
    while (atomic_fetch_add(&arrived, 0) < 16) {  // expect: spin-wait without a barrier
    }
    v[t] = arrived;
  });
  v.synchronize();
}

// The same hand-rolled barrier waiting for one thread more than the tile has: every thread waits for the
// others and none can change the count any more, so it would hang; it is reported as a hang instead.
TESSERA_CASE(hand_rolled_barrier_waiting_for_one_too_many, "BAR-9,ATOM-5", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int arrived;
    if (t.local[0] == 0) arrived = 0;
    t.barrier.wait();
    atomic_fetch_add(&arrived, 1);
    while (atomic_fetch_add(&arrived, 0) < 17) {  // expect: spin-wait without a barrier
    }
    v[t] = arrived;
  });
  v.synchronize();
}

// A tile that uses 40 KiB of tile_static memory (the budget is 32 KiB).
TESSERA_CASE(tile_static_over_budget, "TS-7,PROJ-3", expect::hazard("tile_static over budget")) {
  std::vector<float> out(32);
  array_view<float, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static float big[10240];
    const int l = t.local[0];
    big[l * 682] = static_cast<float>(l);  // expect: tile_static over budget
    t.barrier.wait();
    v[t] = big[(15 - l) * 682];
  });
  v.synchronize();
}

}  // namespace
