// The Markdown report and the SVG chart of a peers run (report.hpp). The chart is the conformance
// reports' timing chart (tessera/reports/svg_chart.hpp) with each configuration as a "backend" and each
// workload and size as a "case": the same log-scale grouped bars, no second chart writer.
#include "report.hpp"
#include "timing.hpp"

#include <tessera/conformance/results.hpp>
#include <tessera/reports/svg_chart.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace peers {
namespace {

std::string printf_string(const char* format, double v) {
  char text[64];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

// "850 µs", "12.3 ms", "1.25 s", "48 s"
std::string duration(double s) {
  if (s < 1e-3) return printf_string("%.0f µs", s * 1e6);
  if (s < 1e-2) return printf_string("%.2f ms", s * 1e3);
  if (s < 1) return printf_string("%.1f ms", s * 1e3);
  if (s < 10) return printf_string("%.2f s", s);
  return printf_string("%.1f s", s);
}

std::string limit_text(double limit) { return printf_string("%g s", limit); }

std::string ratio(double r) { return r >= 10 ? printf_string("%.0fx", r) : r >= 1 ? printf_string("%.1fx", r) : printf_string("%.2fx", r); }

// A table cell holds one line and no pipe.
std::string md(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

std::string shorten(const std::string& s, std::size_t n) { return s.size() <= n ? s : s.substr(0, n) + "..."; }

std::string cell_text(const cell& c, double limit) {
  switch (c.s) {
    case cell::state::ok: return duration(c.seconds) + (c.warm_up_only ? "\\*" : "");
    case cell::state::over_limit: return "> " + limit_text(limit) + (c.not_run ? " (not run)" : "");
    case cell::state::skipped_estimate: return "> " + limit_text(limit) + " (est. " + duration(c.estimate) + ")";
    case cell::state::failed: return "FAILED: " + md(shorten(c.why, 160));
    case cell::state::unavailable: return "n/a";
  }
  return "";
}

bool past_limit(const cell& c) { return c.s == cell::state::over_limit || c.s == cell::state::skipped_estimate; }

// a's time over b's, with the limit as a bound where one of them ran past it.
std::string ratio_text(const cell& a, const cell& b, double limit) {
  if (a.s == cell::state::ok && b.s == cell::state::ok) return ratio(a.seconds / b.seconds);
  if (a.s == cell::state::ok && past_limit(b)) return "< " + ratio(a.seconds / limit);
  if (past_limit(a) && b.s == cell::state::ok) return "> " + ratio(limit / b.seconds);
  return "–";
}

std::string crossings_text(const timing_row& row, const cell& c) {
  if (c.s != cell::state::ok) return "–";
  return printf_string("%.1f M/s", barrier_crossings(*row.w, row.size) / c.seconds / 1e6);
}

}  // namespace

const char* config_label(config c) {
  switch (c) {
    case tessera_off: return "Tessera, checks off";
    case tessera_compiled: return "Tessera, compiled path";
    case tessera_checked: return "Tessera, checked";
    case tessera_compiled_checked: return "Tessera, compiled path checked";
    case pocl: return "POCL";
    case oclgrind: return "Oclgrind";
    case oclgrind_races: return "Oclgrind --data-races";
    case config_count: break;
  }
  return "?";
}

std::string markdown(const report& r) {
  const run_info& i = r.info;
  std::ostringstream m;
  m << "# Tessera next to OpenCL peers\n\n";
  m << "- date: " << i.date << "\n";
  m << "- machine: " << i.machine << "\n";
  m << "- compiler: " << i.compiler << ", " << i.build_type << " build\n";
  m << "- Tessera: the emulator, " << i.tessera << "; *checks off*: plain build, `TESSERA_CHECKS=off`; *checked*: kernels built "
       "with `tessera_checked_kernels`, `TESSERA_CHECKS=report`; *compiled path*: plain build through `tessera_phased_kernels` "
       "(kernels rewritten into tile loops or coroutines), `TESSERA_CHECKS=off`; *compiled path checked*: built with both "
       "(kernels in tile loops checked there, the others on fibers), `TESSERA_CHECKS=report`\n";
  m << "- POCL: " << (i.pocl.empty() ? "not found" : i.pocl) << "\n";
  m << "- Oclgrind: " << (i.oclgrind.empty() ? "not found" : i.oclgrind) << ", the same OpenCL host program run under `oclgrind`\n";
  m << "- each configuration of each row ran as a child process, limited to " << limit_text(i.limit) << "; the whole run took "
    << duration(i.total_seconds) << "\n\n";

  m << "## Time per launch\n\n";
  m << "One launch, kernel only: building programs, creating buffers and uploading inputs are not timed. The first launch is a "
       "warm-up (POCL compiles for the work-group size there), and launches go on untimed until "
    << printf_string("%g", peers::settle_seconds)
    << " s after it began (a program's threads are not spread over the cores at once); the time is the median of the "
       "launches after that, at most "
    << peers::max_runs << ", repeated for up to " << printf_string("%g", i.budget)
    << " s. \\* a single launch: the warm-up alone took longer than that, so it was not repeated. Every launch's output equals "
       "the serial oracle's, bit for bit (the inputs are small multiples of 1/4 or small integers, so every sum is exact). "
    << "**> " << limit_text(i.limit) << "**: killed at the limit; **(est. t)**: not run, because the previous size of the same "
       "configuration predicted a launch of t (its launch time times the ratio of the work); **(not run)**: a smaller size already "
       "ran past the limit.\n\n";
  m << "Ratios: **off / POCL** is Tessera without checks over POCL (how many times longer Tessera takes); **compiled / POCL** "
       "the same for the compiled path; **checked / Oclgrind races** is Tessera checking every access over Oclgrind's race detector (below 1: Tessera is faster), "
       "**compiled checked / Oclgrind races** the same for the checked compiled path; a bound where one "
       "side ran past the limit. **crossings/s**: barrier crossings (every kernel thread's `tile_barrier::wait`, added up) per "
       "second of a Tessera launch.\n\n";
  m << "| workload | size";
  for (int c = 0; c < config_count; ++c) m << " | " << config_label(static_cast<config>(c));
  m << " | off / POCL | compiled / POCL | checked / Oclgrind races | compiled checked / Oclgrind races | crossings/s, off | crossings/s, checked |\n";
  m << "|---|---";
  for (int c = 0; c < config_count + 6; ++c) m << "|---:";
  m << "|\n";
  for (const auto& row : r.timings) {
    m << "| " << row.w->title << " | " << size_label(*row.w, row.size);
    for (const auto& c : row.cells) m << " | " << cell_text(c, i.limit);
    m << " | " << ratio_text(row.cells[tessera_off], row.cells[pocl], i.limit) << " | "
      << ratio_text(row.cells[tessera_compiled], row.cells[pocl], i.limit) << " | "
      << ratio_text(row.cells[tessera_checked], row.cells[oclgrind_races], i.limit) << " | "
      << ratio_text(row.cells[tessera_compiled_checked], row.cells[oclgrind_races], i.limit) << " | "
      << crossings_text(row, row.cells[tessera_off]) << " | " << crossings_text(row, row.cells[tessera_checked]) << " |\n";
  }

  m << "\n## Detection side by side\n\n";
  if (r.detections.empty()) {
    m << (r.detection_note.empty() ? "Not run." : r.detection_note) << "\n";
    return m.str();
  }
  m << "Each row is a case of the hazard corpus (`conformance/hazards`). **Tessera**: the case itself, run by the corpus executor "
       "(`conform_emulator`, kernels instrumented, report mode, at 1, 2 and 8 workers and 3 seeds); a buggy case counts as caught "
       "when every run reported one of its kinds at a line marked in the source, a correct one as clean when nothing was "
       "reported and its result equals its oracle. **Oclgrind**: the OpenCL twin (`bench/peers/kernels/hazards.cl`, same bug "
       "or same pattern) under `oclgrind --data-races --uninitialized`, limited to "
    << limit_text(i.hazard_limit)
    << "; what it printed, by message with its count and the lines of `hazards.cl` named; a correct twin's result is checked "
       "against its oracle.";
  if (!r.detection_note.empty()) m << " " << r.detection_note;
  m << "\n\n";
  int buggy = 0, t_caught = 0, o_caught = 0, correct = 0, t_clean = 0, o_clean = 0;
  for (const auto& d : r.detections) {
    if (d.buggy) {
      ++buggy;
      t_caught += d.tessera_ok;
      o_caught += d.oclgrind_reported;
    } else {
      ++correct;
      t_clean += d.tessera_ok;
      o_clean += !d.oclgrind_reported && d.oclgrind_completed;
    }
  }
  m << "| case | bug | Tessera | Oclgrind | caught by |\n|---|---|---|---|---|\n";
  for (const auto& d : r.detections) {
    std::string verdict;
    if (d.buggy) {
      verdict = d.tessera_ok && d.oclgrind_reported ? "both"
                : d.tessera_ok                      ? "**Tessera only**"
                : d.oclgrind_reported               ? "**Oclgrind only**"
                                                    : "**neither**";
    } else {
      const bool o_ok = !d.oclgrind_reported && d.oclgrind_completed;
      verdict = d.tessera_ok && o_ok ? "both clean"
                : d.tessera_ok       ? "**Oclgrind: " + std::string(d.oclgrind_completed ? "false report" : "did not finish") + "**"
                : o_ok               ? "**Tessera: false report**"
                                     : "**both wrong**";
    }
    m << "| `" << d.name << "` | " << md(d.bug) << " | " << md(shorten(d.tessera, 300)) << " | " << md(shorten(d.oclgrind, 300))
      << " | " << verdict << " |\n";
  }
  m << "\nBuggy kernels caught: Tessera " << t_caught << " of " << buggy << ", Oclgrind " << o_caught << " of " << buggy
    << ". Correct kernels left clean: Tessera " << t_clean << " of " << correct << ", Oclgrind " << o_clean << " of " << correct
    << ".\n";
  return m.str();
}

std::string svg(const report& r) {
  namespace tc = tessera::conformance;
  std::vector<tc::run_results> runs(config_count);
  for (int c = 0; c < config_count; ++c) runs[c].backend = config_label(static_cast<config>(c));
  for (const auto& row : r.timings)
    for (int c = 0; c < config_count; ++c) {
      const cell& x = row.cells[c];
      if (x.s != cell::state::ok) continue;
      tc::case_record rec;
      rec.id = row.w->title + ", " + size_label(*row.w, row.size);
      std::vector<double> ns;
      for (double s : x.samples) ns.push_back(s * 1e9);
      rec.timing = tc::summarize(ns);
      runs[c].cases.push_back(std::move(rec));
    }
  tessera::reports::timing_chart_options o;
  o.max_cases = r.timings.size();
  o.width = 1040;
  o.slowest_first = false;
  o.title = "Tessera next to OpenCL peers: time per launch, by workload and configuration (log scale), " + r.info.machine;
  o.time_axis = "time per launch (median; log scale)";
  o.case_axis = "workload, size";
  o.note = "No bar: past the per-run limit of " + limit_text(r.info.limit) + " (or not run), or failed; the table has each value.";
  return tessera::reports::timing_chart_svg(runs, o);
}

}  // namespace peers
