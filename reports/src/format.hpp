// Facts and numbers every writer states the same way: a status's name, a run's counts, durations in
// readable units. Kept here so the JUnit file, the HTML page and the Markdown summary never disagree.
#pragma once

#include <tessera/conformance/diff.hpp>
#include <tessera/conformance/results.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::reports::detail {

const char* status_name(conformance::case_status s) noexcept;  // "pass", "fail", "skip"

struct counts {
  std::size_t pass = 0, fail = 0, skip = 0;
  std::size_t total() const { return pass + fail + skip; }
};
counts count_cases(const conformance::run_results& run);

// The run of a backend, or nullptr.
const conformance::run_results* find_run(const std::vector<conformance::run_results>& runs, std::string_view backend);

// A run's cases by id (an empty index for no run).
using case_index = std::map<std::string, const conformance::case_record*, std::less<>>;
case_index index_cases(const conformance::run_results* run);
const conformance::case_record* find_case(const case_index& index, std::string_view id);

// A case's family: its own field, or the part of its id before the first dot.
std::string family_of(const conformance::case_record& c);

// 3 significant digits in the unit that fits: "850 ns", "12.3 µs", "4.56 ms", "1.23 s".
std::string format_ns(double ns);
std::string format_seconds(double seconds);
// Plain decimal, no exponent, negative and non-finite values as 0 (JUnit times, SVG coordinates).
std::string fixed(double value, int decimals);

std::string join(const std::vector<std::string>& parts, std::string_view separator);

// "1 mismatch", "2 mismatches".
std::string plural(std::size_t n, std::string_view one, std::string_view many);

}  // namespace tessera::reports::detail
