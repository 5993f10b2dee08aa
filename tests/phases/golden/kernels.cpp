// tessera-phases' golden input: kernels it rewrites, and kernels it leaves on the fiber path (each with
// its reason). The expected output is kernels.expected.
#include <tessera/amp.hpp>

using namespace tessera;

// Rewritten: waits in a loop, a fence-scoped wait, a wait through a pointer, a wait written over two
// lines (its line break moves after it), and an early return.
void rewritten(array_view<int, 1> v, int rounds) {
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    if (rounds == 0) return;
    s[t.local[0]] = v[t];
    t.barrier.wait_with_tile_static_memory_fence();
    for (int r = 0; r < rounds; ++r) {
      const tile_barrier* b = &t.barrier;
      b->wait();
      t.barrier
          .wait_with_global_memory_fence();
    }
    v[t] = s[63 - t.local[0]];
  });
}

// Rewritten through its instantiations: a kernel in a function template.
template <int N>
void in_a_template(array_view<float, 1> v) {
  parallel_for_each(v.extent.tile<N>(), [=] restrict_amp (tiled_index<N> t) {
    tile_static float s[N];
    s[t.local[0]] = v[t];
    t.barrier.wait();
    v[t] = s[N - 1 - t.local[0]];
  });
}
template void in_a_template<16>(array_view<float, 1>);

template <int N>
void wait_here(const tiled_index<N>& t) {
  t.barrier.wait();
}

void left_alone(array_view<int, 1> v) {
  // Its wait sits in a helper.
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    v[t] = 1;
    wait_here(t);
  });
  // A lambda inside it waits.
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    auto sync = [&] { t.barrier.wait(); };
    sync();
    v[t] = 2;
  });
  // It names its return type.
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) -> void {
    t.barrier.wait();
    v[t] = 3;
  });
  // A wait passes its own source_site.
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    t.barrier.wait(source_site{"elsewhere.cpp", 7});
    v[t] = 4;
  });
  // No barrier: the fiber path runs such a tile on one stack already.
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] = 5; });
}

// Rounds counted: a do-while, a range-for and a while around barriers (nested: each its own counter), a
// loop that calls a helper that waits (the kernel stays on the fiber path, its loop still counts); not
// counted: a loop without a barrier, a loop whose body has no braces.
void rounds(array_view<int, 1> v, int n) {
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    const int steps[2] = {1, 2};
    int k = 0;
    do {
      for (int step : steps) {
        int j = 0;
        while (j < step) { t.barrier.wait(); ++j; }
      }
    } while (++k < n);
    for (int i = 0; i < n; ++i) v[t] += i;
    for (int i = 0; i < n; ++i) t.barrier.wait();
  });
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    for (int i = 0; i < n; ++i) {
      wait_here(t);
    }
  });
}
