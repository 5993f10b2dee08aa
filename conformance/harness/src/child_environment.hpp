// The environment of a child process: this process's, with one variable set (added or replaced). The
// supervisor and the sanitizer pass start a case's child on a chosen device this way
// (TESSERA_DEFAULT_ACCELERATOR=cuda:1), leaving every device visible to it.
#pragma once

#include <string>
#include <vector>

namespace tessera::conformance {

class child_environment {
 public:
  // The current environment unchanged.
  child_environment();
  child_environment(const std::string& name, const std::string& value);

  // For posix_spawn's envp; valid until this object changes or goes.
  char** get();

 private:
  std::vector<std::string> entries_;
  std::vector<char*> pointers_;
};

}  // namespace tessera::conformance
