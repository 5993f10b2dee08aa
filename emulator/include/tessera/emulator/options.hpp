// How the emulator runs launches. Read from the environment on first use (the variables of
// option_table.hpp, one per member below), changeable through this API. Results and diagnostics of a
// race-free kernel do not depend on any of these.
#pragma once

#include <tessera/emulator/checks.hpp>
#include <tessera/emulator/option_table.hpp>

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
  bool checks_from_environment = false;    // TESSERA_CHECKS was set (check_summary then always prints)
};

// The environment variables of option_table.hpp, with their one-line docs, in the table's order.
struct option_variable {
  const char* name;
  const char* doc;
};
inline constexpr option_variable option_variables[] = {
#define TESSERA_OPTION_VARIABLE(variable, field, parse, doc) {#variable, doc},
    TESSERA_EMULATOR_OPTIONS(TESSERA_OPTION_VARIABLE)
#undef TESSERA_OPTION_VARIABLE
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
