// Per-backend expectation lists (conformance/expectations/<backend>.tsv): the cases a backend cannot
// express, each with the reason it is skipped there. Nothing is skipped silently: a case skipped on a
// backend is skipped by a line of its list, and the reason lands in the results and the reports.
//
// Format: one entry per line, `<selector><TAB><reason>`; `#` starts a comment. A selector is a glob
// over case ids (`hazards.*`, `bar.wait_in_divergent_*`) or an expectation class: `@hazard`,
// `@divergence`, `@out_of_bounds`, `@exception`. The diagnostic classes (`@hazard`, `@divergence`,
// `@out_of_bounds`) skip only where compute-sanitizer does not run: under it, those cases run.
// `sanitizer:<glob>` entries skip nothing: they list cases where compute-sanitizer reports what is not a
// bug (a false alarm of the sanitizer), with the reason, so that the finding fails no case. `hangs:<glob>`
// entries skip nothing either: they list cases whose kernels may never finish on the backend although the
// bug they plant is not a barrier divergence or a spin-wait (a spin lock released by a plain store), so
// that compute-sanitizer's pass runs them under the hang limit, among the cases that may hang.
#pragma once

#include <tessera/conformance/case_info.hpp>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

class expectation_list_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class expectation_list {
 public:
  expectation_list() = default;
  // Reads the list; a malformed line, or an entry that matches none of `all`, is an error naming the
  // file and line (a stale entry would hide nothing and mislead the reader) unless `some_families_only`:
  // an executor built from some families lacks the cases of the others.
  static expectation_list read(const std::filesystem::path& file, const std::vector<const case_info*>& all,
                               bool some_families_only = false);

  // Adds another list's entries after this one's.
  void append(const expectation_list& other);

  // The reason `c` is skipped, if it is.
  std::optional<std::string> skip_reason(const case_info& c) const;
  // The same, for a run whose diagnostic cases go to compute-sanitizer: diagnostic classes skip nothing.
  std::optional<std::string> skip_reason_with_sanitizer(const case_info& c) const;
  // Why compute-sanitizer's findings on `c` are false alarms, if the list says so.
  std::optional<std::string> sanitizer_false_alarm(const case_info& c) const;
  // Why `c`'s kernels may never finish on the backend, if the list says so (`hangs:` entries).
  std::optional<std::string> hangs(const case_info& c) const;

 private:
  struct entry {
    std::string selector;
    std::string reason;
  };
  std::vector<entry> entries_;
  std::vector<entry> false_alarms_;
  std::vector<entry> hangs_;
  static std::optional<std::string> first_reason(const std::vector<entry>& entries, const case_info& c);
};

}  // namespace tessera::conformance
