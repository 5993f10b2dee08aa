// How the runners time a workload. Every launch is timed and checked against the oracle. The first is a
// warm-up and is not counted: POCL compiles a kernel for its work-group size at the first launch, and
// first-touch page faults and cold caches fall there too. Then timed launches while the time budget
// lasts (at least one, at most `max_runs`); the result is their median. A configuration whose warm-up
// alone took longer than the budget (Oclgrind on large sizes: an interpreter, with no compilation to
// amortise) is not run again: its warm-up is its result, marked as such.
#pragma once

#include "../machine.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace peers {

struct timed {
  double warm_up = 0;           // seconds of the first launch
  std::vector<double> samples;  // seconds of each timed launch after it
  double seconds = 0;           // what the table shows: their median, or the warm-up when there are none
  bool warm_up_only() const { return samples.empty(); }
};

// run() performs one launch and returns its seconds, or throws (a launch error, a wrong result).
template <class Run>
timed time_launches(Run&& run, double budget_seconds, int max_runs = 7) {
  timed t;
  t.warm_up = run();
  if (t.warm_up > budget_seconds) {
    t.seconds = t.warm_up;
    return t;
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
  return nlohmann::json{{"seconds", t.seconds}, {"warm_up", t.warm_up}, {"samples", t.samples}, {"warm_up_only", t.warm_up_only()}};
}

}  // namespace peers
