#include "sanitizer_runner.hpp"

#include "child_environment.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

namespace tessera::conformance {

namespace {

using clock_type = std::chrono::steady_clock;

bool executable(const std::filesystem::path& p) { return !p.empty() && access(p.c_str(), X_OK) == 0; }

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string last_lines(const std::string& text, std::size_t n) {
  std::size_t at = text.size();
  for (std::size_t k = 0; k <= n && at != std::string::npos && at > 0; ++k) at = text.rfind('\n', at - 1);
  return at == std::string::npos ? text : text.substr(at + 1);
}

struct running {
  sanitizer_job job;
  pid_t pid;
  clock_type::time_point started;
  std::filesystem::path xml, log;
  bool killed = false;
  std::string device;
  double limit = 0;  // seconds a case of this job may run
  // The job's progress, read from its log as it grows: when its latest case began (the process's start
  // before the first), which is what the case time limit is counted from; the start of compute-sanitizer
  // and of the program, slow when many start at once, is not the case's. And each ended case's own time.
  clock_type::time_point case_started;
  bool case_begun = false;
  std::map<std::string, double> case_seconds;
  std::uintmax_t log_read = 0;
  std::string partial_line;
};

bool starts_with(const std::string& text, std::size_t at, const char* prefix) { return text.compare(at, std::strlen(prefix), prefix) == 0; }

// Reads what a job printed since the last look and notes when a case begins and ends.
void follow_log(running& r) {
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(r.log, error);
  if (error || size <= r.log_read) return;
  std::ifstream in(r.log, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(r.log_read));
  std::string fresh(static_cast<std::size_t>(size - r.log_read), '\0');
  in.read(fresh.data(), static_cast<std::streamsize>(fresh.size()));
  fresh.resize(static_cast<std::size_t>(in.gcount()));
  r.log_read += fresh.size();
  r.partial_line += fresh;
  std::size_t start = 0;
  for (std::size_t eol; (eol = r.partial_line.find('\n', start)) != std::string::npos; start = eol + 1) {
    if (starts_with(r.partial_line, start, sanitizer_case_begins)) r.case_started = clock_type::now(), r.case_begun = true;
    if (starts_with(r.partial_line, start, sanitizer_case_ends)) {
      const std::size_t id = start + std::strlen(sanitizer_case_ends);
      r.case_seconds[r.partial_line.substr(id, eol - id)] = std::chrono::duration<double>(clock_type::now() - r.case_started).count();
    }
  }
  r.partial_line.erase(0, start);
}

std::string safe_name(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  return s;
}

running start(const sanitizer_job& job, const sanitizer_settings& how, std::size_t device_index) {
  const std::string name = safe_name(job.ids.size() == 1 ? job.ids.front() : "batch-" + job.ids.front() + "-" + std::to_string(job.ids.size()));
  const std::string device = device_index < how.devices.size() ? how.devices[device_index] : std::string();
  running r{job, -1, clock_type::now(), how.work / (name + "." + job.tool + ".xml"), how.work / (name + "." + job.tool + ".log"), false, device};
  r.limit = job.may_hang ? std::min(how.hang_seconds, how.timeout_seconds) : how.timeout_seconds;
  r.case_started = r.started;
  std::filesystem::remove(r.xml);
  std::vector<std::string> args{how.sanitizer};
  auto tool_args = sanitizer_arguments(job.tool, r.xml);
  if (job.ids.size() > 1) {
    // A batch is read from its text, in order; the XML would not say which case a finding belongs to.
    const auto xml = std::find(tool_args.begin(), tool_args.end(), "--xml");
    tool_args.erase(xml, xml + 3);  // --xml --save FILE
  }
  args.insert(args.end(), tool_args.begin(), tool_args.end());
  args.push_back(how.executable);
  for (const auto& id : job.ids) args.insert(args.end(), {"--sanitized-case", id});
  args.insert(args.end(), how.child_args.begin(), how.child_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, r.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // Its own process group: compute-sanitizer starts the program as its child, and a time limit must stop both.
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<std::pair<std::string, std::string>> settings;
  if (!device.empty()) {
    const char* parent = std::getenv("CUDA_VISIBLE_DEVICES");
    if (const auto shown = visible_devices_for(how.devices, device_index, parent != nullptr ? parent : ""))
      settings = {{"CUDA_VISIBLE_DEVICES", shown->cuda_visible_devices}, {"TESSERA_DEFAULT_ACCELERATOR", shown->default_accelerator}};
    else
      settings = {{"TESSERA_DEFAULT_ACCELERATOR", device}};
  }
  child_environment environment(settings);
  const int rc = posix_spawn(&r.pid, how.sanitizer.c_str(), &actions, &attributes, argv.data(), environment.get());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) r.pid = -1;
  return r;
}

// The run of a job whose process ended, from what it printed (`log`) and wrote.
sanitizer_run collect(const running& r, int status, const std::string& log) {
  sanitizer_run run;
  run.tool = r.job.tool;
  // A case's own time where the log showed it end; the process's (its start included) otherwise.
  const auto own = r.case_seconds.find(r.job.ids.front());
  run.seconds = r.job.ids.size() == 1 && own != r.case_seconds.end() ? own->second : std::chrono::duration<double>(clock_type::now() - r.started).count();
  if (r.killed) {
    run.outcome = "timed out";
    run.note = "stopped after " + std::to_string(static_cast<int>(r.limit)) +
               " s in the case (a kernel that never finishes: threads waiting at a barrier others never reach?)";
  } else if (WIFSIGNALED(status)) {
    run.outcome = "crashed";
    run.note = std::string("compute-sanitizer was killed by signal ") + strsignal(WTERMSIG(status)) + ": " + last_lines(log, 3);
  } else {
    run.outcome = "ran";
  }
  // The XML is whole when the tool ended by itself; a stopped run leaves it cut short or missing, and
  // its text output (findings are printed as they are found) is what there is.
  bool from_xml = false;
  if (std::filesystem::exists(r.xml)) {
    try {
      run.findings = parse_sanitizer_xml(read_file(r.xml), r.job.tool);
      from_xml = true;
    } catch (const sanitizer_output_error&) {
    }
  }
  if (!from_xml) run.findings = parse_sanitizer_text(log, r.job.tool);
  const std::size_t lost = log.find(sanitizer_device_lost);
  if (lost != std::string::npos && log.find(sanitizer_case_begins) == std::string::npos) {
    run.outcome = "could not start";
    run.note = "the device could not run work: " + log.substr(lost + std::strlen(sanitizer_device_lost), log.find('\n', lost) - lost - std::strlen(sanitizer_device_lost));
  } else if (log.find("Device not supported") != std::string::npos) {
    // The tool refuses this GPU or its driver (seen in sandboxed machines): nothing was checked.
    run.outcome = "could not start";
    run.note = "compute-sanitizer does not support this device: " + last_lines(log, 3);
  } else if (run.outcome == "ran" && !from_xml && log.find("COMPUTE-SANITIZER") == std::string::npos) {
    run.outcome = "could not start";
    run.note = "compute-sanitizer wrote neither XML nor its banner: " + last_lines(log, 3);
  }
  return run;
}

}  // namespace

std::string find_compute_sanitizer() {
  if (const char* env = std::getenv("TESSERA_COMPUTE_SANITIZER"); env != nullptr && *env != '\0')
    return executable(env) ? std::string(env) : std::string();
#if defined(TESSERA_CUDA_BIN_DIR)
  if (const std::filesystem::path beside = std::filesystem::path(TESSERA_CUDA_BIN_DIR) / "compute-sanitizer"; executable(beside))
    return beside.string();
#endif
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && executable(std::filesystem::path(d) / "compute-sanitizer")) return (std::filesystem::path(d) / "compute-sanitizer").string();
  }
  return {};
}

