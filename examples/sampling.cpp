// SAMPLESIZE 2 prints 4.5 6.5 8.5 10.5 / 20.5 ... / 36.5 ... / 52.5 ... 58.5; SAMPLESIZE 4 prints
// 13.5 17.5 / 45.5 49.5.
#include "sampling.hpp"

int main() {
  std::cout << "SAMPLESIZE 2\n";
  sampling_example<2, publish::wait>();
  std::cout << "SAMPLESIZE 4\n";
  sampling_example<4, publish::wait>();
}
