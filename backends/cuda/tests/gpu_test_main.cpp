// main() of the GPU test programs: without a usable CUDA device they print one line saying why and exit
// with 77, which CTest reports as skipped (SKIP_RETURN_CODE); with one, the GPU is the default accelerator.
#include <tessera/accelerator.hpp>
#include <tessera/cuda/runtime.hpp>

#include <gtest/gtest.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (const std::string why = tessera::cuda::unavailable_reason(); !why.empty()) {
    std::printf("SKIP: %s; GPU tests need an NVIDIA GPU and driver\n", why.c_str());
    return 77;
  }
  tessera::cuda::register_devices();
  tessera::accelerator::set_default("cuda:0");
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
