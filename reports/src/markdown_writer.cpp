// The Markdown summary is read in CI logs as plain text as often as rendered, so it stays a short list of
// plain sentences: numbers first, names in code spans, each failure on one line.
#include <tessera/reports/coverage.hpp>
#include <tessera/reports/markdown_writer.hpp>
#include <tessera/reports/side_by_side.hpp>
#include <tessera/reports/text.hpp>

#include "format.hpp"

namespace tessera::reports {
namespace {

using detail::plural;

constexpr std::size_t name_bytes = 80;
constexpr std::size_t message_bytes = 160;

std::string code(std::string_view s) { return markdown_code(s, name_bytes); }

std::string clause_ids(const std::vector<clause>& clauses, std::size_t max) {
  std::string out;
  for (std::size_t i = 0; i < clauses.size() && i < max; ++i) out += (i ? ", " : "") + code(clauses[i].id);
  if (clauses.size() > max) out += ", …";
  return out;
}

}  // namespace

std::string markdown_summary(const report_input& in, const report_paths& paths, std::size_t max_failures) {
  const coverage cov = compute_coverage(in.runs, in.clauses);
  std::string md = "## Tessera conformance\n\n";

  for (const auto& run : in.runs) {
    const detail::counts n = detail::count_cases(run);
    if (n.pass + n.fail == 0 && n.skip > 0) {
      // Nothing ran there: one line saying so and why, not a count of skips.
      md += "- " + code(run.backend) + ": not run: " + markdown_line(run.cases.front().message, message_bytes) + "\n";
      continue;
    }
    md += "- " + code(run.backend) + ": " + std::to_string(n.pass) + " passed, " + std::to_string(n.fail) + " failed, " +
          std::to_string(n.skip) + " skipped of " + plural(n.total(), "case", "cases") + " in " +
          detail::format_seconds(run.seconds) + " (seed " + std::to_string(run.seed) +
          (run.workers ? ", " + plural(run.workers, "worker", "workers") : std::string()) + ")\n";
    // Spread over several devices: the cases each ran.
    if (const auto devices = conformance::cases_per_device(run.cases); devices.size() > 1)
      for (const auto& d : devices)
        md += "  - " + code(d.device) + " (" + markdown_line(d.name, message_bytes) + "): " + plural(d.total(), "case", "cases") + ", " +
              std::to_string(d.pass) + " passed, " + std::to_string(d.fail) + " failed, " + std::to_string(d.skip) + " skipped\n";
  }
  if (in.runs.empty()) md += "- no run in the input\n";

  for (const auto& d : in.diffs) {
    md += "- diff " + code(d.backend) + " against " + code(d.reference) + ": " +
          (d.clean() && d.compared_cases == 0 ? "nothing compared, no case ran on both backends\n"
           : (d.clean() ? "clean, " : plural(d.mismatches.size(), "mismatch", "mismatches") + ", " +
                                          plural(d.problems.size(), "problem", "problems") + "; ") +
                 plural(d.compared_cases, "case", "cases") + " and " + plural(d.compared_outputs, "output", "outputs") +
                 " compared\n");
    if (d.devices.size() > 1) md += "  - per GPU: " + conformance::per_device_line(d) + "\n";
  }

  for (const auto& b : in.baselines)
    md += "- timing against " + code(b.baseline_file) + ": " +
          (b.comparable ? plural(b.regressions.size(), "regression", "regressions") + " (compared with this machine's baseline)"
                        : "not compared: " + markdown_line(b.note, message_bytes)) +
          "\n";

  md += "- clauses: " + std::to_string(cov.uncovered_core()) + " uncovered core clauses";
  if (cov.uncovered_core()) {
    md += " (" + std::to_string(cov.core_without_cases.size()) + " without a case";
    if (!cov.core_without_cases.empty()) md += ": " + clause_ids(cov.core_without_cases, 8);
    md += "; " + std::to_string(cov.core_only_negative.size()) + " with negative cases only";
    if (!cov.core_only_negative.empty()) md += ": " + clause_ids(cov.core_only_negative, 8);
    md += ")";
  }
  md += "\n";
  md += "- by kind of clause (GEN-1):";
  for (std::size_t k = 0; k < cov.kinds.size(); ++k) {
    // Runs of backends where nothing ran (no device) are left out: a skip is not a case run.
    std::size_t passed = 0, cases = 0;
    for (std::size_t r = 0; r < cov.kinds[k].cells.size() && r < in.runs.size(); ++r) {
      const detail::counts n = detail::count_cases(in.runs[r]);
      if (n.pass + n.fail == 0) continue;
      passed += cov.kinds[k].cells[r].passed, cases += cov.kinds[k].cells[r].cases;
    }
    md += (k ? "; " : " ") + cov.kinds[k].kind + " " + std::to_string(cov.kinds[k].cited) + "/" +
          std::to_string(cov.kinds[k].clauses) + " clauses cited, " + std::to_string(passed) + "/" + std::to_string(cases) +
          " case runs passed";
  }
  md += "\n";
  if (!cov.unknown.empty()) {
    md += "- " + plural(cov.unknown.size(), "cited clause is", "cited clauses are") + " missing from the catalog:";
    for (std::size_t i = 0; i < cov.unknown.size() && i < 8; ++i) md += (i ? ", " : " ") + code(cov.unknown[i].clause_id);
    md += "\n";
  }

  std::size_t failures = 0;
  for (const auto& run : in.runs) failures += detail::count_cases(run).fail;
  if (failures) {
    md += "\n### Failures\n\n";
    std::size_t listed = 0;
    for (const auto& run : in.runs)
      for (const auto& c : run.cases) {
        if (c.status != conformance::case_status::fail || listed == max_failures) continue;
        ++listed;
        md += std::to_string(listed) + ". " + code(run.backend) + " " + code(c.id) +
              (c.file.empty() ? "" : " (" + code(c.file + ":" + std::to_string(c.line)) + ")") + ": " +
              markdown_line(c.message.empty() ? c.diagnostic : c.message, message_bytes) + "\n";
      }
    if (failures > listed) md += "\n… and " + std::to_string(failures - listed) + " more in the HTML report.\n";
  }

  md += side_by_side_markdown(compare_diagnostics(in.runs));

  md += "\nReports: " + code(paths.html.string()) + " (HTML), " + code(paths.junit.string()) + " (JUnit XML)\n";
  return md;
}

}  // namespace tessera::reports
