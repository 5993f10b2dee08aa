// Buggy kernels: barrier divergence (BAR-6), spin-waits without a barrier, tile_static beyond 32 KiB
// (TS-7) and out-of-bounds indexing (AV-8).
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <vector>

namespace corpus {
namespace {
using namespace tessera;

void barrier_inside_odd_even_branch() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    if (t.local[0] % 2 == 0) t.barrier.wait();  // expect: barrier divergence
    v[t] = 1;
  });
}

void barrier_in_loop_with_thread_dependent_trip_count() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    for (int i = 0; i <= t.local[0] / 8; ++i) t.barrier.wait();  // expect: barrier divergence
    v[t] = 1;
  });
}

void spin_on_a_flag_nobody_sets() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int ready;
    if (t.local[0] == 0) ready = 0;
    t.barrier.wait();
    if (t.local[0] == 0)
      while (atomic_fetch_add(&ready, 0) == 0) {  // expect: spin-wait without a barrier
      }
    v[t] = 1;
  });
}

void hand_rolled_barrier() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int arrived;
    if (t.local[0] == 0) arrived = 0;
    t.barrier.wait();
    atomic_fetch_add(&arrived, 1);
    while (atomic_fetch_add(&arrived, 0) < 16) {  // expect: spin-wait without a barrier
    }
    v[t] = arrived;
  });
}

void tile_static_over_32_kib() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int big[10240];  // 40 KiB
    for (int i = t.local[0]; i < 10240; i += 16) big[i] = i;  // expect: tile_static over budget
    t.barrier.wait();
    v[t] = big[10239 - t.local[0]];
  });
}

void read_one_past_the_end() {
  std::vector<float> in(16, 1.0f), out(16);
  array_view<const float, 1> a(16, in);
  array_view<float, 1> b(16, out);
  parallel_for_each(b.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    b[t] = a[t.global[0] + 1];  // expect: out of bounds
  });
}

void write_at_a_negative_index() {
  std::vector<int> data(64);
  array_view<int, 2> v(8, 8, data);
  parallel_for_each(v.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict_amp {
    v(t.global[0] - 1, t.global[1]) = 1;  // expect: out of bounds
  });
}

const registrar r1{{"BarrierInsideOddEvenBranch", "BAR-6", expectation::barrier_divergence, "", __FILE__, &barrier_inside_odd_even_branch}};
const registrar r2{{"BarrierInLoopWithThreadDependentTripCount", "BAR-6", expectation::barrier_divergence, "", __FILE__, &barrier_in_loop_with_thread_dependent_trip_count}};
const registrar r3{{"SpinOnAFlagNobodySets", "BAR-1", expectation::hazard, "spin-wait without a barrier", __FILE__, &spin_on_a_flag_nobody_sets}};
const registrar r4{{"HandRolledBarrier", "BAR-1", expectation::hazard, "spin-wait without a barrier", __FILE__, &hand_rolled_barrier}};
const registrar r5{{"TileStaticOver32KiB", "TS-7", expectation::hazard, "tile_static over budget", __FILE__, &tile_static_over_32_kib}};
const registrar r6{{"ReadOnePastTheEnd", "AV-8", expectation::out_of_bounds, "", __FILE__, &read_one_past_the_end}};
const registrar r7{{"WriteAtANegativeIndex", "AV-8", expectation::out_of_bounds, "", __FILE__, &write_at_a_negative_index}};

}  // namespace
}  // namespace corpus
