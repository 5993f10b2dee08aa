// The sampling example with wait_with_tile_static_memory_fence(): the threads only share tile_static
// memory before the barrier, so a fence over tile_static memory is all the barrier needs. Same output.
#include "sampling.hpp"

int main() {
  std::cout << "SAMPLESIZE 2\n";
  sampling_example<2, publish::tile_static_fence>();
  std::cout << "SAMPLESIZE 4\n";
  sampling_example<4, publish::tile_static_fence>();
}
