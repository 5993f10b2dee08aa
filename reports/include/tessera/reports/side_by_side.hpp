// The diagnostics side by side: for every diagnostic case and every kernel of the hazard corpus, what
// the emulator's checks found next to what compute-sanitizer found on the GPU — both, emulator only,
// sanitizer only, neither — with totals by kind of bug.
#pragma once

#include <tessera/conformance/results.hpp>

#include <map>
#include <string>
#include <vector>

namespace tessera::reports {

struct side_by_side_row {
  std::string id;
  std::string bug;        // bug_class_of(): "race within a tile", ..., "correct"
  bool planted = false;   // a diagnostic case (a bug to find); false: a kernel that should be clean
  bool emulator = false;  // the emulator reported it (planted: at its marked lines; correct: anything)
  bool sanitizer = false; // compute-sanitizer did (planted: at a marked line; correct: any finding)
  bool elsewhere = false; // planted: compute-sanitizer found something, but not at the case's marked lines
  std::string column;     // "both", "emulator only", "sanitizer only", "neither"
  std::string emulator_text;
  std::string sanitizer_text;  // its findings, or its verdict ("missed", "timed out", ...)
};

struct side_by_side_totals {
  std::size_t both = 0, emulator_only = 0, sanitizer_only = 0, neither = 0;
  std::size_t elsewhere = 0;  // of these, kernels where the sanitizer found something at unmarked lines
  std::size_t total() const { return both + emulator_only + sanitizer_only + neither; }
};

struct side_by_side {
  std::vector<side_by_side_row> rows;
  std::map<std::string, side_by_side_totals> by_bug;  // planted bugs and "correct" kernels
  std::vector<std::string> bug_order() const;         // planted kinds by name, "correct" last
  std::string gpu_backend;                            // the run whose sanitizer findings are shown
};

// Empty rows when no run holds compute-sanitizer's findings (no GPU, or no sanitizer there).
side_by_side compare_diagnostics(const std::vector<conformance::run_results>& runs);

std::string side_by_side_markdown(const side_by_side& s);
std::string side_by_side_html(const side_by_side& s);

}  // namespace tessera::reports
