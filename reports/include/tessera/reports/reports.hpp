// Writing every report of a conformance run at once: junit.xml for CI test views, report.html for people,
// summary.md for CI logs. The input is what the harness and the differ wrote (conformance/results) and the
// clause catalog; the writers only read it.
#pragma once

#include <tessera/conformance/diff.hpp>
#include <tessera/conformance/results.hpp>
#include <tessera/conformance/clause_catalog.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::reports {

using conformance::clause;

struct report_input {
  std::vector<conformance::run_results> runs;               // one per backend; the reference first, by convention
  std::vector<conformance::diff_result> diffs;              // each backend against the reference
  std::vector<conformance::baseline_comparison> baselines;  // timing against stored baselines
  std::vector<clause> clauses;                              // the catalog (read_clause_catalog)
};

struct report_paths {
  std::filesystem::path junit;     // <dir>/junit.xml
  std::filesystem::path html;      // <dir>/report.html
  std::filesystem::path markdown;  // <dir>/summary.md
};

// A report that cannot be written: names the file and what to do.
class report_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Creates dir when missing and writes the three reports there; throws report_error when it cannot.
report_paths write_reports(const report_input& input, const std::filesystem::path& dir);

// Writes text to file, replacing it; throws report_error naming the file when it cannot.
void write_text_file(const std::filesystem::path& file, const std::string& text);

}  // namespace tessera::reports
