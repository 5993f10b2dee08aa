// The environment of a child process: this process's, with some variables set (added or replaced). The
// supervisor starts a case's child on a chosen device this way (TESSERA_DEFAULT_ACCELERATOR=cuda:1); the
// sanitizer pass also limits the GPUs its child sees (CUDA_VISIBLE_DEVICES).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tessera::conformance {

class child_environment {
 public:
  // The current environment unchanged.
  child_environment();
  child_environment(const std::string& name, const std::string& value);
  explicit child_environment(const std::vector<std::pair<std::string, std::string>>& settings);

  // For posix_spawn's envp; valid until this object changes or goes.
  char** get();

 private:
  std::vector<std::string> entries_;
  std::vector<char*> pointers_;
};

}  // namespace tessera::conformance
