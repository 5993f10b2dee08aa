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
  // Cases whose kernels may never finish: such jobs have their own `jobs` slots, so that those waiting
  // out a hang do not hold back the rest, and each of their cases is stopped at the shorter hang limit.
  bool may_hang = false;
};

// What the watched executor prints around each case of a batch (followed by the case's id), and, when the
// device no longer runs work after a case (followed by why), before it stops: the cases after it run again
// in a process of their own.
inline constexpr const char* sanitizer_case_begins = "tessera-sanitized-case-begins: ";
inline constexpr const char* sanitizer_case_ends = "tessera-sanitized-case-ends: ";
inline constexpr const char* sanitizer_device_lost = "tessera-sanitized-device-lost: ";

struct sanitizer_settings {
  std::string sanitizer;                // compute-sanitizer
  std::string executable;               // this executor
  std::vector<std::string> child_args;  // --seed, --expectations, ... passed on
  double timeout_seconds = 30;          // per case, from its begin line in the process
  double hang_seconds = 10;             // the same for the cases of jobs that may hang (at most timeout_seconds)
  unsigned jobs = 1;                    // processes at a time (they share the GPUs)
  std::filesystem::path work;           // where each job's XML and log are kept
  // The GPUs to spread the jobs over ("cuda:0", "cuda:1"): each job starts on the one running the fewest,
  // named by TESSERA_DEFAULT_ACCELERATOR in its environment (and shown only it and the next one: see
  // visible_devices); empty: this process's environment.
  std::vector<std::string> devices;
};

// What a job's process is shown of the host's GPUs when it runs on devices[k] of several: CUDA_VISIBLE_DEVICES
// naming that GPU and the next one (two, for the cases of several accelerators), as entries of `parent` (this
// process's CUDA_VISIBLE_DEVICES, a comma-separated list; empty: every GPU, by ordinal), and the accelerator
// the job runs on, renumbered ("cuda:0"). Every process that starts CUDA initializes each GPU it sees, under a
// lock of the driver's that all processes of the host share (measured on 4 H200s: one process 1.04 s with four
// GPUs visible, 0.48 s with one; 16 at once about 5 s however spread over the GPUs). Nothing to set (nullopt)
// with fewer than two devices or a device that is not "cuda:N".
struct visible_devices {
  std::string cuda_visible_devices;
  std::string default_accelerator;
};
std::optional<visible_devices> visible_devices_for(const std::vector<std::string>& devices, std::size_t k, const std::string& parent);

// The arguments of compute-sanitizer for `tool`, before the program it runs.
std::vector<std::string> sanitizer_arguments(const std::string& tool, const std::filesystem::path& xml);

// Runs every job; `finished` is called once per case and tool as its run ends (in the order they end), with
// the device it ran on (empty without devices) and the case's own time (from its begin line to its end line,
// as this process saw them). A batch stopped inside a case (time limit, crash) records that case as timed
// out or crashed and runs the cases after it in a new batch; so do the cases after one that left the device
// unusable (sanitizer_device_lost). A finding printed outside every case's lines sends the whole batch back
// one case per process. `how.work`/jobs.tsv says where the time went: each process's start and end (seconds
// from the pass's start), device, tool, cases, and how it ended.
void run_sanitizer_jobs(const std::vector<sanitizer_job>& jobs, const sanitizer_settings& how,
                        const std::function<void(std::size_t index, sanitizer_run, const std::string& device)>& finished);

// The findings of each case of a batch from the batch's text output: case id -> findings, for the cases
// whose end line was printed.
std::vector<std::pair<std::string, std::vector<sanitizer_finding>>> split_batch_output(const std::string& log, const std::string& tool);

// The case a batch began and did not end (it was stopped or crashed inside it), with what the tool found
// in it so far; nothing when every case it began has ended.
std::optional<std::pair<std::string, std::vector<sanitizer_finding>>> case_left_unfinished(const std::string& log, const std::string& tool);

}  // namespace tessera::conformance
