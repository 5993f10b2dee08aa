#include "sanitizer_verdict.hpp"

#include "judge.hpp"

#include <tessera/conformance/suite.hpp>

#include <cstdio>

namespace tessera::conformance {

namespace {

std::string where(const sanitizer_site& s) {
  if (s.line == 0) return s.function.empty() ? "an unknown place" : s.function + " (no line information)";
  const auto slash = s.file.rfind('/');
  return (slash == std::string::npos ? s.file : s.file.substr(slash + 1)) + ":" + std::to_string(s.line);
}

// A finding in a kernel (not a failed CUDA call, which follows a fault rather than being one).
bool in_kernel(const sanitizer_finding& f) { return f.kind != "api error"; }

// A line of the case's own region marked `// expect:` (the sanitizer prints the path it compiled; the
// case knows the one the compiler gave it: the same file on the machine that built both).
bool marked(const sanitizer_site& s, const case_info& c) {
  if (s.line <= 0 || !same_source_line(s, c.file, s.line)) return false;
  return !case_marks_at(c, s.line).empty();
}

}  // namespace

std::string describe(const sanitizer_finding& f) {
  std::string s = f.tool + ": " + f.kind;
  if (f.first.line > 0 || !f.first.function.empty()) s += " at " + where(f.first);
  if (f.second.line > 0) s += " / " + where(f.second);
  if (f.count > 1) s += " (" + std::to_string(f.count) + "x)";
  if (!f.frames.empty()) {
    s += ", reached through";
    for (const auto& frame : f.frames) s += " " + where(frame);
  }
  if (f.kind == "api error") s += ": " + f.text;
  return s;
}

sanitizer_judgement judge_sanitizer(const case_info& c, const std::vector<sanitizer_run>& runs,
                                    const std::optional<std::string>& listed_false_alarm) {
  sanitizer_judgement j;
  const bool diagnostic = c.expect.outcome == expected_outcome::hazard || c.expect.outcome == expected_outcome::divergence ||
                          c.expect.outcome == expected_outcome::out_of_bounds;
  bool caught = false, timed_out = false, broken = false;
  std::vector<std::string> unmarked, lines, unplaced;
  for (const auto& run : runs) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", run.seconds);
    std::string line = run.tool + " (" + run.outcome + ", " + seconds + ")";
    if (run.outcome == "timed out") timed_out = true;
    if (run.outcome == "could not start" || run.outcome == "crashed") broken = true;
    if (!run.note.empty()) line += ": " + run.note;
    if (run.findings.empty()) line += ": nothing found";
    for (const auto& f : run.findings) {
      line += "\n    " + describe(f) + (f.threads.empty() ? "" : " [" + f.threads + "]");
      if (!in_kernel(f)) continue;
      if (f.first.line == 0 && f.second.line == 0 && f.frames.empty()) {
        unplaced.push_back(describe(f));  // a GPU binary without line tables: nothing to judge it by
        continue;
      }
      bool at_mark = diagnostic && (marked(f.first, c) || marked(f.second, c));
      for (const auto& frame : f.frames) at_mark = at_mark || (diagnostic && marked(frame, c));
      if (at_mark) caught = true;
      else unmarked.push_back(describe(f));
    }
    lines.push_back(line);
  }
  std::string all;
  for (const auto& l : lines) all += (all.empty() ? "" : "\n") + l;
  if (diagnostic) j.verdict = caught ? "caught" : timed_out ? "timed out" : broken ? "could not run" : "missed";
  else j.verdict = unmarked.empty() ? (broken ? "could not run" : timed_out ? "timed out" : "clean") : "false alarm";
  if (!unplaced.empty() && !caught && unmarked.empty()) {
    j.verdict = "no line information";
    if (listed_false_alarm) {  // a known place where the sanitizer cannot name the line: listed with why
      j.message = "compute-sanitizer names no source line, as listed (" + *listed_false_alarm + "):\n" + all;
      return j;
    }
    j.failed = true;
    j.message = "compute-sanitizer found something but names no source line (was the CUDA code built without -lineinfo?):\n" + all;
    return j;
  }
  if (broken && !caught) {
    j.failed = true;
    j.message = "compute-sanitizer could not run the case:\n" + all;
    return j;
  }
  if (!unmarked.empty()) {
    std::string list;
    for (const auto& u : unmarked) list += "\n  - " + u;
    if (listed_false_alarm) {
      j.message = "compute-sanitizer reports, listed as its false alarm (" + *listed_false_alarm + "):" + list + "\n" + all;
    } else {
      j.failed = true;
      j.message = std::string(diagnostic ? "compute-sanitizer reports findings at lines the case does not mark:"
                                         : "compute-sanitizer reports findings on a kernel the suite holds correct:") +
                  list +
                  "\n  either the emulator misses a bug here (fix the emulator or the case), or the sanitizer is wrong: "
                  "list the case as `sanitizer:" + id_of(c) + "` in conformance/expectations/cuda.tsv with the reason\n" + all;
    }
    return j;
  }
  j.message = all;
  return j;
}

}  // namespace tessera::conformance
