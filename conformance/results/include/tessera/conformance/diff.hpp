// Comparing a backend's results with the reference backend's (the emulator's): every output of every
// case that both ran, integers exactly and floats within the case's ulp bound; and their kernel times,
// side by side. Written to <dir>/diff-<backend>.json for the reports.
#pragma once

#include <tessera/conformance/results.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace tessera::conformance {

inline constexpr const char* diff_format = "tessera-conformance-diff/1";

// One output that differs. `message` says it all in one line: case, output, first index, both values,
// the ulp distance and how many elements differ.
struct mismatch {
  std::string case_id;
  std::string output;
  std::uint64_t count = 0;       // elements in the output
  std::uint64_t differing = 0;   // elements beyond the bound
  std::uint64_t first_index = 0;
  std::string reference_value;
  std::string backend_value;
  std::uint64_t ulps = 0;        // at the first differing element
  std::uint64_t bound = 0;
  std::string message;
  std::string device;  // the device of the backend's case ("cuda:1"); empty where the run names none
};

// The comparison on one device of a backend that spread its cases over several: every case it ran that
// was compared, and the mismatches and problems among them.
struct device_diff {
  std::string device;  // "cuda:1"
  std::string name;    // "NVIDIA H100 80GB HBM3 (sm_90)"
  std::size_t compared_cases = 0;
  std::size_t mismatches = 0;
  std::size_t problems = 0;
};

struct timing_pair {
  std::string case_id;
  double reference_ns = 0;  // median kernel time on the reference backend
  double backend_ns = 0;
  double ratio = 0;         // backend / reference
};

struct diff_result {
  std::string reference;  // "emulator"
  std::string backend;    // "cuda"
  std::size_t compared_cases = 0;
  std::size_t compared_outputs = 0;
  std::vector<mismatch> mismatches;
  std::vector<std::string> problems;  // a case passed on one side only, an output missing, a shape differs
  std::vector<timing_pair> timings;
  std::vector<device_diff> devices;  // in device order; empty when the backend's cases name no device

  bool clean() const { return mismatches.empty() && problems.empty(); }
};

diff_result diff(const run_results& reference, const run_results& backend);

// "cuda:0 184 cases, 0 mismatches; cuda:1 183 cases, 2 mismatches, 1 problem" (each device's name is
// in the report); empty when the diff has no devices.
std::string per_device_line(const diff_result& d);

void write_diff(const diff_result& d, const std::filesystem::path& file);
diff_result read_diff(const std::filesystem::path& file);

// A timing regression against a stored baseline of the same backend (and machine).
struct regression {
  std::string case_id;
  double baseline_ns = 0;
  double fastest_ns = 0;  // the run's fastest sample: every sample was slower than the threshold allows
  double ratio = 0;
};

struct baseline_comparison {
  std::string baseline_file;
  bool comparable = true;  // false: the baseline was measured on another machine or backend
  std::string note;
  double threshold = 0.5;  // a case regresses when even its fastest sample is this much slower
  double run_factor = 1.0; // how much slower the run's typical case was (the median ratio, at least 1):
                           // cases are judged against it, so a uniformly slower machine flags nothing
  std::vector<regression> regressions;
};

baseline_comparison compare_to_baseline(const run_results& run, const run_results& baseline, double threshold,
                                        double floor_ns);

}  // namespace tessera::conformance
