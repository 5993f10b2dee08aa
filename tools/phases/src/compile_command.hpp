// The compiler's command line as the build gave it to the launcher, and the edits the launcher makes to
// it: which source it compiles, where the object and the dependency file go, the arguments a clang parse
// of the same source needs, and the command that compiles the rewritten copy instead.
#pragma once

#include <string>
#include <vector>

namespace tessera::phases {

class compile_command {
 public:
  // argv: the compiler and its arguments. A command that compiles no single C++ source (a link, a
  // preprocessing run) has source() empty and is run as it is.
  explicit compile_command(std::vector<std::string> argv);

  const std::vector<std::string>& argv() const noexcept { return argv_; }
  const std::string& source() const noexcept { return source_; }
  const std::string& object() const noexcept { return object_; }
  const std::string& depfile() const noexcept { return depfile_; }

  // The arguments a clang parse of the source takes: the build's, without the compiler, the source, the
  // output and the dependency-file options.
  std::vector<std::string> parse_arguments() const;

  // The same command, compiling `replacement` instead of the source, with `first_includes` searched before
  // the build's include directories and `quote_includes` for #include "..." (the original directories of
  // files the copy stands in for).
  std::vector<std::string> compiling(const std::string& replacement, const std::vector<std::string>& first_includes,
                                     const std::vector<std::string>& quote_includes) const;

 private:
  std::vector<std::string> argv_;
  std::string source_;
  std::size_t source_at_ = 0;
  std::string object_;
  std::string depfile_;
};

// Runs a command, waits for it and returns its exit status (127: it could not be started).
int run_command(const std::vector<std::string>& argv);

// Adds files to a Makefile-syntax dependency file's single rule, so that the build reruns the compile when
// the original sources behind a rewritten copy change.
bool add_dependencies(const std::string& depfile, const std::vector<std::string>& files, std::string& error);

}  // namespace tessera::phases
