// compute-sanitizer's findings, typed like the emulator's (kind, file:line, threads), so a case's CUDA
// run under the sanitizer can be set beside its emulator run. The parser reads the tool's XML
// (`--xml --save FILE`) or, when that is missing or cut short (a run stopped at its time limit), its
// text output.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

// A source line the sanitizer names (its binaries are built with -lineinfo).
struct sanitizer_site {
  std::string file;      // as the sanitizer prints it (an absolute path on the machine that built it)
  int line = 0;          // 0 when the sanitizer had no line information
  std::string function;  // the kernel or device function
};

struct sanitizer_finding {
  std::string tool;     // racecheck, synccheck, memcheck, initcheck
  std::string kind;     // the emulator's words where one fits: "read after write", "write after read",
                        // "write after write", "race" (racecheck's analysis, no direction), "barrier
                        // divergence", "out of bounds", "uninitialized read", "api error"
  std::string text;     // the sanitizer's own wording
  sanitizer_site first;
  sanitizer_site second;  // the other access of a race; empty otherwise
  std::string threads;    // "thread (33,0,0) and thread (32,0,0) in block (0,0,0)"
  unsigned count = 1;     // records of this kind at these sites, merged
  // Further source lines the record names: its device backtrace (the call sites an inlined access was
  // reached through, innermost first), so a bug inside a library call is placed at the kernel's line too.
  std::vector<sanitizer_site> frames;
};

// One tool run on one case.
struct sanitizer_run {
  std::string tool;
  std::string outcome;  // "ran", "timed out", "crashed", "could not start"
  double seconds = 0;
  std::string note;     // why it timed out or crashed, what it printed last
  std::vector<sanitizer_finding> findings;
};

class sanitizer_output_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Findings of `tool` from its XML file's text; throws sanitizer_output_error when the text is not a
// complete compute-sanitizer XML document (a run killed mid-write leaves one cut short).
std::vector<sanitizer_finding> parse_sanitizer_xml(const std::string& xml, const std::string& tool);
// Findings of `tool` from its text output ("========= ..." lines), which survives a killed run.
std::vector<sanitizer_finding> parse_sanitizer_text(const std::string& text, const std::string& tool);

// The tools that can see a diagnostic the emulator expects ("hazard: read after write,...",
// "divergence", "out of bounds"), in the order they should run; empty when no tool can.
std::vector<std::string> sanitizer_tools_for(const std::string& expectation);
// What runs on kernels that should be clean: every tool that has no false positives by design of a
// correct kernel (synccheck is left out: a correct kernel cannot diverge at a barrier it never reaches).
std::vector<std::string> sanitizer_tools_for_correct_kernels();

// The kind of bug a case's expectation names, for the report's totals: "race within a tile", "race
// between tiles", "race between threads (no tiles)", "uninitialized read", "divergence", "out of bounds", "host memory", "spin-wait",
// "write next to atomic", "tile_static over budget", or "correct" for a positive case.
std::string bug_class_of(const std::string& expectation);

// "a.cpp:12" -> whether `site` names `line` of a file whose path ends with `file` (or vice versa): the
// sanitizer prints paths of the machine that built the binary, the results paths of the repository.
bool same_source_line(const sanitizer_site& site, const std::string& file, int line);

}  // namespace tessera::conformance
