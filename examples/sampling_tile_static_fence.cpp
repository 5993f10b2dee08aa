// Using Tiles, Memory Fences: SamplingExample with t_idx.barrier.wait_with_tile_static_memory_fence() in
// place of wait() (sampling.hpp). The threads share only tile_static memory before the barrier, so the
// narrower fence suffices and the output is the same as the sampling example's.
#include "sampling.hpp"

int main() {
  std::cout << "SAMPLESIZE 2\n";
  SamplingExample<2, publish::tile_static_fence>();
  std::cout << "SAMPLESIZE 4\n";
  SamplingExample<4, publish::tile_static_fence>();
}
