// Runs cases' kernels under compute-sanitizer: this executor again, with --sanitized-case, under
// `compute-sanitizer --tool <tool>`, one case per process (its XML is read) or a batch of cases run in turn
// (its text is read), several processes at a time. Every case is stopped at the case time limit, inside a
// batch too (a kernel that hangs on a divergent barrier is recorded as timed out; the run goes on). Each
// run's findings become typed findings (sanitizer.hpp).
#pragma once

#include <tessera/conformance/sanitizer.hpp>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tessera::conformance {

// compute-sanitizer's path: $TESSERA_COMPUTE_SANITIZER, else beside the nvcc that built this executor,
// else on PATH; empty when there is none.
std::string find_compute_sanitizer();

// One process: a tool on one case (its XML is read), or on a batch of cases run in turn (its text
// output is read, split at the lines the executor prints around each case).
struct sanitizer_job {
  std::vector<std::size_t> indices;  // of the cases in the run
  std::vector<std::string> ids;      // the cases, in the order they run
  std::string tool;                  // racecheck, synccheck, memcheck, initcheck
  // A case whose kernel may never finish: such jobs have their own `jobs` slots, so that those hanging
  // until the time limit (they wait, mostly) do not hold back the rest.
  bool may_hang = false;
};

// What the watched executor prints around each case of a batch (followed by the case's id).
inline constexpr const char* sanitizer_case_begins = "tessera-sanitized-case-begins: ";
inline constexpr const char* sanitizer_case_ends = "tessera-sanitized-case-ends: ";

struct sanitizer_settings {
  std::string sanitizer;                // compute-sanitizer
  std::string executable;               // this executor
  std::vector<std::string> child_args;  // --seed, --expectations, ... passed on
  double timeout_seconds = 30;          // per case, from its begin line in the process
  unsigned jobs = 1;                    // processes at a time (they share the GPUs)
  std::filesystem::path work;           // where each job's XML and log are kept
  // The GPUs to spread the jobs over ("cuda:0", "cuda:1"): each job starts on the one running the fewest,
  // named by TESSERA_DEFAULT_ACCELERATOR in its environment; empty: this process's environment.
  std::vector<std::string> devices;
};

// The arguments of compute-sanitizer for `tool`, before the program it runs.
std::vector<std::string> sanitizer_arguments(const std::string& tool, const std::filesystem::path& xml);

// Whether a finding of `tool` ends the program's GPU work: memcheck stops the kernel it finds fault with
// (the program then sees cudaErrorLaunchFailure, and later cases of a batch would fail without running);
// racecheck, initcheck and synccheck report and let the kernel go on.
bool findings_end_the_program(const std::string& tool);

// Runs every job; `finished` is called once per case and tool as its run ends (in the order they end), with
// the device it ran on (empty without devices). A batch stopped inside a case (time limit, crash) records
// that case as timed out or crashed and runs the cases after it in a new batch; so do the cases after a
// finding of a tool that ends the program. A finding printed outside every case's lines sends the whole
// batch back one case per process.
void run_sanitizer_jobs(const std::vector<sanitizer_job>& jobs, const sanitizer_settings& how,
                        const std::function<void(std::size_t index, sanitizer_run, const std::string& device)>& finished);

// The findings of each case of a batch from the batch's text output: case id -> findings, for the cases
// whose end line was printed.
std::vector<std::pair<std::string, std::vector<sanitizer_finding>>> split_batch_output(const std::string& log, const std::string& tool);

// The case a batch began and did not end (it was stopped or crashed inside it), with what the tool found
// in it so far; nothing when every case it began has ended.
std::optional<std::pair<std::string, std::vector<sanitizer_finding>>> case_left_unfinished(const std::string& log, const std::string& tool);

}  // namespace tessera::conformance
