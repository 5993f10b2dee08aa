#include "summary_table.hpp"

#include <tessera/reports/side_by_side.hpp>

#include <cstdio>

namespace tessera::conformance::runner {

namespace {
std::string format(const char* pattern, auto... values) {
  char line[512];
  std::snprintf(line, sizeof line, pattern, values...);
  return line;
}
}  // namespace

std::string summary_table(const std::vector<run_results>& runs, const std::vector<diff_result>& diffs,
                          const std::vector<baseline_comparison>& baselines) {
  std::string s = format("\n%-23s %7s %7s %7s %9s  %s\n", "backend", "passed", "failed", "skipped", "seconds", "device");
  for (const auto& r : runs) {
    if (r.count(case_status::pass) + r.count(case_status::fail) == 0 && !r.cases.empty()) {
      // Nothing ran there: say so and why, once, instead of counting skips as if they were results.
      s += format("%-23s not run: %s\n", r.backend.c_str(), r.cases.front().message.c_str());
      continue;
    }
    s += format("%-23s %7zu %7zu %7zu %9.1f  %s\n", r.backend.c_str(), r.count(case_status::pass), r.count(case_status::fail),
                r.count(case_status::skip), r.seconds, r.device.empty() ? "(not available here)" : r.device.c_str());
    // A run spread over several devices: the cases each ran (one device: the row says it all).
    if (const auto devices = cases_per_device(r.cases); devices.size() > 1)
      for (const auto& d : devices)
        s += format("  %-21s %7zu %7zu %7zu %9s  %s\n", d.device.c_str(), d.pass, d.fail, d.skip, "", d.name.c_str());
  }
  const auto side = tessera::reports::compare_diagnostics(runs);
  if (!side.rows.empty()) {
    s += "\ndiagnostics side by side, emulator vs compute-sanitizer on " + side.gpu_backend + ":\n";
    s += format("  %-26s %7s %7s %9s %10s %7s %12s\n", "kind of bug", "kernels", "both", "emulator", "sanitizer", "neither", "san. elsewhere");
    for (const auto& bug : side.bug_order()) {
      const auto& t = side.by_bug.at(bug);
      s += format("  %-26s %7zu %7zu %9zu %10zu %7zu %12zu\n", bug.c_str(), t.total(), t.both, t.emulator_only, t.sanitizer_only, t.neither,
                  t.elsewhere);
    }
  }
  for (const auto& d : diffs) {
    s += format("diff %s vs %s: %zu cases, %zu outputs compared, %zu mismatches, %zu problems\n", d.backend.c_str(), d.reference.c_str(),
                d.compared_cases, d.compared_outputs, d.mismatches.size(), d.problems.size());
    if (d.devices.size() > 1) s += "  per GPU: " + per_device_line(d) + "\n";
    std::size_t shown = 0;
    for (const auto& m : d.mismatches)
      if (shown++ < 10) s += "  " + m.message + "\n";
    for (const auto& p : d.problems)
      if (shown++ < 10) s += "  " + p + "\n";
    if (shown > 10) s += format("  ... and %zu more (see the report)\n", shown - 10);
  }
  for (const auto& b : baselines) {
    if (!b.comparable) {
      s += "timing: not compared: " + b.note + " (" + b.baseline_file + ")\n";
      continue;
    }
    s += format("timing against %s (this machine's baseline): %zu regressions beyond +%.0f%%", b.baseline_file.c_str(), b.regressions.size(),
                b.threshold * 100);
    if (b.run_factor > 1.05) s += format(" of the run's typical case (%.2fx the baseline)", b.run_factor);
    s += "\n";
    for (const auto& r : b.regressions)
      s += format("  %s: fastest sample %.3f ms, baseline median %.3f ms (%.2fx)\n", r.case_id.c_str(), r.fastest_ns / 1e6,
                  r.baseline_ns / 1e6, r.ratio);
  }
  return s;
}

}  // namespace tessera::conformance::runner
