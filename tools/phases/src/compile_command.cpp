#include "compile_command.hpp"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>

#include <spawn.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>

extern char** environ;

namespace tessera::phases {
namespace {

bool is_cxx_source(llvm::StringRef a) {
  return a.endswith(".cpp") || a.endswith(".cc") || a.endswith(".cxx") || a.endswith(".C") || a.endswith(".c++");
}

// Options that take the next argument as their value.
bool takes_value(llvm::StringRef a) {
  return a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-I" || a == "-D" || a == "-U" ||
         a == "-include" || a == "-isystem" || a == "-iquote" || a == "-idirafter" || a == "-x" || a == "-Xclang" ||
         a == "-mllvm" || a == "-imacros";
}

}  // namespace

compile_command::compile_command(std::vector<std::string> argv) : argv_(std::move(argv)) {
  bool compiles = false;
  int sources = 0;
  for (std::size_t i = 1; i < argv_.size(); ++i) {
    const llvm::StringRef a = argv_[i];
    if (a == "-c") compiles = true;
    if (takes_value(a) && i + 1 < argv_.size()) {
      if (a == "-o") object_ = argv_[i + 1];
      if (a == "-MF") depfile_ = argv_[i + 1];
      ++i;
      continue;
    }
    if (!a.startswith("-") && is_cxx_source(a)) {
      ++sources;
      source_ = argv_[i];
      source_at_ = i;
    }
  }
  if (!compiles || sources != 1 || object_.empty()) {
    source_.clear();
    source_at_ = 0;
  }
}

std::vector<std::string> compile_command::parse_arguments() const {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < argv_.size(); ++i) {
    const llvm::StringRef a = argv_[i];
    if (i == source_at_ || a == "-c" || a == "-MD" || a == "-MMD") continue;
    if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ") {
      ++i;
      continue;
    }
    out.push_back(argv_[i]);
  }
  return out;
}

std::vector<std::string> compile_command::compiling(const std::string& replacement,
                                                    const std::vector<std::string>& first_includes,
                                                    const std::vector<std::string>& quote_includes) const {
  std::vector<std::string> out{argv_.front()};
  for (const std::string& dir : first_includes) out.push_back("-I" + dir);
  for (const std::string& dir : quote_includes) out.push_back("-iquote" + dir);
  for (std::size_t i = 1; i < argv_.size(); ++i) out.push_back(i == source_at_ ? replacement : argv_[i]);
  return out;
}

int run_command(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return 127;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

bool add_dependencies(const std::string& depfile, const std::vector<std::string>& files, std::string& error) {
  std::ifstream in(depfile);
  if (!in) {
    error = "cannot read the dependency file " + depfile;
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string rule = text.str();
  while (!rule.empty() && (rule.back() == '\n' || rule.back() == ' ')) rule.pop_back();
  for (const std::string& f : files) {
    rule += " \\\n ";
    for (char c : f) {
      if (c == ' ' || c == '#') rule += '\\';
      if (c == '$') rule += '$';
      rule += c;
    }
  }
  rule += '\n';
  std::ofstream out(depfile, std::ios::trunc);
  out << rule;
  if (!out) {
    error = "cannot write the dependency file " + depfile;
    return false;
  }
  return true;
}

}  // namespace tessera::phases
