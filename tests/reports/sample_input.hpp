// The report input the report tests share: two backends (emulator, cuda) with passing, failing and skipped
// cases, negative ones among them, a diff with a mismatch and a problem, a baseline with a regression,
// and a small catalog with one core clause no case cites and one only negative cases cite.
#pragma once

#include <tessera/reports/reports.hpp>

#include <filesystem>
#include <string>

namespace tessera::reports::testing {

// The failing cuda case's message: markup, a CDATA terminator, a control character and non-ASCII UTF-8.
inline const std::string hostile_message = "sum 1 < 2 & \"3\" ]]> <script>alert(1)</script> \x01 café ✓ Ω";
inline const std::string hostile_case = "barriers.reduction_256";

report_input sample_input();

// Counts the sample is built with, so the tests state expectations by name.
inline constexpr std::size_t emulator_pass = 5, emulator_fail = 0, emulator_skip = 1;
inline constexpr std::size_t cuda_pass = 3, cuda_fail = 1, cuda_skip = 2;
inline constexpr std::size_t timed_bars = 7;  // (case, backend) pairs with a timing

// A fresh, empty folder under the system's temporary folder, removed when it goes out of scope.
class scratch_dir {
 public:
  explicit scratch_dir(const std::string& name);
  ~scratch_dir();
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The program of that name on PATH, or an empty path.
std::filesystem::path find_on_path(const std::string& program);

// Runs a shell command; returns its exit status and puts stdout and stderr, interleaved, in output.
int run_command(const std::string& command, std::string& output);

// The whole file as bytes (empty when it cannot be read).
std::string read_file(const std::filesystem::path& file);

}  // namespace tessera::reports::testing
