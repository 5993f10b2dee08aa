// The backend executors a build made (conform_emulator, conform_emulator_phased, conform_cuda,
// conform_emulator_broken), found beside tessera-conform, and running one of them as a child process.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tessera::conformance::runner {

struct executor {
  std::string backend;              // "emulator", "cuda", "emulator-broken", ...
  std::filesystem::path program;
};

// Every executor in `dir`, the reference ("emulator") first.
std::vector<executor> executors_in(const std::filesystem::path& dir);

// Runs `e` with `args`, its output going to ours; returns its exit status (77: backend unavailable).
int run_executor(const executor& e, const std::vector<std::string>& args);

}  // namespace tessera::conformance::runner
