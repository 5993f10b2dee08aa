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

#include <iostream>
#include <vector>

enum class publish { wait, tile_static_fence };

#define MATRIXSIZE 8

template <int SAMPLESIZE, publish how>
void SamplingExample() {
  using namespace tessera;

  // The matrix: 0, 1, ..., 63.
  std::vector<float> rawData;
  for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
  extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
  array_view<float, 2> matrix(dataExtent, rawData);

  // One output element per tile, starting at 0.
  std::vector<float> outputData;
  int outputSize = MATRIXSIZE / SAMPLESIZE;
  for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
  extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
  array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());

  // Porting change: the docs capture the array by reference ([=, &averages]). Tessera kernels reach an
  // array through an array_view captured by value, which works on the emulator and on a GPU alike
  // (docs/porting.md, "Arrays inside kernels").
  array_view<float, 2> averagesView = averages;

  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=] restrict_amp (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) {
    // This tile's values, one per thread.
    tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
    tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

    // All of tileValues must be written before any thread reads it.
    if constexpr (how == publish::wait) {
      t_idx.barrier.wait();
    } else {
      t_idx.barrier.wait_with_tile_static_memory_fence();
    }

    // One thread per tile does the sum; with every thread doing it, each would add into the same element.
    if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
      for (int trow = 0; trow < SAMPLESIZE; trow++)
        for (int tcol = 0; tcol < SAMPLESIZE; tcol++)
          averagesView(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
      averagesView(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
    }
  });

  // Copy the array back into a host vector and print it, one row of tiles per line.
  outputData = averages;
  for (int row = 0; row < outputSize; row++)
    for (int col = 0; col < outputSize; col++)
      std::cout << outputData[row * outputSize + col] << (col + 1 < outputSize ? " " : "\n");
}
