// How the emulator runs launches. Read from the environment on first use, changeable through this API:
//
//   TESSERA_WORKERS     worker threads (default: hardware threads; 1 = serial, tiles in a fixed order)
//   TESSERA_SEED        0 (default) runs the threads of a tile in local-index order; any other value
//                       permutes that order at every barrier phase, reproducibly, so order-dependent
//                       kernels show themselves
//   TESSERA_SEEDS       thread orders a checked tiled launch tries (default 1): n runs it at seeds
//                       TESSERA_SEED .. TESSERA_SEED+n-1, the captured memory restored before each, and
//                       reports the findings of all (a race some orders never show: docs/checks.md)
//   TESSERA_STACK_SIZE  bytes of stack per kernel thread (default 64 KiB; suffix K or M accepted)
//   TESSERA_CHECKS      report (default), stop or off: what the checks on kernels built with
//                       tessera_checked_kernels() do about findings (check_mode; 1 and 0 are report and off)
//   TESSERA_CHECKS_OFF  checks to switch off, comma-separated names (checks.hpp: "spin_waits,host_memory")
//   TESSERA_ALLOW_SAME_VALUE  1: a racing plain write that leaves the stored bytes unchanged is not reported
//   TESSERA_CHECKS_SUMMARY  exit (default), launch or off: where the checks' counters are printed (check_summary)
//
// Results and diagnostics of a race-free kernel do not depend on any of these.
#pragma once

#include <tessera/emulator/checks.hpp>

#include <cstddef>
#include <cstdint>

namespace tessera::emulator {

// Where the checks print what they did (check_counters.hpp: accesses seen, findings), on stderr, so that
// a clean run can be told from checks that saw nothing.
enum class check_summary {
  off,
  at_exit,     // one line when the process exits, if its checks saw any access (or TESSERA_CHECKS is set)
  per_launch,  // one line after every launch with the checks on
};

struct options {
  unsigned workers = 0;          // 0: one per hardware thread
  std::uint64_t seed = 0;        // 0: fixed order
  unsigned seeds = 1;            // thread orders each checked tiled launch tries: seed, seed+1, ...
  std::size_t stack_bytes = 64 * 1024;
  check_mode checks = check_mode::report;  // the checks in instrumented kernels (docs/checks.md)
  check_set enabled_checks;                // every check unless switched off
  bool allow_same_value = false;           // ignore racing writes that do not change memory
  check_summary summary = check_summary::at_exit;
};

// The options in force (environment applied on first call).
options get_options();
// Replace them; takes effect at the next launch. Do not call while a launch is running.
void set_options(const options& o);
void set_workers(unsigned workers);
void set_seed(std::uint64_t seed);
void set_seeds(unsigned orders);

// The worker count a launch will use: options().workers, or the hardware thread count when that is 0.
unsigned effective_workers();

}  // namespace tessera::emulator
