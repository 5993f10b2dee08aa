#include "check_summary.hpp"

#include "symbolizer.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace tessera::emulator {
namespace {

thread_local check_counters last_launch;

struct process_totals {
  std::atomic<std::uint64_t> launches{0}, accesses{0}, findings{0}, merged{0};
};
process_totals totals;  // constant-initialized, never destroyed before the exit summary reads it

// "1,234,567"
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

std::string plural(std::uint64_t n, const char* one, const char* many) { return grouped(n) + " " + (n == 1 ? one : many); }

// TESSERA_CHECKS was set: read from the options when the exit line is arranged, not at exit, when they may
// already be gone.
bool checks_asked = false;

void print_at_exit() {
  const check_counters c = process_counters();
  // A process whose kernels are not instrumented saw nothing to check: that is worth a line only when
  // checks were asked for.
  const bool asked = checks_asked;
  if (c.launches == 0 || (c.accesses == 0 && !asked)) return;
  std::string line = "tessera checks: " + summary(c);
  if (c.accesses == 0) line += " (no kernel code of this program is instrumented: build its kernels with tessera_checked_kernels)";
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace

check_counters last_launch_counters() { return last_launch; }

check_counters process_counters() {
  check_counters c;
  c.launches = totals.launches.load(std::memory_order_relaxed);
  c.accesses = totals.accesses.load(std::memory_order_relaxed);
  c.findings = totals.findings.load(std::memory_order_relaxed);
  c.merged = totals.merged.load(std::memory_order_relaxed);
  c.symbolization_failures = detail::symbolization_failures();
  return c;
}

std::string summary(const check_counters& c) {
  std::string s = "checked " + plural(c.accesses, "access", "accesses") + " in " + plural(c.launches, "launch", "launches") + ", " +
                  plural(c.findings, "finding", "findings");
  if (c.merged > 0) s += " (" + grouped(c.merged) + " more merged into them)";
  if (c.symbolization_failures > 0) s += ", " + plural(c.symbolization_failures, "symbolization failure", "symbolization failures");
  return s;
}

namespace detail {

void count_launch(const check_counters& launch, check_summary where) {
  last_launch = launch;
  totals.launches.fetch_add(launch.launches, std::memory_order_relaxed);
  totals.accesses.fetch_add(launch.accesses, std::memory_order_relaxed);
  totals.findings.fetch_add(launch.findings, std::memory_order_relaxed);
  totals.merged.fetch_add(launch.merged, std::memory_order_relaxed);
  if (where == check_summary::per_launch) std::fprintf(stderr, "tessera checks: %s\n", summary(launch).c_str());
  if (where == check_summary::at_exit) {
    static std::once_flag registered;
    std::call_once(registered, [] {
      checks_asked = get_options().checks_from_environment;
      std::atexit(print_at_exit);
    });
  }
}

}  // namespace detail
}  // namespace tessera::emulator
