// How the emulator runs launches. Read from the environment on first use, changeable through this API:
//
//   TESSERA_WORKERS     worker threads (default: hardware threads; 1 = serial, tiles in a fixed order)
//   TESSERA_SEED        0 (default) runs the threads of a tile in local-index order; any other value
//                       permutes that order at every barrier phase, reproducibly, so order-dependent
//                       kernels show themselves
//   TESSERA_STACK_SIZE  bytes of stack per kernel thread (default 64 KiB; suffix K or M accepted)
//   TESSERA_CHECKS      1 (default) or 0: the memory checks on kernels built with tessera_checked_kernels()
//
// Results and diagnostics of a race-free kernel do not depend on any of these.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera::emulator {

struct options {
  unsigned workers = 0;          // 0: one per hardware thread
  std::uint64_t seed = 0;        // 0: fixed order
  std::size_t stack_bytes = 64 * 1024;
  bool checks = true;            // memory checks in instrumented kernels (docs/checks.md)
};

// The options in force (environment applied on first call).
options get_options();
// Replace them; takes effect at the next launch. Do not call while a launch is running.
void set_options(const options& o);
void set_workers(unsigned workers);
void set_seed(std::uint64_t seed);

// The worker count a launch will use: options().workers, or the hardware thread count when that is 0.
unsigned effective_workers();

}  // namespace tessera::emulator
