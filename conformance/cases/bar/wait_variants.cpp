// BAR-1..BAR-4: tile_barrier and its four wait variants used correctly. Each wait is a rendezvous of the
// whole tile plus a fence over the memory it names; every exchange below goes through memory that the
// variant it crosses covers, so each result is exact on every backend and the emulator reports nothing.
#include <tessera/conformance/case.hpp>

#include <type_traits>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// The serial oracle of "out[g] = f(in[tile_origin + (l + shift) % tile])" over tiles of `tile` threads.
std::vector<int> rotated_within_tiles(const std::vector<int>& in, int tile, int shift, int scale, int add) {
  std::vector<int> out(in.size());
  for (std::size_t g = 0; g < in.size(); ++g) {
    const int origin = static_cast<int>(g) / tile * tile, l = static_cast<int>(g) % tile;
    out[g] = in[origin + (l + shift) % tile] * scale + add;
  }
  return out;
}

// A tile_barrier can be copied, but not default-constructed nor assigned: only the runtime makes one.
TESSERA_CASE(barrier_is_copyable_but_not_default_constructible_or_assignable, "BAR-1", expect::pass) {
  static_assert(!std::is_default_constructible_v<tile_barrier>, "tile_barrier has no public default constructor");
  static_assert(!std::is_copy_assignable_v<tile_barrier>, "tile_barrier has no assignment operator");
  static_assert(std::is_copy_constructible_v<tile_barrier>, "tile_barrier can be copy-constructed");
  ctx.require(!std::is_default_constructible_v<tile_barrier> && !std::is_copy_assignable_v<tile_barrier> &&
                  std::is_copy_constructible_v<tile_barrier>,
              "tile_barrier: copy-constructible only");
}

// A copy of t.barrier, made in kernel code, is a rendezvous of the same tile.
TESSERA_CASE(copied_barrier_waits_for_the_same_tile, "BAR-1,BAR-2", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const tile_barrier copy(t.barrier);
    s[t.local[0]] = a[t];
    copy.wait();
    b[t] = s[31 - t.local[0]];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int g = 0; g < n; ++g) want[g] = in[g / 32 * 32 + 31 - g % 32];
  ctx.output("reversed", out, want);
}

// wait(): every thread writes its slot of tile_static, waits, then reads its neighbour's slot.
TESSERA_CASE(wait_exchanges_tile_static_with_neighbour, "BAR-2,MEM-5", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -10000, 10000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    b[t] = s[(t.local[0] + 1) % 64] * 2 + 1;
  });
  b.synchronize();
  ctx.output("neighbour", out, rotated_within_tiles(in, 64, 1, 2, 1));
}

// wait() fences global memory too: an exchange through an array_view within a tile is ordered.
TESSERA_CASE(wait_exchanges_global_memory_within_a_tile, "BAR-2,MEM-9", expect::pass) {
  const int n = 192;
  auto in = ctx.random_ints(n, -10000, 10000);
  std::vector<int> out(n, 0), scratch(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    g[t] = a[t] * 3;
    t.barrier.wait();
    b[t] = g[t.tile_origin[0] + (t.local[0] + 5) % 64];
  });
  b.synchronize();
  ctx.output("neighbour", out, rotated_within_tiles(in, 64, 5, 3, 0));
}

// wait_with_all_memory_fence(): one crossing orders an exchange through tile_static and one through
// global memory at the same time.
TESSERA_CASE(wait_with_all_memory_fence_orders_both_memories, "BAR-2,MEM-9", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -10000, 10000);
  std::vector<int> out(n, 0), scratch(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int l = t.local[0];
    s[l] = a[t];
    g[t] = a[t] * 7;
    t.barrier.wait_with_all_memory_fence();
    b[t] = s[(l + 3) % 32] + g[t.tile_origin[0] + (l + 9) % 32];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    const int o = k / 32 * 32, l = k % 32;
    want[k] = in[o + (l + 3) % 32] + in[o + (l + 9) % 32] * 7;
  }
  ctx.output("sum_of_both", out, want);
}

// wait_with_global_memory_fence(): the rendezvous orders an exchange through global memory.
TESSERA_CASE(wait_with_global_memory_fence_exchanges_global_memory, "BAR-3,MEM-9", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -10000, 10000);
  std::vector<int> out(n, 0), scratch(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) {
    g[t] = a[t] - 1;
    t.barrier.wait_with_global_memory_fence();
    b[t] = g[t.tile_origin[0] + 127 - t.local[0]];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = in[k / 128 * 128 + 127 - k % 128] - 1;
  ctx.output("reversed", out, want);
}

