// The HTML report: one self-contained file (inline CSS and SVG, no scripts, nothing fetched), readable
// in any browser and attachable to a CI run as a single artifact.
#pragma once

#include <tessera/reports/reports.hpp>

#include <string>

namespace tessera::reports {

// Sections, each with an id tests and links can find: summary, uncovered, coverage (the table
// coverage-matrix), failures, skipped, mismatches, regressions, timing (the svg timing-chart).
std::string html_report(const report_input& input);

}  // namespace tessera::reports