std::vector<std::string> sanitizer_arguments(const std::string& tool, const std::filesystem::path& xml) {
  std::vector<std::string> a{"--tool", tool, "--xml", "--save", xml.string(), "--show-backtrace", "device", "--check-exit-code", "no",
                             "--print-limit", "400"};
  // The device backtrace names the kernel's own line when the access happened inside an inlined
  // library call (an array_view's operator[]); the host backtrace adds nothing to judge by.
  // racecheck keeps its default analysis report: every racing line pair once, with a count. Its hazard
  // report would add threads and directions, but one record per address and thread pair fills the
  // print limit before the second line pair of a larger kernel.
  // memcheck: without padding, an access just past one allocation lands in the next and is not seen.
  if (tool == "memcheck") a.insert(a.end(), {"--padding", "256"});
  // A fault memcheck or synccheck stops ends that kernel only, not the program's GPU work, so that the
  // cases after it in a batch still run (an imprecise fault still ends it: the executor then says the
  // device is lost, and the rest run again).
  if (tool == "memcheck" || tool == "synccheck") a.insert(a.end(), {"--destroy-on-device-error", "kernel"});
  return a;
}

std::optional<visible_devices> visible_devices_for(const std::vector<std::string>& devices, std::size_t k, const std::string& parent) {
  if (devices.size() < 2 || k >= devices.size()) return std::nullopt;
  auto ordinal = [](const std::string& path) -> std::optional<std::size_t> {
    const std::string prefix = "cuda:";
    if (path.rfind(prefix, 0) != 0 || path.size() == prefix.size()) return std::nullopt;
    std::size_t n = 0;
    for (std::size_t i = prefix.size(); i < path.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(path[i]))) return std::nullopt;
      n = n * 10 + static_cast<std::size_t>(path[i] - '0');
    }
    return n;
  };
  std::vector<std::string> entries;
  std::stringstream list(parent);
  for (std::string e; std::getline(list, e, ',');) entries.push_back(e);
  std::string shown;
  for (const std::size_t i : {k, (k + 1) % devices.size()}) {
    const auto n = ordinal(devices[i]);
    if (!n || (!parent.empty() && *n >= entries.size())) return std::nullopt;
    shown += (shown.empty() ? "" : ",") + (parent.empty() ? std::to_string(*n) : entries[*n]);
  }
  return visible_devices{shown, "cuda:0"};
}

