// BAR-5..BAR-9, BAR-11: the rules around barriers, each in a correct program. Free fences may sit in
// divergent code; barriers under tile-uniform conditions and in loops with tile-uniform bounds are
// barrier-correct; a thread may spin on another only with a barrier in the loop; across tiles only the
// launch boundary orders memory.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// The free fences, called under conditions and in loops that depend on the local index, are not
// barriers: no divergence is reported and the kernel's result is exact.
TESSERA_CASE(free_fences_in_divergent_code_are_not_divergence, "BAR-5", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    const int l = t.local[0];
    int x = a[t];
    if (l == 0) all_memory_fence(t.barrier);
    if (l % 2 == 1) global_memory_fence(t.barrier);
    else tile_static_memory_fence(t.barrier);
    for (int k = 0; k < l % 5; ++k) {
      x += k;
      all_memory_fence(t.barrier);
    }
    if (x > 0) tile_static_memory_fence(t.barrier);
    b[t] = x;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) {
    const int m = g % 32 % 5;
    want[g] = in[g] + m * (m - 1) / 2;
  }
  ctx.output("values", out, want);
}

// A free fence next to a barrier changes nothing about the barrier: fence, wait, fence around an
// exchange through both memories gives the exact result.
TESSERA_CASE(free_fences_around_a_barrier_keep_its_ordering, "BAR-5,BAR-2", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0), scratch(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = a[t];
    g[t] = -a[t];
    tile_static_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    t.barrier.wait();
    all_memory_fence(t.barrier);
    b[t] = s[63 - l] * 10 + g[t.tile_origin[0] + (l + 1) % 64];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    const int o = k / 64 * 64, l = k % 64;
    want[k] = in[o + 63 - l] * 10 - in[o + (l + 1) % 64];
  }
  ctx.output("values", out, want);
}

// A barrier under a condition on tiled_index::tile, on a template parameter and on a captured constant
// (all tile-uniform) is reached by every thread of a tile or by none: barrier-correct.
template <int Tile>
std::vector<int> uniform_conditions(const accelerator_view& where, const std::vector<int>& in, int threshold) {
  const int n = static_cast<int>(in.size());
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(where, b.extent.tile<Tile>(), [=] restrict_amp (tiled_index<Tile> t) {
    tile_static int s[Tile];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    int r = s[l];
    if (t.tile[0] % 2 == 0) {  // tile-uniform: the tile index
      r = s[Tile - 1 - l];
      t.barrier.wait();
    }
    if (Tile == 32 && threshold > 2) {  // tile-uniform: a template parameter and a captured value
      t.barrier.wait_with_tile_static_memory_fence();
      s[l] = r + 1;
      t.barrier.wait_with_tile_static_memory_fence();
      r = s[(l + 1) % Tile];
    }
    b[t] = r;
  });
  b.synchronize();
  return out;
}

TESSERA_CASE(barriers_under_tile_uniform_conditions, "BAR-6,BAR-7", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  const auto out = uniform_conditions<32>(ctx.view(), in, 3);
  std::vector<int> want(n), r(n);
  for (int k = 0; k < n; ++k) {
    const int o = k / 32 * 32, l = k % 32;
    r[k] = (k / 32) % 2 == 0 ? in[o + 31 - l] : in[k];
  }
  for (int k = 0; k < n; ++k) want[k] = r[k / 32 * 32 + (k % 32 + 1) % 32] + 1;
  ctx.output("values", out, want);
}

// BAR-7: a loop bound that thread 0 writes to tile_static and every thread reads right after a barrier is
// tile-uniform; a loop with a barrier in its body runs that many times in every thread of the tile.
TESSERA_CASE(loop_bound_broadcast_through_tile_static_is_uniform, "BAR-7,BAR-8,PROJ-8", expect::pass) {
  constexpr int tile = 16, tiles = 6;
  auto rounds = ctx.random_ints(tiles, 0, 7);
  std::vector<int> out(tile * tiles * 2, 0);
  array_view<const int, 1> r(tiles, rounds);
  array_view<int, 2> b(tile * tiles, 2, out);
  parallel_for_each(ctx.view(), extent<1>(tile * tiles).tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int bound;
    tile_static int s[tile];
    const int l = t.local[0];
    if (l == 0) bound = r[t.tile];
    s[l] = l * 10;
    t.barrier.wait();
    const int n = bound;  // read right after a barrier, written only before it: tile-uniform
    for (int i = 0; i < n; ++i) {
      const int next = s[(l + 1) % tile];
      t.barrier.wait();
      s[l] = next + 1;
      t.barrier.wait();
    }
    b(t.global[0], 0) = n;
    b(t.global[0], 1) = s[l];
  });
  b.synchronize();
  std::vector<int> want(out.size());
  for (int g = 0; g < tile * tiles; ++g) {
    const int n = rounds[g / tile], l = g % tile;
    want[2 * g] = n;
    want[2 * g + 1] = (l + n) % tile * 10 + n;
  }
  ctx.output("rounds_and_values", out, want);
}

