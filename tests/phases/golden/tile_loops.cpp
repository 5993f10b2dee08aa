// tessera-phases' golden input for the tile-loop form: kernels whose threads all take the same way
// through their barriers run as loops over the tile's threads; the others (each with its reason) become
// coroutines. The expected output is tile_loops.expected.
#include <tessera/amp.hpp>

using namespace tessera;

// Tile loops: a local kept per thread across barriers, loops counted by constants and by a captured value, a
// uniform constant declared in the body and used in a loop's condition, tile_static memory left at the
// tile's level.
void reduction(array_view<const float, 1> in, array_view<float, 1> out, int rounds) {
  parallel_for_each(in.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static float s[64];
    const int l = t.local[0];
    s[l] = in[t];
    t.barrier.wait_with_tile_static_memory_fence();
    const int twice = rounds * 2;
    for (int r = 0; r < twice; ++r) {
      for (int stride = 32; stride > 0; stride /= 2) {
        if (l < stride) s[l] += s[l + stride];
        t.barrier.wait();
      }
    }
    if (l == 0) out[t.tile[0]] = s[0];
  });
}

// Tile loops: locals declared with auto and two to a declaration, changed between barriers, and a barrier
// under an if whose condition every thread computes alike.
void kept_locals(array_view<int, 1> v, int rounds) {
  parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    auto mine = t.global[0] * 3;
    int left = 0, right = 0;
    for (int r = 0; r < rounds; ++r) {
      s[t.local[0]] = mine + r;
      t.barrier.wait();
      left += s[(t.local[0] + 31) % 32];
      right += s[(t.local[0] + 1) % 32];
      t.barrier.wait();
    }
    if (rounds > 1) {
      t.barrier.wait();
      mine += left - right;
    }
    v[t] = mine;
  });
}

// Coroutines: a barrier under a condition on the thread's index; a loop bound read from memory; an early
// return; a break out of a loop that holds a barrier; an array that lives across a barrier; a loop counter
// changed in the body.
void coroutines(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] < 8) t.barrier.wait();
  });
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = 0; i < v[0]; ++i) t.barrier.wait();
  });
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (v[t] == 0) return;
    t.barrier.wait();
  });
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = 0; i < 4; ++i) {
      t.barrier.wait();
      if (v[t] == i) break;
    }
  });
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int mine[2] = {t.local[0], 0};
    t.barrier.wait();
    v[t] = mine[0];
  });
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = 0; i < 4; ++i) {
      t.barrier.wait();
      i += v[t];
    }
  });
}

// A coroutine: its two instantiations would keep a local of two different deduced types.
template <class T>
void deduced(array_view<T, 1> v) {
  parallel_for_each(v.extent.template tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    auto x = v[t];
    t.barrier.wait();
    v[t] = x + x;
  });
}
template void deduced<int>(array_view<int, 1>);
template void deduced<float>(array_view<float, 1>);
