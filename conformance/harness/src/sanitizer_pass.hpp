// The executor's compute-sanitizer pass, on a backend that runs on a GPU: which cases go under which
// tool (diagnostic cases: the tools that can see the bug they plant, instead of being skipped; correct
// kernels: racecheck, memcheck and initcheck after their usual run), running them, and turning what the
// tools found into the cases' records.
#pragma once

#include "backend_target.hpp"
#include "case_runner.hpp"
#include "case_streams.hpp"
#include "expectation_list.hpp"
#include "sanitizer_runner.hpp"

#include <tessera/conformance/case_info.hpp>
#include <tessera/conformance/results.hpp>

#include <functional>
#include <string>
#include <vector>

namespace tessera::conformance {

// compute-sanitizer processes at a time when not given: 8, or the hardware threads where fewer (and as
// many again for cases that may hang). The processes slow each other down on the host, whatever the GPUs:
// with batches, on 4 H200s and 64 cores, the suite's pass took 81 s at 8 and 95 s at 16 on one GPU, 69 s and
// 71 s on four (2026-11-26, one host, one hour); later, on such a host, 45.5 s at 4, 44.0 s at 8 and 55.6 s at
// 16 on one GPU, 39.4 s at 4, 34.3 s at 8, 42.7 s at 16 and 73.7 s at 32 on four (2026-11-27).
unsigned default_sanitizer_jobs();

struct sanitizer_pass_settings {
  std::string mode = "auto";     // auto: diagnostic cases and the hazard corpus; all: every case; diagnostics; off
  unsigned jobs = 0;             // processes at a time; 0: default_sanitizer_jobs()
  std::size_t batch = 0;         // cases per batch; 0: as many as spread each tool's over the jobs (at most 64)
  double timeout_seconds = 30;   // per case and tool, from the case's start in its process
  double hang_seconds = 10;      // the same for cases that may never finish (divergence, spin-waits); at most timeout_seconds
  std::filesystem::path work;    // XML and logs of each run
  std::string executable;        // this executor
  std::vector<std::string> child_args;
  std::vector<stream_device> devices;  // the GPUs to spread the jobs over; empty: this process's environment
};

struct sanitizer_plan {
  bool active = false;
  std::string program;        // compute-sanitizer
  std::string note;           // one line saying what runs under it, or why nothing does
  std::vector<bool> instead;  // diagnostic cases: under the sanitizer instead of their usual run
  std::vector<bool> also;     // correct kernels: under the sanitizer after their usual run
};

sanitizer_plan plan_sanitizer(const std::vector<const case_info*>& selected, const backend_target& backend,
                              const expectation_list& expectations, const sanitizer_pass_settings& how);

// Runs the plan's jobs and writes what they found into `records` (indexed like `selected`); `finished`
// is called once per case when its last tool is done.
void run_sanitizer_pass(const std::vector<const case_info*>& selected, const sanitizer_plan& plan,
                        const expectation_list& expectations, const sanitizer_pass_settings& how,
                        std::vector<case_record>& records, const std::function<void(std::size_t)>& finished);

// The process compute-sanitizer watches: runs each case's body once, unjudged, in order, between the
// lines sanitizer_case_begins/ends (sanitizer_runner.hpp) on stdout, so that the findings of a batch can
// be told apart by case; the device is made ready before the first, and where it cannot run work (before
// the first case or after one) it prints sanitizer_device_lost and stops. Exit status 0, or 2 when there
// is no such case.
int run_sanitized_cases(const std::vector<const case_info*>& all, const std::vector<std::string>& ids, const backend_target& backend,
                        const run_settings& settings);

// "compute-sanitizer: 40 of 183 diagnostic cases caught, 3 timed out, ...; 133 correct kernels clean"
std::string sanitizer_summary(const std::vector<case_record>& records);

}  // namespace tessera::conformance
