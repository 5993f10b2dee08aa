// The judge: whether what one run of a case's body did is what the case expects. Negative cases mark, in
// their own source, every line a diagnostic must name with a trailing `// expect: <kind>[, <kind>...]`
// comment; the judge matches the diagnostic's findings to those markers:
//
//   - a case's markers are its own: the lines from the end of the previous case's body to the end of its
//     own (helpers written just before a case belong to it); a marked line of another case is unmarked;
//   - every site a finding names (both accesses of a race) is a line of the case's file marked with the
//     finding's kind; a line of another file is never marked;
//   - every marked line is named by some finding: a marker nothing reported is a miss;
//   - an exception case expects exactly the type declared, thrown from a statement marked `// expect:
//     throws` (a base class thrown from anywhere is not the failure the case is about).
//
// Pure: the source lines come from a reader (files by default; the self-tests give their own), so the
// judge's tests feed it wrong diagnostics without running anything (judge_test.cpp).
#pragma once

#include <tessera/conformance/case_info.hpp>
#include <tessera/kernel_failures.hpp>

#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace tessera::conformance {

// What one run of a body did.
struct observed {
  bool threw = false;
  std::exception_ptr thrown;
  std::string type;  // dynamic type of what was thrown
  std::string what;
  std::vector<hazard_detected::hazard> hazards;
  std::vector<std::string> failures;  // the case's own checks that did not hold (ctx.require, outputs)
  std::vector<std::string> throw_sites;  // "file:line" of each frame of the throw's call stack, innermost first
};

// A source file's lines (1-based line k is element k-1), or nullptr when it cannot be read.
using source_reader = std::function<const std::vector<std::string>*(const std::string& path)>;
// Reads files from disk, each once.
const std::vector<std::string>* read_source_file(const std::string& path);

// Empty when `o` is what case `c` expects, else why not (one line per problem).
std::string judge(const case_info& c, const observed& o, const source_reader& read = read_source_file);

// The lines of a case's own region marked with `kind` (for messages and the self-tests).
std::vector<int> case_lines_marked(const case_info& c, const std::string& kind, const source_reader& read = read_source_file);
// The kinds marked on `line` when it is a line of case `c`'s own region; empty otherwise (the
// compute-sanitizer verdict asks this of the lines the sanitizer names).
std::vector<std::string> case_marks_at(const case_info& c, int line, const source_reader& read = read_source_file);

}  // namespace tessera::conformance
