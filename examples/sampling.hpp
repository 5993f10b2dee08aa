// Using tiles, "sampling": an 8x8 matrix holding 0..63 is averaged in SAMPLESIZE x SAMPLESIZE tiles; one
// thread per tile adds the tile's values that all its threads stored in tile_static memory. The barrier
// that publishes those stores is a template parameter, so the same kernel serves the documentation's
// wait() version and its tile_static-fence version.
#pragma once

#include <tessera/amp.hpp>

#include <iostream>
#include <vector>

enum class publish { wait, tile_static_fence };

template <int SAMPLESIZE, publish how>
void sampling_example() {
  using namespace tessera;
  constexpr int size = 8, out = size / SAMPLESIZE;
  std::vector<float> raw(size * size);
  for (int i = 0; i < size * size; ++i) raw[i] = static_cast<float>(i);
  std::vector<float> zeros(out * out, 0.0f);
  array_view<const float, 2> matrix(size, size, raw);
  array<float, 2> averages(extent<2>(out, out), zeros.begin(), zeros.end());
  array_view<float, 2> avg = averages;  // kernels reach arrays through a view (docs/cuda.md)
  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(), [=] restrict_amp (tiled_index<SAMPLESIZE, SAMPLESIZE> t) {
    tile_static float values[SAMPLESIZE][SAMPLESIZE];
    values[t.local[0]][t.local[1]] = matrix[t];
    if constexpr (how == publish::wait) {
      t.barrier.wait();
    } else {
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (t.local[0] == 0 && t.local[1] == 0) {
      float sum = 0;
      for (int r = 0; r < SAMPLESIZE; ++r)
        for (int c = 0; c < SAMPLESIZE; ++c) sum += values[r][c];
      avg(t.tile[0], t.tile[1]) = sum / (SAMPLESIZE * SAMPLESIZE);
    }
  });
  for (int r = 0; r < out; ++r)
    for (int c = 0; c < out; ++c) std::cout << averages(r, c) << (c < out - 1 ? " " : "\n");
}
