// The table tessera-conform prints at the end of a run: one row per backend, then the diff's verdict.
#pragma once

#include <tessera/conformance/diff.hpp>
#include <tessera/conformance/results.hpp>

#include <string>
#include <vector>

namespace tessera::conformance::runner {

std::string summary_table(const std::vector<run_results>& runs, const std::vector<diff_result>& diffs,
                          const std::vector<baseline_comparison>& baselines);

}  // namespace tessera::conformance::runner
