// BAR-6, BAR-8, PROJ-8: barrier-incorrect programs. Their behaviour is undefined (a GPU may hang or
// compute garbage); the emulator reports each one as barrier_divergence naming the barrier's line.
// Every kernel diverges in tile 0, the lowest tile, so the report is the same at every worker count.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Only the even threads of a tile call wait(); the odd ones finish.
TESSERA_CASE(only_even_threads_wait, "BAR-6,BAR-8,PROJ-8", expect::divergence) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] % 2 == 0) {
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = 1;
  });
}

// A loop whose trip count depends on the local index (not tile-uniform) holds a barrier.
TESSERA_CASE(loop_trip_count_depends_on_the_local_index, "BAR-7,BAR-8,PROJ-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    for (int i = 0; i < 1 + t.local[0] / 4; ++i) {
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = 2;
  });
}

// One thread of the tile returns before the barrier the others wait at.
TESSERA_CASE(early_return_before_a_barrier, "BAR-6,BAR-8,PROJ-8", expect::divergence) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] == 5) return;
    t.barrier.wait();  // expect: barrier divergence
    v[t] = 3;
  });
}

// A condition on the global index is not tile-uniform: with 32-thread tiles, `global < 20` splits tile 0.
TESSERA_CASE(barrier_under_a_global_index_condition, "BAR-7,BAR-8", expect::divergence) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    v[t] = 1;
    if (t.global[0] < 20) t.barrier.wait();  // expect: barrier divergence
  });
}

// Every thread waits, but the two halves of the tile wait at two different call sites.
TESSERA_CASE(two_halves_wait_at_different_barriers, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] < 8) {
      t.barrier.wait();  // expect: barrier divergence
    } else {
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = 4;
  });
}

// Any tile_barrier method is a barrier: wait() in some threads, wait_with_global_memory_fence() in others.
TESSERA_CASE(different_wait_variants_in_two_branches, "BAR-6,BAR-3", expect::divergence) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (t.local[0] == 0) {
      t.barrier.wait_with_tile_static_memory_fence();  // expect: barrier divergence
    } else {
      t.barrier.wait_with_global_memory_fence();  // expect: barrier divergence
    }
    v[t] = 5;
  });
}

// A `break` taken by some threads leaves a loop that holds a barrier: the others wait alone.
TESSERA_CASE(non_uniform_break_out_of_a_loop_with_a_barrier, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int i = 0;
    for (; i < 4; ++i) {
      if (i == 2 && t.local[0] >= 12) break;
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = i;
  });
}

// A helper that waits, forwarding its caller's source_site, called from both branches of a
// data-dependent `if`: the two calls are two different barriers.
restrict_amp void wait_here(const tile_barrier& b, source_site site = source_site::current()) { b.wait(site); }

TESSERA_CASE(helper_barrier_called_from_both_branches_of_a_data_dependent_if, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> in{1, 0, 1, 1, 0, 0, 1, 0}, out(8, 0);
  array_view<const int, 1> a(8, in);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (a[t] != 0) {
      wait_here(t.barrier);  // expect: barrier divergence
    } else {
      wait_here(t.barrier);  // expect: barrier divergence
    }
    v[t] = a[t];
  });
}

// MEM-8: a barrier-incorrect kernel that also races is reported as divergence, in preference to the race.
TESSERA_CASE(divergence_is_reported_in_preference_to_a_race, "MEM-8,BAR-8", expect::divergence) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s;
    s = t.local[0];  // every thread writes one variable: a race too
    if (t.local[0] < 3) t.barrier.wait();  // expect: barrier divergence
    v[t] = s;
  });
}

}  // namespace
