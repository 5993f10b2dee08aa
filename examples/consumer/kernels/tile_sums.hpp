// Correct: each tile of 64 threads sums its 64 elements in tile_static memory, halving the number of
// active threads after every barrier.
#pragma once

#include <tessera/amp.hpp>

namespace consumer {

constexpr int tile_size = 64;

inline void tile_sums(tessera::array_view<const int, 1> in, tessera::array_view<int, 1> sums) {
  using namespace tessera;
  sums.discard_data();
  parallel_for_each(in.extent.tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    tile_static int partial[tile_size];
    const int me = t.local[0];
    partial[me] = in[t.global];
    t.barrier.wait();
    for (int half = tile_size / 2; half > 0; half /= 2) {
      if (me < half) partial[me] += partial[me + half];
      t.barrier.wait();
    }
    if (me == 0) sums[t.tile] = partial[0];
  });
  sums.synchronize();
}

}  // namespace consumer
