// The Markdown summary: a dozen lines for a CI log or a job summary page, pointing at the full reports.
#pragma once

#include <tessera/reports/reports.hpp>

#include <string>

namespace tessera::reports {

// Lists at most max_failures failures, one line each.
std::string markdown_summary(const report_input& input, const report_paths& paths, std::size_t max_failures = 5);

}  // namespace tessera::reports