std::vector<std::pair<std::string, std::vector<sanitizer_finding>>> split_batch_output(const std::string& log, const std::string& tool) {
  std::vector<std::pair<std::string, std::vector<sanitizer_finding>>> cases;
  const std::string begins = sanitizer_case_begins, ends = sanitizer_case_ends;
  for (std::size_t at = log.find(begins); at != std::string::npos; at = log.find(begins, at + 1)) {
    const std::size_t id_start = at + begins.size();
    const std::size_t eol = log.find('\n', id_start);
    if (eol == std::string::npos) break;
    const std::string id = log.substr(id_start, eol - id_start);
    const std::size_t end = log.find(ends + id + "\n", eol);
    if (end == std::string::npos) break;  // the batch stopped inside this case
    cases.emplace_back(id, parse_sanitizer_text(log.substr(eol + 1, end - eol - 1), tool));
  }
  return cases;
}

std::optional<std::pair<std::string, std::vector<sanitizer_finding>>> case_left_unfinished(const std::string& log, const std::string& tool) {
  const std::string begins = sanitizer_case_begins, ends = sanitizer_case_ends;
  const std::size_t at = log.rfind(begins);
  if (at == std::string::npos) return std::nullopt;
  const std::size_t id_start = at + begins.size();
  const std::size_t eol = log.find('\n', id_start);
  if (eol == std::string::npos) return std::nullopt;
  const std::string id = log.substr(id_start, eol - id_start);
  if (log.find(ends + id + "\n", eol) != std::string::npos) return std::nullopt;
  return std::make_pair(id, parse_sanitizer_text(log.substr(eol + 1), tool));
}

