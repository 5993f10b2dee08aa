// See format.hpp: one place for the wording and units of the reports.
#include "format.hpp"

#include <cmath>
#include <cstdio>

namespace tessera::reports::detail {

const char* status_name(conformance::case_status s) noexcept {
  switch (s) {
    case conformance::case_status::pass: return "pass";
    case conformance::case_status::fail: return "fail";
    case conformance::case_status::skip: return "skip";
  }
  return "?";
}

counts count_cases(const conformance::run_results& run) {
  counts n;
  for (const auto& c : run.cases) {
    if (c.status == conformance::case_status::pass) ++n.pass;
    else if (c.status == conformance::case_status::fail) ++n.fail;
    else ++n.skip;
  }
  return n;
}

const conformance::run_results* find_run(const std::vector<conformance::run_results>& runs, std::string_view backend) {
  for (const auto& r : runs)
    if (r.backend == backend) return &r;
  return nullptr;
}

case_index index_cases(const conformance::run_results* run) {
  case_index index;
  if (run)
    for (const auto& c : run->cases) index.emplace(c.id, &c);
  return index;
}

const conformance::case_record* find_case(const case_index& index, std::string_view id) {
  const auto it = index.find(id);
  return it == index.end() ? nullptr : it->second;
}

std::string family_of(const conformance::case_record& c) {
  if (!c.family.empty()) return c.family;
  const std::size_t dot = c.id.find('.');
  return dot == std::string::npos ? std::string() : c.id.substr(0, dot);
}

namespace {

std::string three_digits(double value, const char* unit) {
  char text[48];
  const int decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  std::snprintf(text, sizeof text, "%.*f %s", decimals, value, unit);
  return text;
}

}  // namespace

std::string format_ns(double ns) {
  if (!std::isfinite(ns) || ns <= 0) return "0 ns";
  if (ns < 999.5) return three_digits(ns, "ns");
  if (ns < 999.5e3) return three_digits(ns / 1e3, "µs");
  if (ns < 999.5e6) return three_digits(ns / 1e6, "ms");
  return three_digits(ns / 1e9, "s");
}

std::string format_seconds(double seconds) { return format_ns(seconds * 1e9); }

std::string fixed(double value, int decimals) {
  if (!std::isfinite(value) || value < 0) value = 0;
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += separator;
    out += parts[i];
  }
  return out;
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace tessera::reports::detail