// BAR-8 (the correct twin of the divergent programs): a tree reduction whose loop bound is a literal and
// whose only local-dependent branch holds no barrier.
TESSERA_CASE(tree_reduction_with_barriers_in_a_uniform_loop, "BAR-8,MEM-8,MEM-7", expect::pass) {
  constexpr int tile = 256, tiles = 4;
  auto in = ctx.random_ints(tile * tiles, -100000, 100000);
  std::vector<int> sums(tiles, 0);
  array_view<const int, 1> a(tile * tiles, in);
  array_view<int, 1> b(tiles, sums);
  parallel_for_each(ctx.view(), a.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int s[tile];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = tile / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) b[t.tile] = s[0];
  });
  b.synchronize();
  std::vector<int> want(tiles, 0);
  for (int g = 0; g < tile * tiles; ++g) want[g / tile] += in[g];
  ctx.output("tile_sums", sums, want);
}

// BAR-6: a uniform `break` out of a loop with a barrier (its condition read from tile_static right after a
// barrier) and a uniform early return after the last barrier are barrier-correct.
TESSERA_CASE(uniform_break_and_return_after_the_last_barrier, "BAR-6,BAR-7,PROJ-8", expect::pass) {
  constexpr int tile = 32;
  const int n = 96;
  auto in = ctx.random_ints(n, 1, 9);
  std::vector<int> out(n, -1);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int total;
    const int l = t.local[0];
    if (l == 0) total = 0;
    t.barrier.wait();
    int steps = 0;
    for (;;) {
      if (l == steps % tile) total += a[t];  // one thread of the tile adds per step
      t.barrier.wait();
      const int sum = total;  // read right after a barrier: tile-uniform
      ++steps;
      t.barrier.wait();
      if (sum >= 40 || steps == tile) break;  // uniform break out of a loop with barriers
    }
    if (steps > 100) return;  // uniform (never taken) return
    b[t] = steps;
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int o = 0; o < n; o += tile) {
    int sum = 0, steps = 0;
    for (;;) {
      sum += in[o + steps % tile];
      ++steps;
      if (sum >= 40 || steps == tile) break;
    }
    for (int l = 0; l < tile; ++l) want[o + l] = steps;
  }
  ctx.output("steps", out, want);
}

// BAR-9: the spec's tile-local lock: threads acquire a tile_static lock with compare_exchange in a loop
// that holds a barrier, so every holder gets its turn on any schedule. The holder updates the guarded
// counter after the next barrier and then releases, so two holders' plain updates are a barrier apart.
TESSERA_CASE(tile_local_lock_with_a_barrier_in_the_spin_loop, "BAR-9,ATOM-4", expect::pass) {
  constexpr int tile = 32, tiles = 2;
  auto in = ctx.random_ints(tile * tiles, -1000, 1000);
  std::vector<int> out(tiles, 0), turns(tile * tiles, 0);
  array_view<const int, 1> a(tile * tiles, in);
  array_view<int, 1> b(tiles, out), r(tile * tiles, turns);
  parallel_for_each(ctx.view(), a.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int lock;
    tile_static int counter;
    tile_static int remaining;
    if (t.local[0] == 0) {
      lock = 0;
      counter = 0;
      remaining = tile;
    }
    t.barrier.wait();
    bool holding = false, done = false;
    int rounds = 0;
    for (;;) {
      if (!done) {
        if (holding) {
          counter += a[t];
          atomic_exchange(&lock, 0);
          atomic_fetch_dec(&remaining);
          done = true;
        } else {
          int expected = 0;
          holding = atomic_compare_exchange(&lock, &expected, 1);
        }
      }
      t.barrier.wait();
      const int left = remaining;  // read right after a barrier, updated only before it: uniform
      t.barrier.wait();
      ++rounds;
      if (left == 0) break;
    }
    r[t] = done ? 1 : 0;
    if (t.local[0] == 0) b[t.tile] = counter;
  });
  b.synchronize();
  r.synchronize();
  std::vector<int> want(tiles, 0);
  for (int g = 0; g < tile * tiles; ++g) want[g / tile] += in[g];
  ctx.output("guarded_sums", out, want);
  ctx.output("every_thread_had_its_turn", turns, std::vector<int>(tile * tiles, 1));
}

// BAR-11 (correct twin): tiles cannot hand data to each other within a launch, but the end of a launch
// orders everything: the second launch reads what other tiles wrote in the first.
TESSERA_CASE(next_launch_reads_what_other_tiles_wrote, "BAR-11,MEM-10", expect::pass) {
  constexpr int tile = 32;
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> mid(n, 0), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> m(n, mid), b(n, out);
  parallel_for_each(ctx.view(), m.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    m[t] = a[t] * 2 + t.tile[0];
    t.barrier.wait();
  });
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    b[t] = m[(t.global[0] + tile) % n];  // the next tile's element, written by the previous launch
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) {
    const int src = (g + tile) % n;
    want[g] = in[src] * 2 + src / tile;
  }
  ctx.output("next_tile", out, want);
}

}  // namespace
