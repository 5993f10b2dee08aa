// hazard_report: the one place where the checks' typed findings become what people and tools read:
// the hazard_detected exception (its typed entries and the text of what()) and, from those entries, the
// JSON of hazards_json(). Code addresses are symbolized here, only when there is something to report.
#pragma once

#include "finding.hpp"

#include <tessera/emulator/launch.hpp>
#include <tessera/kernel_failures.hpp>

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace tessera::emulator::detail {

struct report_input {
  const launch_memory& launch;
  const std::vector<std::string>& tile_static_modules;  // the ELF file of each TLS block (memory_map)
  const std::function<std::string(std::int64_t tile, int thread)>& names;
  std::uint64_t seed;
  unsigned orders;  // thread orders tried: seed, seed+1, ... (TESSERA_SEEDS)
  bool stop_at_first;
};

struct hazard_report {
  std::exception_ptr error;  // hazard_detected; null when there is nothing to report
  std::uint64_t reported = 0;
  std::uint64_t symbolization_failures = 0;  // code addresses of this report without line information
};

// One entry per kind and pair of source lines, in a deterministic order (by kind, then by the sites'
// text: addresses differ from build to build); in stop mode only the first.
hazard_report make_hazard_report(const std::vector<finding>& findings, const report_input& in);

}  // namespace tessera::emulator::detail
