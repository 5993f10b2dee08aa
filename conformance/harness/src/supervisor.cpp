#include "supervisor.hpp"

#include "case_runner.hpp"
#include "child_environment.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace tessera::conformance {

namespace {

constexpr std::size_t log_limit = 64 * 1024;

struct child_process {
  pid_t pid = -1;
  int protocol = -1;  // read end
  int log = -1;       // read end
};

child_process spawn_child(const supervision& how, const case_stream& stream, std::size_t from, char** environment) {
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
  if (stream.stride != 1) args.insert(args.end(), {"--child-stride", std::to_string(stream.stride)});
  args.insert(args.end(), how.child_args.begin(), how.child_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  child_process c;
  const int rc = posix_spawn(&c.pid, how.executable.c_str(), &actions, nullptr, argv.data(), environment);
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

using clock_type = std::chrono::steady_clock;

// One stream of cases and the child running it now.
struct stream_state {
  case_stream cases;
  const stream_device* device = nullptr;  // null: this process's environment, records name no device
  child_environment environment;
  std::size_t next = 0;  // the case its next child starts at
  bool running = false;
  child_process child;
  std::string protocol_buffer, log;
  long current = -1;
  clock_type::time_point started;
  bool timed_out = false, protocol_open = false, log_open = false;
};

}  // namespace

void run_supervised(const std::vector<const case_info*>& selected, const supervision& how,
                    const std::function<void(std::size_t, case_record)>& done) {
  std::vector<stream_state> streams;
  const auto split = split_cases(selected.size(), how.devices.empty() ? how.streams : how.devices.size());
  streams.reserve(split.size());
  for (std::size_t s = 0; s < split.size(); ++s) {
    stream_state& st = streams.emplace_back();
    st.cases = split[s];
    st.next = split[s].first;
    if (!how.devices.empty()) {
      st.device = &how.devices[s];
      st.environment = child_environment("TESSERA_DEFAULT_ACCELERATOR", st.device->path);
    }
  }
  auto report = [&](stream_state& st, std::size_t index, case_record r) {
    if (st.device != nullptr) {
      r.device = st.device->path;
      r.device_name = st.device->name;
    }
    done(index, std::move(r));
  };
  auto start = [&](stream_state& st) {
    st.running = st.next < selected.size();
    if (!st.running) return;
    st.child = spawn_child(how, st.cases, st.next, st.environment.get());
    st.protocol_buffer.clear();
    st.log.clear();
    st.current = -1;
    st.started = clock_type::now();
    st.timed_out = false;
    st.protocol_open = st.log_open = true;
  };
  // The child has closed both pipes (or was stopped): collect it, charge a case it left unfinished, and
  // start the next child of the stream where cases remain.
  auto finish = [&](stream_state& st) {
    int status = 0;
    waitpid(st.child.pid, &status, 0);
    close(st.child.protocol);
    close(st.child.log);
    st.running = false;
    if (st.current >= 0) {
      // The case that was running when the child ended (or was ended) fails alone.
      case_record r = record_for(*selected[static_cast<std::size_t>(st.current)]);
      r.status = case_status::fail;
      r.seconds = std::chrono::duration<double>(clock_type::now() - st.started).count();
      r.message = st.timed_out ? "timed out after " + std::to_string(static_cast<int>(how.timeout_seconds)) +
                                     " s and was stopped (a hang: threads waiting at a barrier others never reach, or a "
                                     "spin-wait?); raise the limit with --timeout"
                               : "crashed: the case's process was " + exit_text(status);
      r.log = st.log;
      st.next = static_cast<std::size_t>(st.current) + st.cases.stride;
      report(st, static_cast<std::size_t>(st.current), std::move(r));
    } else if (st.next < selected.size() && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
      // The child died before starting its first case: charge that case so the run still moves on.
      case_record r = record_for(*selected[st.next]);
      r.status = case_status::fail;
      r.message = "the executor could not start the case: its process was " + exit_text(status);
      r.log = st.log;
      const std::size_t index = st.next;
      st.next += st.cases.stride;
      report(st, index, std::move(r));
    } else if (st.next < selected.size()) {
      throw std::runtime_error("the executor's child stopped early without an error; cases from " + std::to_string(st.next) + " did not run");
    }
    start(st);
  };

  for (auto& st : streams) start(st);
  std::vector<pollfd> fds;
  std::vector<stream_state*> owner;
  for (;;) {
    fds.clear();
    owner.clear();
    int wait_ms = -1;
    for (auto& st : streams) {
      if (!st.running) continue;
      if (st.current >= 0) {
        const double left = how.timeout_seconds - std::chrono::duration<double>(clock_type::now() - st.started).count();
        if (left <= 0) {
          kill(st.child.pid, SIGKILL);
          st.timed_out = true;
          finish(st);
          wait_ms = 0;  // the stream's next child has pipes to watch
          continue;
        }
        const int ms = static_cast<int>(left * 1000) + 1;
        wait_ms = wait_ms < 0 ? ms : std::min(wait_ms, ms);
      }
      fds.push_back({st.protocol_open ? st.child.protocol : -1, POLLIN, 0});
      fds.push_back({st.log_open ? st.child.log : -1, POLLIN, 0});
      owner.push_back(&st);
    }
    if (owner.empty()) {
      if (std::none_of(streams.begin(), streams.end(), [](const stream_state& st) { return st.running; })) break;
      continue;
    }
    const int ready = poll(fds.data(), fds.size(), wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    for (std::size_t k = 0; k < owner.size(); ++k) {
      stream_state& st = *owner[k];
      char chunk[65536];
      if (fds[2 * k + 1].revents) {
        const ssize_t n = read(st.child.log, chunk, sizeof chunk);
        if (n > 0) keep_tail(st.log, chunk, static_cast<std::size_t>(n));
        else st.log_open = false;
      }
      if (fds[2 * k].revents) {
        const ssize_t n = read(st.child.protocol, chunk, sizeof chunk);
        if (n <= 0) {
          st.protocol_open = false;
        } else {
          st.protocol_buffer.append(chunk, static_cast<std::size_t>(n));
          for (auto eol = st.protocol_buffer.find('\n'); eol != std::string::npos; eol = st.protocol_buffer.find('\n')) {
            const std::string line = st.protocol_buffer.substr(0, eol);
            st.protocol_buffer.erase(0, eol + 1);
            if (line.rfind("start ", 0) == 0) {
              st.current = std::stol(line.substr(6));
              st.started = clock_type::now();
              st.log.clear();
            } else if (line.rfind("done ", 0) == 0 && st.current >= 0) {
              case_record r = case_from_json_line(line.substr(5), how.blobs);
              if (r.status == case_status::fail) r.log = st.log;
              const auto index = static_cast<std::size_t>(st.current);
              st.next = index + st.cases.stride;
              st.current = -1;
              report(st, index, std::move(r));
            }
          }
        }
      }
      if (!st.protocol_open && !st.log_open) finish(st);
    }
  }
}

}  // namespace tessera::conformance