// wait_with_tile_static_memory_fence(): the rendezvous orders an exchange through tile_static.
TESSERA_CASE(wait_with_tile_static_memory_fence_exchanges_tile_static, "BAR-4,MEM-9", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -10000, 10000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) {
    tile_static int s[128];
    s[t.local[0]] = a[t] + 1;
    t.barrier.wait_with_tile_static_memory_fence();
    b[t] = s[127 - t.local[0]];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = in[k / 128 * 128 + 127 - k % 128] + 1;
  ctx.output("reversed", out, want);
}

// Ping-pong through two tile_static buffers for 24 phases, each phase ended by
// wait_with_tile_static_memory_fence(): a thread reads the previous phase's buffer, writes the other.
TESSERA_CASE(ping_pong_through_tile_static_for_24_phases, "BAR-4,MEM-5,MEM-7", expect::pass) {
  constexpr int tile = 128, n = 256, phases = 24;
  auto in = ctx.random_uints(n, 0, 1u << 30);
  std::vector<unsigned> out(n, 0);
  array_view<const unsigned, 1> a(n, in);
  array_view<unsigned, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static unsigned s[2][tile];
    const int l = t.local[0];
    s[0][l] = a[t];
    t.barrier.wait_with_tile_static_memory_fence();
    for (int p = 1; p <= phases; ++p) {
      s[p % 2][l] = s[(p - 1) % 2][(l + 1) % tile] ^ (s[(p - 1) % 2][l] * 3u + static_cast<unsigned>(p));
      t.barrier.wait_with_tile_static_memory_fence();
    }
    b[t] = s[phases % 2][l];
  });
  b.synchronize();
  std::vector<unsigned> want(n);
  for (int o = 0; o < n; o += tile) {
    std::vector<unsigned> cur(in.begin() + o, in.begin() + o + tile), next(tile);
    for (int p = 1; p <= phases; ++p) {
      for (int l = 0; l < tile; ++l) next[l] = cur[(l + 1) % tile] ^ (cur[l] * 3u + static_cast<unsigned>(p));
      cur.swap(next);
    }
    std::copy(cur.begin(), cur.end(), want.begin() + o);
  }
  ctx.output("after_phases", out, want);
}

// The same ping-pong through two global buffers, each phase ended by wait_with_global_memory_fence().
TESSERA_CASE(ping_pong_through_global_memory_for_16_phases, "BAR-3,MEM-5,MEM-7", expect::pass) {
  constexpr int tile = 64, n = 192, phases = 16;
  auto in = ctx.random_uints(n, 0, 1u << 30);
  std::vector<unsigned> out(n, 0), scratch(2 * n, 0);
  array_view<const unsigned, 1> a(n, in);
  array_view<unsigned, 2> g(2, n, scratch);
  array_view<unsigned, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    const int l = t.local[0], o = t.tile_origin[0];
    g(0, o + l) = a[t];
    t.barrier.wait_with_global_memory_fence();
    for (int p = 1; p <= phases; ++p) {
      g(p % 2, o + l) = g((p - 1) % 2, o + (l + tile - 1) % tile) + g((p - 1) % 2, o + l) * 5u;
      t.barrier.wait_with_global_memory_fence();
    }
    b[t] = g(phases % 2, o + l);
  });
  b.synchronize();
  std::vector<unsigned> want(n);
  for (int o = 0; o < n; o += tile) {
    std::vector<unsigned> cur(in.begin() + o, in.begin() + o + tile), next(tile);
    for (int p = 1; p <= phases; ++p) {
      for (int l = 0; l < tile; ++l) next[l] = cur[(l + tile - 1) % tile] + cur[l] * 5u;
      cur.swap(next);
    }
    std::copy(cur.begin(), cur.end(), want.begin() + o);
  }
  ctx.output("after_phases", out, want);
}

