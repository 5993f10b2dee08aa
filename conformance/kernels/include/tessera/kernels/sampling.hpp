// The C++ AMP documentation's SamplingExample ("Using Tiles"), written once for examples/sampling*.cpp
// and the conformance suite's docs family.
//
// An 8x8 matrix holding 0..63 (row-major) is cut into S x S tiles; every thread copies its element into a
// tile_static array, the tile waits at its barrier, and the tile's first thread adds the tile's values
// into its cell of `averages` and divides by the tile's size. S is a template parameter (the docs used a
// #define and said to edit it to 4). `publish::wait` is the docs' tile_barrier::wait();
// `publish::tile_static_fence` is the Memory Fences section's version, wait_with_tile_static_memory_fence(),
// enough because only tile_static memory is shared before the barrier.
//
// The tile at (tr, tc) holds 8r + c for r in [S tr, S tr + S), c in [S tc, S tc + S); its mean is
// 8 S tr + S tc + 4.5 (S - 1). Every partial sum is an integer below 2^24, so the float results are exact
// in any order.
#pragma once

#include <tessera/amp.hpp>

#include <vector>

namespace tessera::kernels {

enum class publish { wait, tile_static_fence };

constexpr int sampling_matrix_size = 8;

// The (8/S) x (8/S) tile means, row-major, computed on `where`.
template <int SAMPLESIZE, publish how>
std::vector<float> sampling_averages(const accelerator_view& where) {
  constexpr int MATRIXSIZE = sampling_matrix_size;
  std::vector<float> rawData;
  for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
  extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
  array_view<float, 2> matrix(dataExtent, rawData);

  // One output element per tile, starting at 0.
  std::vector<float> outputData;
  const int outputSize = MATRIXSIZE / SAMPLESIZE;
  for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
  extent<2> outputExtent(outputSize, outputSize);
  array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());

  // Porting change: the docs capture the array by reference ([=, &averages]). Kernels reach an array
  // through an array_view captured by value, which works on the emulator and on a GPU alike
  // (docs/porting.md, "Arrays inside kernels").
  array_view<float, 2> averagesView = averages;

  parallel_for_each(where, matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=] restrict_amp (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) {
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
        for (int tcol = 0; tcol < SAMPLESIZE; tcol++) averagesView(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
      averagesView(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
    }
  });
  outputData = averages;
  return outputData;
}

}  // namespace tessera::kernels
