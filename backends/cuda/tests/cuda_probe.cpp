// Exits 0 when a CUDA device is usable; otherwise prints why in one line and exits 77 (CTest: skipped).
#include <tessera/cuda/runtime.hpp>

#include <cstdio>

int main() {
  const std::string why = tessera::cuda::unavailable_reason();
  if (why.empty()) return 0;
  std::printf("SKIP: %s; GPU tests need an NVIDIA GPU and driver\n", why.c_str());
  return 77;
}
