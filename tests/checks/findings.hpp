// What the checks' tests ask of a launch's findings: the findings themselves (none when the launch did
// not throw hazard_detected), their report, a line per finding for assertion messages, and where they are.
#pragma once

#include <tessera/amp.hpp>

#include <functional>
#include <string>
#include <vector>

namespace checks_test {

using tessera::hazard_detected;

// Runs `launch`; its findings if it threw hazard_detected (the report's text into *message), else none.
inline std::vector<hazard_detected::hazard> hazards_of(const std::function<void()>& launch, std::string* message = nullptr) {
  try {
    launch();
  } catch (const hazard_detected& e) {
    if (message != nullptr) *message = e.what();
    return e.hazards();
  }
  return {};
}

// One line per finding, for assertion messages.
inline std::string describe(const std::vector<hazard_detected::hazard>& hs) {
  std::string s;
  for (const auto& h : hs)
    s += h.kind + " on " + h.location + ": " + h.first.site + " (" + h.first.thread + ") / " + h.second.site + " (" +
         h.second.thread + ")\n";
  return s.empty() ? "no findings" : s;
}

inline int count_kind(const std::vector<hazard_detected::hazard>& hs, const std::string& kind) {
  int n = 0;
  for (const auto& h : hs) n += h.kind == kind;
  return n;
}

// Whether a report's site ("file:line") names `line`.
inline bool at_line(const std::string& site, int line) { return site.ends_with(":" + std::to_string(line)); }

// Whether a finding of `kind` names `line` at either of its accesses.
inline bool has(const std::vector<hazard_detected::hazard>& hs, const std::string& kind, int line) {
  for (const auto& h : hs)
    if (h.kind == kind && (at_line(h.first.site, line) || at_line(h.second.site, line))) return true;
  return false;
}

}  // namespace checks_test
