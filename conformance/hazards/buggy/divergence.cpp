// Buggy kernels with barrier divergence (BAR-6: every thread of a tile must reach the same barrier; BAR-7:
// conditions and loop bounds around a barrier must be tile-uniform): an early return for the padding
// threads of the last tile, loop trip counts and breaks that depend on the local index or the data, a
// `continue` that skips the barrier, a barrier in one `case` of a switch, the classic barrier inside the
// active threads' branch of a reduction, different fences in the two branches, and a barrier in a helper
// called from one branch or from both. The message must name a line marked `// expect: barrier
// divergence`; on CUDA these are listed by @divergence (expectations/cuda.tsv). The fixed versions are in
// correct/divergence_free.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A padded domain whose out-of-range threads return before the tile's barrier: in the last tile, the
// threads past the end never arrive.
TESSERA_CASE(padding_threads_return_before_barrier, "BAR-6,TEXT-6", expect::divergence) {
  constexpr int n = 100;
  std::vector<int> in(n, 1), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>().pad(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    if (g >= n) return;
    s[l] = a[g];
    t.barrier.wait();  // expect: barrier divergence
    v[g] = s[l] + s[0];
  });
  v.synchronize();
}

// A strided loop with a barrier whose trip count depends on the starting local index (i = l, l+4, ...
// while i < 10): threads 0 and 1 go round three times, the others twice.
TESSERA_CASE(strided_loop_trip_count_depends_on_local_index, "BAR-7,BAR-6", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int rounds = 0;
    for (int i = t.local[0] % 4; i < 10; i += 4) {
      ++rounds;
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = rounds;
  });
  v.synchronize();
}

// A loop with a barrier that each thread leaves when its own element is reached: the trip count depends
// on the data.
TESSERA_CASE(loop_with_barrier_breaks_on_own_data, "BAR-7,BAR-6", expect::divergence) {
  std::vector<int> in(16), out(16, 0);
  for (int i = 0; i < 16; ++i) in[i] = i % 5;
  array_view<const int, 1> a(16, in);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int k = 0;
    while (true) {
      if (k >= a[t]) break;
      t.barrier.wait();  // expect: barrier divergence
      ++k;
    }
    v[t] = k;
  });
  v.synchronize();
}

// A `continue` that some threads take in some rounds skips the barrier at the end of the loop body.
TESSERA_CASE(continue_skips_the_barrier, "BAR-6,BAR-7", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int done = 0;
    for (int round = 0; round < 4; ++round) {
      if ((t.local[0] + round) % 4 == 0) continue;
      ++done;
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = done;
  });
  v.synchronize();
}

// A switch on the local index with a barrier in one case only.
TESSERA_CASE(barrier_in_one_case_of_a_switch, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int r = 0;
    switch (t.local[0] % 3) {
      case 0:
        r = 1;
        t.barrier.wait();  // expect: barrier divergence
        break;
      case 1: r = 2; break;
      default: r = 3; break;
    }
    v[t] = r;
  });
  v.synchronize();
}

// The classic reduction mistake: the barrier is inside the branch of the threads that still add.
TESSERA_CASE(reduction_barrier_inside_the_active_branch, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> in(64, 1), out(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> sums(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 8; stride > 0; stride /= 2) {
      if (l < stride) {
        s[l] += s[l + stride];
        t.barrier.wait();  // expect: barrier divergence
      }
    }
    if (l == 0) sums[t.tile] = s[0];
  });
  sums.synchronize();
}

// The two halves of a tile wait at different barriers: one fences tile_static memory, the other global
// memory (two lines, two barriers).
TESSERA_CASE(different_fences_in_the_two_branches, "BAR-6,BAR-4", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0];
    if (t.local[0] < 8) {
      t.barrier.wait_with_tile_static_memory_fence();  // expect: barrier divergence
    } else {
      t.barrier.wait_with_global_memory_fence();  // expect: barrier divergence
    }
    v[t] = s[15 - t.local[0]];
  });
  v.synchronize();
}

// A helper that waits at the tile's barrier, called by the threads of one branch only.
restrict_amp int exchange_with_mirror(const tiled_index<16>& t, int* slots, int value) {
  slots[t.local[0]] = value;
  t.barrier.wait();  // expect: barrier divergence
  return slots[15 - t.local[0]];
}

TESSERA_CASE(helper_with_barrier_called_from_one_branch, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> in(16), out(16, 0);
  for (int i = 0; i < 16; ++i) in[i] = i % 4 == 0 ? 0 : i;
  array_view<const int, 1> a(16, in);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    int r = 0;
    if (a[t] != 0) r = exchange_with_mirror(t, s, a[t]);  // expect: barrier divergence
    v[t] = r;
  });
  v.synchronize();
}

// A helper that waits at the tile's barrier, called from both branches of a condition on the local index:
// every thread waits at the helper's line, but reached from two calls, which are two barriers on a GPU.
restrict_amp void settle(const tiled_index<16>& t) {
  t.barrier.wait();  // expect: barrier divergence
}

TESSERA_CASE(helper_with_barrier_called_from_both_branches, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0] * 3;
    if (t.local[0] % 2 == 0) {
      v[t] = 1;
      settle(t);  // expect: barrier divergence
      v[t] = s[(t.local[0] + 1) % 16];
    } else {
      v[t] = 2;
      settle(t);  // expect: barrier divergence
      v[t] = s[(t.local[0] + 15) % 16] + 100;
    }
  });
  v.synchronize();
}

// Two barrier calls on one line, one in each branch of a condition on the local index: two call sites,
// so two barriers on a GPU, though each names the same line.
TESSERA_CASE(two_barriers_on_one_line_in_the_two_branches, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0] * 5;
    if (t.local[0] < 8) { v[t] = 1; t.barrier.wait(); } else { v[t] = 2; t.barrier.wait(); }  // expect: barrier divergence
    v[t] = v[t] * 100 + s[15 - t.local[0]];
  });
  v.synchronize();
}

// The same on data: a one-line `if` on the element each thread loaded, a wait in each branch.
TESSERA_CASE(two_barriers_on_one_line_chosen_by_the_data, "BAR-6,BAR-8", expect::divergence) {
  std::vector<int> in(16), out(16, 0);
  for (int i = 0; i < 16; ++i) in[i] = (i * 7) % 3;
  array_view<const int, 1> a(16, in);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = a[t];
    if (a[t] == 0) { v[t] = 3; t.barrier.wait(); } else { v[t] = 4; t.barrier.wait(); }  // expect: barrier divergence
    v[t] += s[15 - t.local[0]];
  });
  v.synchronize();
}

// Threads whose element is zero return before the barrier (a data-dependent early exit).
TESSERA_CASE(early_return_on_zero_element, "BAR-6,BAR-7", expect::divergence) {
  std::vector<int> in(32), out(32, 0);
  for (int i = 0; i < 32; ++i) in[i] = i % 6;
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    if (a[t] == 0) return;
    s[t.local[0]] = 100 / a[t];
    t.barrier.wait();  // expect: barrier divergence
    v[t] = s[t.local[0]];
  });
  v.synchronize();
}

}  // namespace
