// Buggy kernels in which threads wait for each other by polling memory instead of meeting at a barrier
// (BAR-9: C++ AMP promises no forward progress to a thread that waits without a barrier): a ring of
// flags, six threads waiting for each other's flags, two threads taking turns, a hand-made
// sense-reversing barrier, a tile_static spin lock nobody releases, and a barrier across tiles built from
// a global counter (ATOM-7). Each wait is one that some thread must make whatever order the threads run
// in, so it is reported at every seed and worker count; every finding must point at a line marked
// `// expect:`. On CUDA these are listed by @hazard.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// Each thread raises its own flag, then waits for its right neighbour's: the first thread to run always
// waits for a neighbour that has not run yet.
TESSERA_CASE(ring_of_flags_each_thread_waits_for_its_neighbour, "BAR-9,TS-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int ready[16];
    const int l = t.local[0];
    ready[l] = 0;
    t.barrier.wait();
    atomic_exchange(&ready[l], 1);
    while (atomic_fetch_add(&ready[(l + 1) % 16], 0) == 0) {  // expect: spin-wait without a barrier
    }
    v[t] = l;
  });
  v.synchronize();
}

// Two threads take four turns each, passing a tile_static turn counter back and forth: whichever runs
// first soon waits for the other.
TESSERA_CASE(two_threads_take_turns_without_barrier, "BAR-9,ATOM-5", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int turn;
    const int l = t.local[0];
    if (l == 0) turn = 0;
    t.barrier.wait();
    int turns = 0;
    if (l < 2) {
      for (int round = 0; round < 4; ++round) {
        while (atomic_fetch_add(&turn, 0) % 2 != l) {  // expect: spin-wait without a barrier
        }
        atomic_fetch_inc(&turn);
        ++turns;
      }
    }
    v[t] = turns;
  });
  v.synchronize();
}

// A sense-reversing barrier made of atomics, used twice: the last thread to arrive resets the count and
// flips the sense, the others poll the sense.
TESSERA_CASE(hand_rolled_sense_reversing_barrier, "BAR-9,ATOM-5", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int count;
    tile_static int sense;
    if (t.local[0] == 0) {
      count = 0;
      sense = 0;
    }
    t.barrier.wait();
    int my_sense = 0;
    for (int phase = 0; phase < 2; ++phase) {
      my_sense = 1 - my_sense;
      if (atomic_fetch_inc(&count) == 15) {
        atomic_exchange(&count, 0);
        atomic_exchange(&sense, my_sense);
      } else {
        while (atomic_fetch_add(&sense, 0) != my_sense) {  // expect: spin-wait without a barrier
        }
      }
    }
    v[t] = my_sense;
  });
  v.synchronize();
}

// A barrier for six threads made of one flag per thread: each raises its flag, then looks at all six in
// turn until they are all up. The first of the six to run always waits for the others.
TESSERA_CASE(six_threads_wait_for_each_others_flags, "BAR-9,TS-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int raised[6];
    const int l = t.local[0];
    if (l < 6) raised[l] = 0;
    t.barrier.wait();
    if (l < 6) {
      atomic_exchange(&raised[l], 1);
      int up = 0;
      while (up < 6) {
        up = 0;
        for (int k = 0; k < 6; ++k) up += atomic_fetch_add(&raised[k], 0);  // expect: spin-wait without a barrier
      }
    }
    v[t] = l;
  });
  v.synchronize();
}

// Eight threads, eight flags: each raises its own and polls all eight in turn until they are all up.
TESSERA_CASE(eight_threads_poll_eight_flags_in_turn, "BAR-9,TS-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int up[8];
    const int l = t.local[0];
    if (l < 8) up[l] = 0;
    t.barrier.wait();
    if (l % 4 == 0) {
      atomic_exchange(&up[l / 4], 1);
      int seen = 0;
      while (seen != 8) {
        seen = 0;
        for (int k = 0; k < 8; ++k) seen += atomic_fetch_or(&up[k], 0);  // expect: spin-wait without a barrier
      }
    }
    v[t] = l;
  });
  v.synchronize();
}

// A tile_static spin lock that its first holder never releases: every other thread of the tile waits for
// a store nobody will make, which would hang; it is reported as a hang instead.
TESSERA_CASE(spin_lock_never_released, "BAR-9,ATOM-4", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int lock;
    if (t.local[0] == 0) lock = 0;
    t.barrier.wait();
    int expected = 0;
    while (!atomic_compare_exchange(&lock, &expected, 1)) {  // expect: spin-wait without a barrier
      expected = 0;
    }
    v[t] = t.local[0];
  });
  v.synchronize();
}

// A barrier across tiles built from a global counter: thread 0 of each of 12 tiles counts its tile in and
// waits for all 12. Tiles are not guaranteed to run at the same time (ATOM-7); here more tiles wait than
// the emulator has workers (at most 8 in the sweep), so the early ones wait for tiles that cannot start.
TESSERA_CASE(barrier_across_tiles_from_a_global_counter, "ATOM-7,BAR-9", expect::hazard("spin-wait without a barrier")) {
  std::vector<int> harrived(1, 0), out(192, 0);
  array_view<int, 1> arrived(1, harrived), v(192, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 0) {
      atomic_fetch_inc(&arrived[0]);
      while (atomic_fetch_add(&arrived[0], 0) < 12) {  // expect: spin-wait without a barrier
      }
    }
    t.barrier.wait();
    v[t] = t.tile[0];
  });
  v.synchronize();
}

}  // namespace
