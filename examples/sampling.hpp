// Ported from Using Tiles, "SamplingExample" and, in its Memory Fences section, the same kernel with a
// tile_static-only fence. An 8x8 matrix holding 0..63 (row-major) is cut into SAMPLESIZE x SAMPLESIZE
// tiles; every thread copies its element into a tile_static array, the tile waits at its barrier, and the
// tile's first thread adds the tile's values into its cell of `averages` and divides by the tile's size.
//
// SAMPLESIZE is a template parameter (the docs used a #define and said to edit it to 4), so one program
// runs both sizes. The barrier is a parameter too: `publish::wait` is the docs' tile_barrier::wait(), and
// `publish::tile_static_fence` is the Memory Fences version, wait_with_tile_static_memory_fence(), which is
// enough because only tile_static memory is shared before the barrier.
//
// Checking the documented output: the tile at (tr, tc) holds the values 8*r + c for r in
// [s*tr, s*tr + s) and c in [s*tc, s*tc + s), s = SAMPLESIZE. Their mean is
//   8 * (s*tr + (s-1)/2) + (s*tc + (s-1)/2) = 8*s*tr + s*tc + 4.5*(s-1).
//   s = 2: 16*tr + 2*tc + 4.5  ->   4.5  6.5  8.5 10.5 / 20.5 ... 26.5 / 36.5 ... 42.5 / 52.5 ... 58.5
//   s = 4: 32*tr + 4*tc + 13.5 ->  13.5 17.5 / 45.5 49.5
// which is what the docs print. Every partial sum is an integer below 2^24, so the float additions are
// exact in any order and the means are exact too.
#pragma once

#include <tessera/amp.hpp>
#include <tessera/kernels/sampling.hpp>

#include <iostream>
#include <vector>

using tessera::kernels::publish;

// Runs the docs' kernel (tessera/kernels/sampling.hpp, shared with the conformance suite) on the default
// accelerator and prints the tile means, one row of tiles per line.
template <int SAMPLESIZE, publish how>
void SamplingExample() {
  const std::vector<float> outputData =
      tessera::kernels::sampling_averages<SAMPLESIZE, how>(tessera::accelerator().get_default_view());
  const int outputSize = tessera::kernels::sampling_matrix_size / SAMPLESIZE;
  for (int row = 0; row < outputSize; row++)
    for (int col = 0; col < outputSize; col++)
      std::cout << outputData[row * outputSize + col] << (col + 1 < outputSize ? " " : "\n");
}
