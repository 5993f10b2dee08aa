// Correct kernels with divergent control flow that every barrier is outside of, or whose conditions around
// barriers are tile-uniform (BAR-6, BAR-7), the fixed versions of buggy/divergence.cpp: padding threads
// that skip the work but reach the barrier, loops whose trip counts come from the tile index or from a
// value broadcast through tile_static, data-dependent loops without a barrier inside, `continue` and
// `switch` with the barrier outside, the reduction with the barrier after the active branch, branches on
// the tile index that wait at different fences or call a waiting helper, and threads that return after the
// last barrier. The emulator's checks must not report any of them; each records its result against a
// serial oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A padded domain whose out-of-range threads skip the load and the store but still reach the barrier.
TESSERA_CASE(padding_threads_skip_work_but_reach_barrier, "BAR-6,TEXT-6", expect::pass) {
  constexpr int n = 100;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>().pad(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    if (g < n) s[l] = a[g];
    t.barrier.wait();
    if (g < n) v[g] = s[l] + s[0];
  });
  v.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g] + in[(g / 16) * 16];
  ctx.output("plus_first", out, want);
}

// A loop with barriers whose trip count is the tile's index plus one: uniform within each tile, different
// between tiles.
TESSERA_CASE(loop_trip_count_from_tile_index, "BAR-7,BAR-6", expect::pass) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    int mine = l;
    for (int round = 0; round <= t.tile[0]; ++round) {
      s[l] = mine;
      t.barrier.wait();
      mine = s[(l + 1) % 16] + 1;
      t.barrier.wait();
    }
    v[t] = mine;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int rounds = g / 16 + 1;
    want[g] = (g % 16 + rounds) % 16 + rounds;
  }
  ctx.output("rounds", out, want);
}

// Each thread loops as many times as its element says (divergent, no barrier inside), then the tile meets
// at one barrier and exchanges the results.
TESSERA_CASE(data_dependent_loop_then_one_barrier, "BAR-6,BAR-7", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 20);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    int x = 1;
    for (int k = 0; k < a[t]; ++k) x = (x * 3 + k) % 1000;
    s[l] = x;
    t.barrier.wait();
    v[t] = s[15 - l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    int x = 1;
    for (int k = 0; k < in[(g / 16) * 16 + 15 - g % 16]; ++k) x = (x * 3 + k) % 1000;
    want[g] = x;
  }
  ctx.output("iterated", out, want);
}

// A `continue` some threads take each round, placed after the round's barrier: every thread still waits
// once per round.
TESSERA_CASE(continue_after_the_rounds_barrier, "BAR-6,BAR-7", expect::pass) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int done = 0;
    for (int round = 0; round < 4; ++round) {
      t.barrier.wait();
      if ((t.local[0] + round) % 4 == 0) continue;
      ++done;
    }
    v[t] = done;
  });
  v.synchronize();
  ctx.output("done", out, std::vector<int>(16, 3));
}

// A switch on the local index with the barrier after it.
TESSERA_CASE(switch_on_local_index_then_barrier, "BAR-6,BAR-2", expect::pass) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    switch (l % 3) {
      case 0: s[l] = 10; break;
      case 1: s[l] = 20; break;
      default: s[l] = 30; break;
    }
    t.barrier.wait();
    v[t] = s[(l + 1) % 16] + l;
  });
  v.synchronize();
  std::vector<int> want(32);
  for (int g = 0; g < 32; ++g) want[g] = 10 * ((g % 16 + 1) % 16 % 3 + 1) + g % 16;
  ctx.output("cases", out, want);
}

// A maximum reduction with the barrier after the active threads' branch, reached by every thread.
TESSERA_CASE(max_reduction_barrier_after_the_active_branch, "BAR-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -1000, 1000);
  std::vector<int> out(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> best(4, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 8; stride > 0; stride /= 2) {
      if (l < stride) s[l] = s[l] > s[l + stride] ? s[l] : s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) best[t.tile] = s[0];
  });
  best.synchronize();
  std::vector<int> want(4);
  for (int k = 0; k < 4; ++k) want[k] = *std::max_element(in.begin() + k * 16, in.begin() + k * 16 + 16);
  ctx.output("maxima", out, want);
}

