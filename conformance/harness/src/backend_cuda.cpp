// CUDA as the backend under test: the cases of this executor were compiled by nvcc, and run on the
// first GPU. Without a usable GPU every case is skipped with the reason.
#include "backend_target.hpp"

#include <tessera/cuda/runtime.hpp>

namespace tessera::conformance {

const backend_target& this_backend() {
  static const backend_target target{
      "cuda", "cuda", false,
      [] { return cuda::unavailable_reason(); },
      [] {
        cuda::register_devices();
        return accelerator("cuda:0").get_default_view();
      },
      [](unsigned, std::uint64_t, unsigned) {},
      "NVIDIA nvcc " TESSERA_CONFORMANCE_STR(TESSERA_NVCC_VERSION) " / " TESSERA_CONFORMANCE_HOST_COMPILER};
  return target;
}

}  // namespace tessera::conformance
