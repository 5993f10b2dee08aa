// What one run of the peers benchmark found, and its two outputs: the Markdown report (the timing table
// and the detection table) and the SVG chart of the timings.
#pragma once

#include "workloads.hpp"

#include <array>
#include <string>
#include <vector>

namespace peers {

// The configurations, in table order.
enum config { tessera_off, tessera_compiled, tessera_checked, tessera_compiled_checked, pocl, oclgrind, oclgrind_races, config_count };
const char* config_label(config c);  // "Tessera, checks off", ...

struct cell {
  enum class state { ok, over_limit, skipped_estimate, failed, unavailable };
  state s = state::unavailable;
  double seconds = 0;             // ok: the time of one launch (median of the timed launches)
  std::vector<double> samples;    // ok: every timed launch (the warm-up alone when warm_up_only)
  bool warm_up_only = false;      // ok: one launch, too slow to repeat
  double estimate = 0;            // skipped_estimate: the launch time predicted from the previous size
  bool not_run = false;           // over_limit: not run, because a smaller size already ran past the limit
  std::string why;                // failed / unavailable: the reason
};

struct timing_row {
  const workload* w = nullptr;
  long size = 0;
  std::array<cell, config_count> cells;
};

// One hazard-corpus case seen by both tools.
struct detection_row {
  std::string name;        // hazards.<name>
  std::string bug;         // or "correct"
  bool buggy = true;
  bool tessera_ok = false; // buggy: reported as the corpus expects (its kind, at a marked line); correct: clean and right
  std::string tessera;     // what it reported, or why not
  bool oclgrind_reported = false;  // Oclgrind printed at least one diagnostic
  bool oclgrind_completed = false; // the launch finished (not killed at the limit, no API error)
  std::string oclgrind;    // what it reported, or what happened
};

struct run_info {
  std::string date;          // UTC
  std::string machine;       // bench::machine()
  std::string compiler;      // "GNU 12.2.0"
  std::string build_type;
  double limit = 0;          // seconds per configuration run (child process)
  double hazard_limit = 0;
  double budget = 0;         // seconds of repeated launches
  std::string tessera;       // "2 workers"
  std::string pocl;          // platform version and device, as POCL reports them
  std::string oclgrind;      // as Oclgrind reports itself
  double total_seconds = 0;
};

struct report {
  run_info info;
  std::vector<timing_row> timings;
  std::vector<detection_row> detections;  // empty: detection not run
  std::string detection_note;             // why detection was not run, or what to know about it
};

std::string markdown(const report& r);
std::string svg(const report& r);

}  // namespace peers
