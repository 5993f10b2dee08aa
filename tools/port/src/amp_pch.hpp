// A precompiled <amp.h>, made once per run: every file of a C++ AMP program includes it, and parsing it
// (about 94,000 preprocessed lines: Tessera's headers and the standard library's) is nearly all of the time
// a file takes. The files whose compile command matches the one it was made with read it with
// -include-pch; a file that does not parse that way is parsed again without it, so the precompiled header
// changes no result, only the time.
// It is kept between runs (a run per file is common: a build system's, a script's), in $TESSERA_PORT_CACHE,
// else $XDG_CACHE_HOME/tessera-port, else ~/.cache/tessera-port, one per compile command and clang; it is
// made again when a header it was made from (clang's dependency file lists them) is newer than it.
// TESSERA_PORT_CACHE=off, or a folder that cannot be written, makes it once per run in a temporary folder.
#pragma once

#include <clang/Tooling/CompilationDatabase.h>

#include <optional>
#include <string>
#include <vector>

namespace tessera::port {

class amp_pch {
 public:
  // Makes the precompiled header with `arguments` (a compile command's arguments without its input file);
  // empty when clang cannot be run or fails.
  static std::optional<amp_pch> make(const std::vector<std::string>& arguments);
  ~amp_pch();
  amp_pch(amp_pch&& o) noexcept : path_(std::move(o.path_)), arguments_(std::move(o.arguments_)), owned_(o.owned_) {
    o.path_.clear();
  }
  amp_pch& operator=(amp_pch&&) = delete;

  const std::string& path() const { return path_; }
  // Whether a file compiled with these arguments (its input file removed) may read it.
  bool fits(const std::vector<std::string>& arguments) const { return arguments == arguments_; }

 private:
  amp_pch(std::string path, std::vector<std::string> arguments, bool owned)
      : path_(std::move(path)), arguments_(std::move(arguments)), owned_(owned) {}
  std::string path_;
  std::vector<std::string> arguments_;
  bool owned_ = true;  // a temporary folder of this run's, removed with it; false: the cache's
};

// A compile command's arguments without the input file and without what only the tool adds.
std::vector<std::string> arguments_without_input(const std::vector<std::string>& command, const std::string& file);

}  // namespace tessera::port
