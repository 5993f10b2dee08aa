// The CUDA backend's launcher (the backend contract, detail/backend.hpp): launches on "cuda:N" devices,
// in translation units nvcc compiles.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/cuda/launch.cuh>

namespace tessera::cuda {

struct launcher {
  static constexpr const char* name = "cuda";

  template <class Domain, class Kernel>
  static void launch(const accelerator_view& view, const Domain& domain, const Kernel& kernel) {
    detail::launch(view, domain, kernel);
  }
};

}  // namespace tessera::cuda
