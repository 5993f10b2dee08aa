// CUDA as the backend under test: the cases of this executor were compiled by nvcc, and run on the
// default accelerator when that is a GPU (TESSERA_DEFAULT_ACCELERATOR=cuda:1 picks the second: the
// executor spreads its cases over the GPUs this way), else on the first GPU. Without a usable GPU every
// case is skipped with the reason.
#include "backend_target.hpp"

#include <tessera/cuda/runtime.hpp>

#include <cstdlib>
#include <string>

namespace tessera::conformance {

const backend_target& this_backend() {
  static const backend_target target{
      "cuda", "cuda", false, false,
      [] { return cuda::unavailable_reason(); },
      [] {
        cuda::register_devices();
        const char* named = std::getenv("TESSERA_DEFAULT_ACCELERATOR");  // read, not chosen: a case may still choose the default
        return accelerator(named != nullptr && std::string(named).rfind("cuda:", 0) == 0 ? named : "cuda:0").get_default_view();
      },
      [](unsigned, std::uint64_t, unsigned) {},
      "NVIDIA nvcc " TESSERA_CONFORMANCE_STR(TESSERA_NVCC_VERSION) " / " TESSERA_CONFORMANCE_HOST_COMPILER};
  return target;
}

}  // namespace tessera::conformance
