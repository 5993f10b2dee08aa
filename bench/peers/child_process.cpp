// fork/exec with a deadline (child_process.hpp). Output goes to unlinked temporary files rather than
// pipes: the parent only waits, so a child that prints a lot (Oclgrind's diagnostics) can never block on
// a full pipe.
#include "child_process.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace peers {
namespace {

int temp_file() {
  char name[] = "/tmp/tessera-peers-XXXXXX";
  const int fd = mkstemp(name);
  if (fd >= 0) unlink(name);
  return fd;
}

std::string read_all(int fd) {
  std::string text;
  if (lseek(fd, 0, SEEK_SET) < 0) return text;
  char buf[65536];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<std::size_t>(n));
  return text;
}

}  // namespace

child_result run_child(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env,
                       double limit_seconds) {
  child_result r;
  const int out = temp_file(), err = temp_file();
  if (out < 0 || err < 0 || argv.empty()) {
    r.error = "cannot create temporary files: " + std::string(std::strerror(errno));
    if (out >= 0) close(out);
    if (err >= 0) close(err);
    return r;
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  const auto begin = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    r.error = "fork failed: " + std::string(std::strerror(errno));
    close(out);
    close(err);
    return r;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    execvp(args[0], args.data());
    std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so the group exists before any kill below
  r.started = true;

  int status = 0;
  const auto deadline = begin + std::chrono::duration<double>(limit_seconds);
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      r.error = "waitpid failed: " + std::string(std::strerror(errno));
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  if (!r.timed_out) {
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  }
  r.out = read_all(out);
  r.err = read_all(err);
  close(out);
  close(err);
  return r;
}

}  // namespace peers