// Even tiles exchange through tile_static across a tile_static fence, odd tiles through global memory
// across a global fence: the branch is on the tile index, so each tile waits at one barrier.
TESSERA_CASE(different_fences_in_branches_on_the_tile_index, "BAR-7,MEM-9", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> scratch(64, 0), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> g(64, scratch), v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    if (t.tile[0] % 2 == 0) {
      s[l] = a[t];
      t.barrier.wait_with_tile_static_memory_fence();
      v[t] = s[15 - l];
    } else {
      g[t] = a[t];
      t.barrier.wait_with_global_memory_fence();
      v[t] = g[t.tile_origin[0] + 15 - l];
    }
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 64; ++i) want[i] = in[(i / 16) * 16 + 15 - i % 16];
  ctx.output("mirrored", out, want);
}

// A helper that waits at the tile's barrier, called from both branches of a condition on the tile index:
// within a tile every thread calls it from the same place.
restrict_amp int rotate_through(const tiled_index<16>& t, int* slots, int value, int by) {
  slots[t.local[0]] = value;
  t.barrier.wait();
  return slots[(t.local[0] + by) % 16];
}

TESSERA_CASE(helper_with_barrier_called_from_branches_on_the_tile_index, "BAR-7,BAR-6", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    if (t.tile[0] % 2 == 0) {
      v[t] = rotate_through(t, s, a[t], 1);
    } else {
      v[t] = -rotate_through(t, s, a[t], 3);
    }
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int tile = g / 16, l = g % 16;
    want[g] = tile % 2 == 0 ? in[tile * 16 + (l + 1) % 16] : -in[tile * 16 + (l + 3) % 16];
  }
  ctx.output("rotated", out, want);
}

// A loop with barriers that the whole tile leaves together: thread 0 decides after a barrier whether the
// tile's values have settled and broadcasts it through tile_static; every thread reads the decision after
// a second barrier and breaks on it.
TESSERA_CASE(loop_broken_on_a_broadcast_decision, "BAR-7,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 1000);
  std::vector<int> out(64, 0), rounds(4, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out), r(4, rounds);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    tile_static int settled;
    const int l = t.local[0];
    int x = a[t];
    int round = 0;
    while (true) {
      s[l] = x;
      t.barrier.wait();
      if (l == 0) {
        int largest = 0;
        for (int k = 0; k < 16; ++k) largest = largest > s[k] ? largest : s[k];
        settled = largest < 10 ? 1 : 0;
      }
      t.barrier.wait();
      if (settled != 0) break;
      x = x / 2;
      ++round;
    }
    v[t] = x;
    if (l == 0) r[t.tile] = round;
  });
  v.synchronize();
  r.synchronize();
  std::vector<int> want(64), want_rounds(4, 0);
  for (int tile = 0; tile < 4; ++tile) {
    std::vector<int> x(in.begin() + tile * 16, in.begin() + tile * 16 + 16);
    while (*std::max_element(x.begin(), x.end()) >= 10) {
      for (int& e : x) e /= 2;
      ++want_rounds[tile];
    }
    std::copy(x.begin(), x.end(), want.begin() + tile * 16);
  }
  ctx.output("halved", out, want);
  ctx.output("rounds", rounds, want_rounds);
}

// Threads whose element is zero return after the tile's last barrier; the others store a quotient.
TESSERA_CASE(early_return_on_zero_after_the_last_barrier, "BAR-6,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(32, 0, 5);
  std::vector<int> out(32, -1);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    const int mine = s[t.local[0]];
    if (mine == 0) return;
    v[t] = 60 / mine + s[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> want(32, -1);
  for (int g = 0; g < 32; ++g)
    if (in[g] != 0) want[g] = 60 / in[g] + in[(g / 16) * 16 + 15 - g % 16];
  ctx.output("quotients", out, want);
}

// Atomics in a divergent branch, then the barrier every thread reaches.
TESSERA_CASE(divergent_atomics_then_barrier, "BAR-6,TS-9", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 99);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int odd;
    if (t.local[0] == 0) odd = 0;
    t.barrier.wait();
    if (a[t] % 2 == 1) atomic_fetch_inc(&odd);
    t.barrier.wait();
    v[t] = odd;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    int odd = 0;
    for (int k = (g / 16) * 16; k < (g / 16) * 16 + 16; ++k) odd += in[k] % 2;
    want[g] = odd;
  }
  ctx.output("odd_counts", out, want);
}

}  // namespace
