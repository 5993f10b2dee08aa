// The results of one suite run on one backend, as the executor writes them and the differ and the report
// writers read them: <dir>/<backend>.json, large outputs as <dir>/blobs/<xxh64>.bin.
//
// A results file holds everything needed to judge the run without the machine that made it, so a GPU
// run made on one machine can be diffed against an emulator run made on another.
#pragma once

#include <tessera/conformance/output.hpp>
#include <tessera/conformance/sanitizer.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

inline constexpr const char* results_format = "tessera-conformance-results/1";

enum class case_status { pass, fail, skip };
const char* name_of(case_status s) noexcept;

// Kernel time of a case: each sample is the wall time of all its launches in one run of its body
// (the device waited for), in nanoseconds.
struct case_timing {
  std::vector<double> samples_ns;
  double median_ns = 0;
  double min_ns = 0;
  double max_ns = 0;
};
case_timing summarize(std::vector<double> samples_ns);

struct case_record {
  std::string id;       // "<family>.<name>"
  std::string family;
  std::string name;
  std::vector<std::string> clauses;
  bool negative = false;
  std::string expectation;  // "pass", "throws tessera::invalid_compute_domain", "hazard: read after write", ...
  case_status status = case_status::fail;
  std::string message;      // why it failed, or why it was skipped
  std::string diagnostic;   // what the backend threw, if anything (a negative case's diagnostic)
  std::string log;          // what the case printed on stderr (kept when it crashed or failed)
  std::string file;         // source of the case, relative to the repository
  int line = 0;
  std::vector<std::string> configurations;  // the emulator settings it ran at ("workers 2 seed 7")
  double seconds = 0;                       // wall time of the whole case, all configurations
  std::optional<case_timing> timing;
  std::vector<output> outputs;
  // CUDA under compute-sanitizer: each tool run on the case's kernels, and what that showed beside the
  // case's markers: "caught" (a finding at a marked line), "missed", "clean", "false alarm" (findings
  // on a correct kernel, or at unmarked lines), "timed out"; empty when the sanitizer did not run.
  std::vector<sanitizer_run> sanitizer;
  std::string sanitizer_verdict;
  // The device that ran it, on a backend with several ("cuda:1") and its name ("NVIDIA H100 80GB HBM3
  // (sm_90)"); empty on the emulator and in files written before the field existed.
  std::string device;
  std::string device_name;
};

// The cases one device ran, for the per-device lines of the summary and the reports.
struct device_cases {
  std::string device;  // "cuda:1"
  std::string name;
  std::size_t pass = 0, fail = 0, skip = 0;
  std::size_t total() const { return pass + fail + skip; }
};

// Devices in their order ("cuda:2" before "cuda:10"); empty when no case names a device.
std::vector<device_cases> cases_per_device(const std::vector<case_record>& cases);

// "cuda:2" < "cuda:10": a device path's prefix, then its number.
bool device_order(const std::string& a, const std::string& b);

struct machine_info {
  std::string host;
  std::string os;
  std::string cpu;
  unsigned cores = 0;
  std::string compiler;  // of the executor: "GNU 12.2.0", "NVIDIA nvcc 13.0 / GNU 12.2.0"
  bool cuda = false;     // the build found CUDA
};
machine_info this_machine(std::string compiler, bool cuda);

struct run_results {
  std::string backend;  // "emulator", "cuda", ...
  std::string device;   // the accelerator's description
  machine_info machine;
  std::string started;  // UTC, ISO 8601
  std::uint64_t seed = 0;
  unsigned workers = 0;  // emulator worker threads (0 where it does not apply)
  unsigned repeat = 1;   // timing samples per case
  double seconds = 0;    // wall time of the run
  std::vector<case_record> cases;

  const case_record* find(const std::string& id) const;
  std::size_t count(case_status s) const;
};

// A results file that cannot be read or is not one: names the file and what is wrong with it.
class results_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One case as one JSON line (the executor's children stream these); outputs larger than
// inline_bytes go to <blobs>/<hash>.bin.
std::string to_json_line(const case_record& c, const std::filesystem::path& blobs);
case_record case_from_json_line(const std::string& line, const std::filesystem::path& blobs);

// Whole files.
void write_results(const run_results& r, const std::filesystem::path& file);
run_results read_results(const std::filesystem::path& file);

// Outputs up to this size are stored in the JSON itself (hex); larger ones as blobs.
inline constexpr std::size_t inline_bytes = 256;

// The content hash of an output's bytes ("xxh64:<16 hex digits>").
std::string hash_of(const std::vector<unsigned char>& bytes);

}  // namespace tessera::conformance
