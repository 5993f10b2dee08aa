// A stand-in GPU backend for the harness's own tests of the compute-sanitizer pass: it has no emulator
// checks to expect diagnostics from (as CUDA), and runs its kernels on the emulator, so the pass can be
// tested on a machine without a GPU, with a stand-in compute-sanitizer (fake_compute_sanitizer.sh).
#include "backend_target.hpp"

namespace tessera::conformance {

const backend_target& this_backend() {
  static const backend_target target{"fake-gpu", "fake-gpu", false, false, [] { return std::string(); },
                                     [] { return accelerator(accelerator::emulator_accelerator).get_default_view(); },
                                     [](unsigned, std::uint64_t, unsigned) {}, TESSERA_CONFORMANCE_HOST_COMPILER};
  return target;
}

}  // namespace tessera::conformance
