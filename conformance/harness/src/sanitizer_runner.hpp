// Runs cases' kernels under compute-sanitizer: one process per case and tool (this executor again, with
// --sanitized-case, under `compute-sanitizer --tool <tool> --xml`), several at a time, each stopped at
// the case time limit (a kernel that hangs on a divergent barrier is recorded as timed out; the run goes
// on). Each run's XML (its text when the XML was cut short) becomes typed findings (sanitizer.hpp).
#pragma once

#include <tessera/conformance/sanitizer.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tessera::conformance {

// compute-sanitizer's path: $TESSERA_COMPUTE_SANITIZER, else beside the nvcc that built this executor,
// else on PATH; empty when there is none.
std::string find_compute_sanitizer();

struct sanitizer_job {
  std::size_t index;  // of the case in the run
  std::string id;     // the case
  std::string tool;   // racecheck, synccheck, memcheck, initcheck
};

struct sanitizer_settings {
  std::string sanitizer;                // compute-sanitizer
  std::string executable;               // this executor
  std::vector<std::string> child_args;  // --seed, --expectations, ... passed on
  double timeout_seconds = 120;         // per job
  unsigned jobs = 1;                    // processes at a time (they share the GPU)
  std::filesystem::path work;           // where each job's XML and log are kept
};

// The arguments of compute-sanitizer for `tool`, before the program it runs.
std::vector<std::string> sanitizer_arguments(const std::string& tool, const std::filesystem::path& xml);

// Runs every job; `finished` is called as each ends (in the order they end), with its run.
void run_sanitizer_jobs(const std::vector<sanitizer_job>& jobs, const sanitizer_settings& how,
                        const std::function<void(const sanitizer_job&, sanitizer_run)>& finished);

}  // namespace tessera::conformance
