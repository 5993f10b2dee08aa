// The timing chart of the HTML report: each case's median kernel time on every backend, as bars side by
// side on a log scale, so a backend that is ten times slower on one case stands out.
#pragma once

#include <tessera/conformance/results.hpp>

#include <string>
#include <vector>

namespace tessera::reports {

struct timing_chart_options {
  std::size_t max_cases = 25;  // the slowest cases (by their slowest backend) are shown
  double width = 960;          // pixels
  // For other timing tables drawn the same way (bench/peers: workloads x configurations). Empty strings
  // keep the report's own wording.
  bool slowest_first = true;   // false: the cases in the order first seen
  std::string title{};         // the chart's <title>
  std::string time_axis{};     // the label under the time axis
  std::string case_axis{};     // the label beside the case axis
  std::string note{};          // a line under the chart (what a missing bar means, ...)
};

// A standalone <svg id="timing-chart"> element (well-formed XML): one <rect class="bar"> per case and
// backend that has a timing, a legend naming the backends and labelled axes. Without any timing it
// holds a line saying so.
std::string timing_chart_svg(const std::vector<conformance::run_results>& runs, const timing_chart_options& options = {});

}  // namespace tessera::reports
