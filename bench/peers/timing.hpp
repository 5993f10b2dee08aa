// How the runners time a workload. Every launch is timed and checked against the oracle. The first is a
// warm-up and is not counted: POCL compiles a kernel for its work-group size at the first launch, and
// first-touch page faults and cold caches fall there too. Then, not counted either, more launches until
// `settle_seconds` have passed since the first began: a program's threads are not spread over the cores
// at once (on the 2-core virtual machine both of the emulator's workers shared one core for the first
// 25-28 launches of a 4 ms kernel, ~0.1 s, and ran at one worker's speed; bench/RESULTS-peers.md), and
// POCL's threads start the same way. Then timed launches while the time budget lasts (at least one, at
// most `max_runs`); the result is their median. A configuration whose warm-up alone took longer than the
// budget (Oclgrind on large sizes: an interpreter, with no compilation to amortise) is not run again: its
// warm-up is its result, marked as such.
#pragma once

#include "../machine.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace peers {

struct timed {
  double warm_up = 0;           // seconds of the first launch
  int settling = 0;             // untimed launches between the warm-up and the timed ones
  std::vector<double> samples;  // seconds of each timed launch after them
  double seconds = 0;           // what the table shows: their median, or the warm-up when there are none
  bool warm_up_only() const { return samples.empty(); }
};

// The untimed launches' span after the warm-up begins, and the most timed launches (the report states both).
inline constexpr double settle_seconds = 0.25;
inline constexpr int max_runs = 31;

// run() performs one launch and returns its seconds, or throws (a launch error, a wrong result).
template <class Run>
timed time_launches(Run&& run, double budget_seconds) {
  timed t;
  const auto began = std::chrono::steady_clock::now();
  t.warm_up = run();
  if (t.warm_up > budget_seconds) {
    t.seconds = t.warm_up;
    return t;
  }
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() < settle_seconds) {
    run();
    ++t.settling;
  }
  double spent = 0;
  do {
    const double s = run();
    t.samples.push_back(s);
    spent += s;
    // The next launch takes about as long as the last: stop before it would overrun the budget.
  } while (static_cast<int>(t.samples.size()) < max_runs && spent + t.samples.back() <= budget_seconds);
  t.seconds = bench::median(t.samples);
  return t;
}

inline nlohmann::json to_json(const timed& t) {
  return nlohmann::json{{"seconds", t.seconds}, {"warm_up", t.warm_up}, {"samples", t.samples},
                        {"settling_launches", t.settling}, {"warm_up_only", t.warm_up_only()}};
}

}  // namespace peers
