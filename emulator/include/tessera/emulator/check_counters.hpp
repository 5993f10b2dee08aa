// What the emulator's checks did: counters per launch and per process, so that a clean result can be
// told from checks that saw nothing (a kernel built without tessera_checked_kernels(), or an
// instrumentation the compiler dropped). docs/checks.md, "Counters", says where they are printed.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::emulator {

struct check_counters {
  std::uint64_t launches = 0;  // launches that ran with the checks on
  std::uint64_t accesses = 0;  // loads, stores and atomics of instrumented kernel code the checks saw
  std::uint64_t findings = 0;  // findings reported (entries of hazard_detected::hazards())
  std::uint64_t merged = 0;    // findings the checks recorded that went into a reported one instead (the
                               // same kind at the same instructions or source lines; in stop mode, the
                               // findings after the first)
  std::uint64_t symbolization_failures = 0;  // code addresses no source line was found for, and modules
                                             // whose symbol table could not be read

  check_counters& operator+=(const check_counters& o) noexcept {
    launches += o.launches;
    accesses += o.accesses;
    findings += o.findings;
    merged += o.merged;
    symbolization_failures += o.symbolization_failures;
    return *this;
  }
  friend bool operator==(const check_counters&, const check_counters&) = default;
};

// The counters of the last launch the calling thread made with the checks on (zeros before any).
check_counters last_launch_counters();
// The sum over every launch of the process so far.
check_counters process_counters();

// "checked 1,234,567 accesses in 3 launches, 0 findings" (and the merged findings and symbolization
// failures, when there are any).
std::string summary(const check_counters& c);

}  // namespace tessera::emulator
