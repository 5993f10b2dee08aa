// Runs a program with arguments (no shell), capturing what it prints: for tests of command-line tools.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace tessera::testing {

struct program_result {
  int status = -1;  // exit status, or 128 + signal
  std::string output;
};

inline program_result run_program(const std::string& program, std::vector<std::string> args) {
  char path[] = "/tmp/tessera-test-output-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fd, STDERR_FILENO);
  args.insert(args.begin(), program);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fd);
  program_result r;
  if (rc != 0) {
    unlink(path);
    throw std::runtime_error("cannot start " + program);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream in(path);
  r.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  unlink(path);
  return r;
}

}  // namespace tessera::testing
