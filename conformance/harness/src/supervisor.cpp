#include "supervisor.hpp"

#include "case_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

extern char** environ;

namespace tessera::conformance {

namespace {

constexpr std::size_t log_limit = 64 * 1024;

struct child_process {
  pid_t pid = -1;
  int protocol = -1;  // read end
  int log = -1;       // read end
};

child_process spawn_child(const supervision& how, std::size_t from) {
  int protocol[2], log[2];
  // Close-on-exec everywhere: a child keeps only the two ends dup2 gives it, so every pipe reports
  // end-of-file when its own child ends.
  if (pipe2(protocol, O_CLOEXEC) != 0 || pipe2(log, O_CLOEXEC) != 0) throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, protocol[1], protocol_fd);
  posix_spawn_file_actions_adddup2(&actions, log[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log[1], STDERR_FILENO);
  std::vector<std::string> args{how.executable, "--child", std::to_string(from)};
  args.insert(args.end(), how.child_args.begin(), how.child_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  child_process c;
  const int rc = posix_spawn(&c.pid, how.executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(protocol[1]);
  close(log[1]);
  if (rc != 0) {
    close(protocol[0]);
    close(log[0]);
    throw std::runtime_error("cannot start " + how.executable + ": " + std::strerror(rc));
  }
  c.protocol = protocol[0];
  c.log = log[0];
  return c;
}

std::string exit_text(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* abbrev = sigabbrev_np(sig);
    return std::string("killed by signal SIG") + (abbrev ? abbrev : "?") + " (" + strsignal(sig) + ")";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended abnormally";
}

void keep_tail(std::string& log, const char* data, std::size_t n) {
  log.append(data, n);
  if (log.size() > log_limit) log.erase(0, log.size() - log_limit);
}

}  // namespace

void run_supervised(const std::vector<const case_info*>& selected, const supervision& how,
                    const std::function<void(std::size_t, case_record)>& done) {
  using clock = std::chrono::steady_clock;
  std::size_t next = 0;
  while (next < selected.size()) {
    child_process child = spawn_child(how, next);
    std::string protocol_buffer, log;
    long current = -1;
    clock::time_point started = clock::now();
    bool timed_out = false;
    bool protocol_open = true, log_open = true;
    while (protocol_open || log_open) {
      int wait_ms = -1;
      if (current >= 0) {
        const double left = how.timeout_seconds - std::chrono::duration<double>(clock::now() - started).count();
        if (left <= 0) {
          kill(child.pid, SIGKILL);
          timed_out = true;
          break;
        }
        wait_ms = static_cast<int>(left * 1000) + 1;
      }
      pollfd fds[2] = {{protocol_open ? child.protocol : -1, POLLIN, 0}, {log_open ? child.log : -1, POLLIN, 0}};
      const int ready = poll(fds, 2, wait_ms);
      if (ready < 0 && errno == EINTR) continue;
      char chunk[65536];
      if (fds[1].revents) {
        const ssize_t n = read(child.log, chunk, sizeof chunk);
        if (n > 0) keep_tail(log, chunk, static_cast<std::size_t>(n));
        else log_open = false;
      }
      if (fds[0].revents) {
        const ssize_t n = read(child.protocol, chunk, sizeof chunk);
        if (n <= 0) {
          protocol_open = false;
          continue;
        }
        protocol_buffer.append(chunk, static_cast<std::size_t>(n));
        for (auto eol = protocol_buffer.find('\n'); eol != std::string::npos; eol = protocol_buffer.find('\n')) {
          const std::string line = protocol_buffer.substr(0, eol);
          protocol_buffer.erase(0, eol + 1);
          if (line.rfind("start ", 0) == 0) {
            current = std::stol(line.substr(6));
            started = clock::now();
            log.clear();
          } else if (line.rfind("done ", 0) == 0 && current >= 0) {
            case_record r = case_from_json_line(line.substr(5), how.blobs);
            if (r.status == case_status::fail) r.log = log;
            done(static_cast<std::size_t>(current), std::move(r));
            next = static_cast<std::size_t>(current) + 1;
            current = -1;
          }
        }
      }
    }
    int status = 0;
    waitpid(child.pid, &status, 0);
    close(child.protocol);
    close(child.log);
    if (current >= 0) {
      // The case that was running when the child ended (or was ended) fails alone.
      case_record r = record_for(*selected[static_cast<std::size_t>(current)]);
      r.status = case_status::fail;
      r.seconds = std::chrono::duration<double>(clock::now() - started).count();
      r.message = timed_out ? "timed out after " + std::to_string(static_cast<int>(how.timeout_seconds)) +
                                  " s and was stopped (a hang: threads waiting at a barrier others never reach, or a "
                                  "spin-wait?); raise the limit with --timeout"
                            : "crashed: the case's process was " + exit_text(status);
      r.log = log;
      done(static_cast<std::size_t>(current), std::move(r));
      next = static_cast<std::size_t>(current) + 1;
    } else if (next < selected.size() && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
      // The child died before starting its first case: charge that case so the run still moves on.
      case_record r = record_for(*selected[next]);
      r.status = case_status::fail;
      r.message = "the executor could not start the case: its process was " + exit_text(status);
      r.log = log;
      done(next, std::move(r));
      ++next;
    } else if (next < selected.size()) {
      throw std::runtime_error("the executor's child stopped early without an error; cases from " + std::to_string(next) + " did not run");
    }
  }
}

}  // namespace tessera::conformance
