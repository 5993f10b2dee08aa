// check_summary: the checks' counters of every launch, kept per calling thread and per process
// (tessera/emulator/check_counters.hpp), and printed as options().summary says.
#pragma once

#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/options.hpp>

namespace tessera::emulator::detail {

// A launch with the checks on ended (its report made) with these counters.
void count_launch(const check_counters& launch, check_summary where);

}  // namespace tessera::emulator::detail
