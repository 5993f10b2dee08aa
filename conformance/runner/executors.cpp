#include "executors.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace tessera::conformance::runner {

std::vector<executor> executors_in(const std::filesystem::path& dir) {
  std::vector<executor> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("conform_", 0) != 0 || !entry.is_regular_file()) continue;
    if ((entry.status().permissions() & std::filesystem::perms::owner_exec) == std::filesystem::perms::none) continue;
    std::string backend = name.substr(8);
    std::replace(backend.begin(), backend.end(), '_', '-');
    found.push_back({backend, entry.path()});
  }
  std::sort(found.begin(), found.end(), [](const executor& a, const executor& b) {
    if ((a.backend == "emulator") != (b.backend == "emulator")) return a.backend == "emulator";
    return a.backend < b.backend;
  });
  return found;
}

int run_executor(const executor& e, const std::vector<std::string>& args) {
  std::vector<std::string> all{e.program.string()};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (const int rc = posix_spawn(&pid, e.program.c_str(), nullptr, nullptr, argv.data(), environ); rc != 0)
    throw std::runtime_error("cannot start " + e.program.string() + ": " + std::strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("lost " + e.program.string() + ": " + std::strerror(errno));
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace tessera::conformance::runner
