// Using Tiles, SamplingExample, with tile_barrier::wait(), for SAMPLESIZE 2 and then 4 (sampling.hpp).
// Documented output: 4.5 6.5 8.5 10.5 / 20.5 22.5 24.5 26.5 / 36.5 38.5 40.5 42.5 / 52.5 54.5 56.5 58.5
// for SAMPLESIZE 2, and 13.5 17.5 / 45.5 49.5 for SAMPLESIZE 4.
#include "sampling.hpp"

int main() {
  std::cout << "SAMPLESIZE 2\n";
  SamplingExample<2, publish::wait>();
  std::cout << "SAMPLESIZE 4\n";
  SamplingExample<4, publish::wait>();
}
