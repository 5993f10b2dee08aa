// What compute-sanitizer's findings on one case say, beside the case's `// expect:` markers: a finding
// at a marked line caught the planted bug; one at an unmarked line is either a bug the emulator missed
// or a false alarm of the sanitizer, and fails the case unless the CUDA expectation list names it as a
// false alarm with the reason (`sanitizer:<case>`).
#pragma once

#include <tessera/conformance/case_info.hpp>
#include <tessera/conformance/sanitizer.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tessera::conformance {

struct sanitizer_judgement {
  std::string verdict;  // caught, missed, timed out, clean, false alarm, could not run
  bool failed = false;
  std::string message;  // one line per tool: what it found where
};

sanitizer_judgement judge_sanitizer(const case_info& c, const std::vector<sanitizer_run>& runs,
                                    const std::optional<std::string>& listed_false_alarm);

// "racecheck: race at a.cpp:12 / a.cpp:14 (256x)"
std::string describe(const sanitizer_finding& f);

}  // namespace tessera::conformance