// A pipeline whose phases alternate between tile_static and global memory: every phase reads one memory
// and writes the other, so each crossing must fence both (wait() and wait_with_all_memory_fence()).
TESSERA_CASE(pipeline_alternating_memories_across_full_fences, "BAR-2,MEM-9,MEM-5", expect::pass) {
  constexpr int tile = 64, n = 128, rounds = 6;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0), scratch(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> g(n, scratch), b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
    tile_static int s[tile];
    const int l = t.local[0], o = t.tile_origin[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int r = 0; r < rounds; ++r) {
      g[o + l] = s[(l + 1) % tile] + r;  // tile_static -> global
      t.barrier.wait_with_all_memory_fence();
      s[l] = g[o + (l + 2) % tile] * 2 - s[l];  // global -> tile_static
      t.barrier.wait();
    }
    b[t] = s[l];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int o = 0; o < n; o += tile) {
    std::vector<int> s(in.begin() + o, in.begin() + o + tile), gg(tile);
    for (int r = 0; r < rounds; ++r) {
      for (int l = 0; l < tile; ++l) gg[l] = s[(l + 1) % tile] + r;
      for (int l = 0; l < tile; ++l) s[l] = gg[(l + 2) % tile] * 2 - s[l];
    }
    std::copy(s.begin(), s.end(), want.begin() + o);
  }
  ctx.output("pipeline", out, want);
}

// 1024 threads (a 32x32 tile) rotate a tile_static array 16 times in lockstep: without a real
// rendezvous some thread would read a value of the wrong step.
TESSERA_CASE(thousand_twenty_four_thread_tile_rotates_in_lockstep, "BAR-2,BAR-6", expect::pass) {
  constexpr int steps = 16;
  std::vector<int> out(2 * 1024, -1);
  array_view<int, 2> v(64, 32, out);
  parallel_for_each(ctx.view(), v.extent.tile<32, 32>(), [=] restrict_amp (tiled_index<32, 32> t) {
    tile_static int s[2][1024];
    const int l = t.local[0] * 32 + t.local[1];
    s[0][l] = l + 1000 * t.tile[0];
    t.barrier.wait();
    for (int step = 1; step <= steps; ++step) {
      s[step % 2][l] = s[(step - 1) % 2][(l + 3) % 1024] + 1;
      t.barrier.wait();
    }
    v[t] = s[steps % 2][l];
  });
  v.synchronize();
  std::vector<int> want(2 * 1024);
  for (int k = 0; k < 2048; ++k) want[k] = (k % 1024 + 3 * steps) % 1024 + 1000 * (k / 1024) + steps;
  ctx.output("rotated", out, want);
}

// A 3-D tile (2x4x8) mirrors itself through a 3-D tile_static array across wait().
TESSERA_CASE(wait_in_a_three_dimensional_tile, "BAR-2,TS-2", expect::pass) {
  auto in = ctx.random_ints(4 * 8 * 16, -500, 500);
  std::vector<int> out(in.size(), 0);
  array_view<const int, 3> a(4, 8, 16, in);
  array_view<int, 3> b(4, 8, 16, out);
  parallel_for_each(ctx.view(), b.extent.tile<2, 4, 8>(), [=] restrict_amp (tiled_index<2, 4, 8> t) {
    tile_static int s[2][4][8];
    s[t.local[0]][t.local[1]][t.local[2]] = a[t];
    t.barrier.wait();
    b[t] = s[1 - t.local[0]][3 - t.local[1]][7 - t.local[2]];
  });
  b.synchronize();
  std::vector<int> want(in.size());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) {
        const int si = i / 2 * 2 + 1 - i % 2, sj = j / 4 * 4 + 3 - j % 4, sk = k / 8 * 8 + 7 - k % 8;
        want[(i * 8 + j) * 16 + k] = in[(si * 8 + sj) * 16 + sk];
      }
  ctx.output("mirrored", out, want);
}

// A helper function that waits, called uniformly twice by every thread: each call is one rendezvous.
restrict_amp int exchange_through(const tile_barrier& b, int* slots, int l, int value) {
  slots[l] = value;
  b.wait();
  const int got = slots[(l + 1) % 32];
  b.wait();
  return got;
}

TESSERA_CASE(barrier_in_helper_function_called_uniformly, "BAR-6,BAR-2", expect::pass) {
  const int n = 96;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    const int once = exchange_through(t.barrier, s, t.local[0], a[t]);
    const int twice = exchange_through(t.barrier, s, t.local[0], once * 2);
    b[t] = twice;
  });
  b.synchronize();
  ctx.output("shifted_twice", out, rotated_within_tiles(in, 32, 2, 2, 0));
}

}  // namespace
