// The `// expect: <kind>[, <kind>...]` markers of negative cases: which lines of a case's source a
// diagnostic may name, so that a report pointing anywhere else fails the case.
#pragma once

#include <string>
#include <vector>

namespace tessera::conformance::markers {

// The kinds marked on `line` (1-based) of `file`; empty when unmarked or unreadable.
std::vector<std::string> kinds_at(const std::string& file, int line);
// The lines of `file` marked with `kind`.
std::vector<int> lines_marked(const std::string& file, const std::string& kind);
// Splits "path:line[ more]" into its path and line; false when `site` is not of that form.
bool parse_site(const std::string& site, std::string& path, int& line);
// Whether `site` ("file:line") is a line marked with `kind`; else appends to `why` what is there.
bool site_marked_with(const std::string& site, const std::string& kind, std::string& why);
// Whether `message` names ":<line>" for one of `lines` (not followed by another digit).
bool names_one_of(const std::string& message, const std::vector<int>& lines);
// "a, b , c" -> {"a", "b", "c"}
std::vector<std::string> split_list(const std::string& list);

}  // namespace tessera::conformance::markers