void run_sanitizer_jobs(const std::vector<sanitizer_job>& jobs, const sanitizer_settings& how,
                        const std::function<void(std::size_t, sanitizer_run, const std::string&)>& finished) {
  std::filesystem::create_directories(how.work);
  // Where the pass's time went: a line per process, written as each ends.
  const auto pass_started = clock_type::now();
  std::ofstream timeline(how.work / "jobs.tsv");
  timeline << std::fixed << std::setprecision(2);
  timeline << "started_s\tended_s\tdevice\ttool\tcases\tcases_ended\thow\tfirst_case\n";
  // Cases sent back by a batch go to the front: a batch that stopped has already spent a time limit, and
  // the cases after it should not wait behind every job not yet started.
  std::deque<sanitizer_job> queue(jobs.begin(), jobs.end());
  std::vector<sanitizer_job> again;  // this batch's cases to run again, in order
  std::vector<running> active;
  const unsigned width = how.jobs == 0 ? 1 : how.jobs;
  // The cases of `job` from `first` to `last` (exclusive), again: one process for one case, a batch for several.
  auto send_back = [&](const sanitizer_job& job, std::size_t first, std::size_t last) {
    if (first >= last) return;
    const auto from = static_cast<std::ptrdiff_t>(first), to = static_cast<std::ptrdiff_t>(last);
    again.push_back({{job.indices.begin() + from, job.indices.begin() + to}, {job.ids.begin() + from, job.ids.begin() + to}, job.tool, job.may_hang});
  };
  auto done = [&](const running& r, int status) {
    const std::string log = read_file(r.log);
    sanitizer_run run = collect(r, status, log);
    auto since_start = [&](clock_type::time_point t) { return std::chrono::duration<double>(t - pass_started).count(); };
    timeline << since_start(r.started) << '\t' << since_start(clock_type::now()) << '\t' << (r.device.empty() ? "-" : r.device) << '\t'
             << r.job.tool << '\t' << r.job.ids.size() << '\t' << r.case_seconds.size() << '\t'
             << (r.killed ? "stopped at the limit" : log.find(sanitizer_device_lost) != std::string::npos ? "device lost" : run.outcome) << '\t'
             << r.job.ids.front() << std::endl;
    if (r.job.ids.size() == 1) {
      finished(r.job.indices.front(), std::move(run), r.device);
      return;
    }
    const auto parts = split_batch_output(log, r.job.tool);
    // Every finding must lie inside some case's lines; one printed outside them (at exit, say) belongs
    // to no case that can be named, so the whole batch runs again case by case.
    std::size_t inside = 0;
    for (const auto& p : parts) inside += p.second.size();
    const auto unfinished = case_left_unfinished(log, r.job.tool);
    if (unfinished) inside += unfinished->second.size();
    if (parse_sanitizer_text(log, r.job.tool).size() > inside) {
      for (std::size_t k = 0; k < r.job.ids.size(); ++k) send_back(r.job, k, k + 1);
      return;
    }
    const std::string in_batch = "in a batch of " + std::to_string(r.job.ids.size()) + " cases";
    std::size_t k = 0;
    for (; k < parts.size() && k < r.job.ids.size() && parts[k].first == r.job.ids[k]; ++k) {
      const auto own = r.case_seconds.find(r.job.ids[k]);
      sanitizer_run mine{run.tool, "ran", own != r.case_seconds.end() ? own->second : 0.0, in_batch, parts[k].second};
      finished(r.job.indices[k], std::move(mine), r.device);
    }
    // The batch stopped inside the next case (time limit, crash): that case's run is the batch's end. (It
    // also stops after a case that left the device unusable: the cases after it run again.)
    if (k < r.job.ids.size() && unfinished && unfinished->first == r.job.ids[k]) {
      sanitizer_run mine{run.tool, run.outcome, std::chrono::duration<double>(clock_type::now() - r.case_started).count(), run.note,
                         unfinished->second};
      if (mine.outcome == "ran") {
        mine.outcome = "crashed";
        mine.note = "the program ended inside this case: " + last_lines(log, 3);
      }
      finished(r.job.indices[k], std::move(mine), r.device);
      ++k;
    }
    // A batch that ended before its first case began (it could not start the program) runs its first
    // case alone, so that every case is decided by a run of its own at worst.
    if (k == 0) {
      send_back(r.job, 0, 1);
      k = 1;
    }
    send_back(r.job, k, r.job.ids.size());
  };
  while (!queue.empty() || !active.empty()) {
    // Every job that has a free slot of its kind starts, in queue order.
    std::size_t busy[2] = {0, 0};  // slots held: [0] by the others, [1] by jobs that may hang
    for (const running& a : active) ++busy[a.job.may_hang];
    for (auto it = queue.begin(); it != queue.end();) {
      if (busy[it->may_hang] >= width) {
        ++it;
        continue;
      }
      ++busy[it->may_hang];
      const sanitizer_job job = std::move(*it);
      it = queue.erase(it);
      // The GPU with the fewest jobs running (the first of them on a tie).
      std::size_t device = SIZE_MAX, fewest = SIZE_MAX;
      for (std::size_t d = 0; d < how.devices.size(); ++d) {
        const auto n = static_cast<std::size_t>(std::count_if(active.begin(), active.end(), [&](const running& a) { return a.device == how.devices[d]; }));
        if (n < fewest) fewest = n, device = d;
      }
      running r = start(job, how, device);
      if (r.pid < 0) {
        for (std::size_t index : job.indices)
          finished(index, sanitizer_run{job.tool, "could not start", 0, "cannot start " + how.sanitizer + ": " + std::strerror(errno), {}}, r.device);
        --busy[job.may_hang];
        continue;
      }
      active.push_back(std::move(r));
    }
    bool any = false;
    for (std::size_t k = 0; k < active.size();) {
      int status = 0;
      if (waitpid(active[k].pid, &status, WNOHANG) == active[k].pid) {
        follow_log(active[k]);
        const running r = std::move(active[k]);
        active.erase(active.begin() + static_cast<std::ptrdiff_t>(k));
        done(r, status);
        queue.insert(queue.begin(), again.begin(), again.end());
        again.clear();
        any = true;
        continue;
      }
      // The time limit is per case, from its begin line (the process's start until the first, under the
      // longer limit: a hang is a case's).
      follow_log(active[k]);
      const double limit = active[k].case_begun ? active[k].limit : how.timeout_seconds;
      if (!active[k].killed && std::chrono::duration<double>(clock_type::now() - active[k].case_started).count() > limit) {
        kill(-active[k].pid, SIGKILL);
        active[k].killed = true;
      }
      ++k;
    }
    if (!any) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace tessera::conformance
