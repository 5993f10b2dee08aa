// The backend an executor runs its cases on. Each executor links exactly one backend_*.cpp, which
// defines this_backend(): the case sources are the same, the executors differ only here and in how the
// cases were built (the CUDA executor's by nvcc, the emulator's with the checks' instrumentation, the
// emulator's compiled path's through tessera-phases).
#pragma once

#include <tessera/accelerator.hpp>

#include <cstdint>
#include <string>

namespace tessera::conformance {

struct backend_target {
  std::string name;               // "emulator", "emulator-phased", "cuda", "emulator-broken"
  std::string expectations_name;  // the per-backend list in conformance/expectations/<name>.tsv
  bool runs_emulator_checks;      // an emulator: its reports of barrier divergence, out-of-bounds indexing and
                                  // kernel exceptions can be expected here, at every worker count and thread order
  bool memory_checks;             // the emulator's memory checks run here (races, uninitialized reads, spin-waits,
                                  // host memory, the tile_static budget): hazard diagnostics can be expected
  std::string (*unavailable_reason)();  // empty when the backend can run here
  accelerator_view (*view)();           // where kernels run
  void (*configure)(unsigned workers, std::uint64_t seed, unsigned orders);  // emulator settings; no-op elsewhere
  std::string compiler;                 // what built the cases
};

const backend_target& this_backend();

// The compiler of this translation unit, as text ("GNU 12.2.0", "Clang 16.0.6").
#define TESSERA_CONFORMANCE_STR2(x) #x
#define TESSERA_CONFORMANCE_STR(x) TESSERA_CONFORMANCE_STR2(x)
#if defined(__clang__)
#define TESSERA_CONFORMANCE_HOST_COMPILER "Clang " __clang_version__
#elif defined(__GNUC__)
#define TESSERA_CONFORMANCE_HOST_COMPILER \
  "GNU " TESSERA_CONFORMANCE_STR(__GNUC__) "." TESSERA_CONFORMANCE_STR(__GNUC_MINOR__) "." TESSERA_CONFORMANCE_STR(__GNUC_PATCHLEVEL__)
#else
#define TESSERA_CONFORMANCE_HOST_COMPILER "unknown compiler"
#endif

}  // namespace tessera::conformance
