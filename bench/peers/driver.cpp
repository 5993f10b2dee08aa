// bench_peers: Tessera next to OpenCL peers, in one run. For every workload and size it runs each
// configuration (Tessera with checks off, on the compiled path, checked on either path, POCL, Oclgrind, Oclgrind
// --data-races) as a child process with a time limit, then the detection side by side: hazard-corpus
// cases on Tessera's corpus executor and their OpenCL twins under Oclgrind. Writes the Markdown report to the file named on
// the command line (and prints it), and the SVG chart next to it (same name, .svg).
//
//   bench_peers OUTDIR/peers.md                        # everything (about 8 minutes on 2 cores)
//   bench_peers --smallest --limit 5 --no-detection OUT.md   # the ctest smoke run
//
// The child programs (bench_peers_tessera, bench_peers_tessera_phased, bench_peers_tessera_checked,
// bench_peers_tessera_phased_checked,
// bench_peers_opencl, conform_emulator) are found where this build put them; options override each.
#include "../machine.hpp"
#include "child_process.hpp"
#include "hazard_twins.hpp"
#include "report.hpp"
#include "workloads.hpp"

#include <tessera/conformance/results.hpp>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct programs {
  std::string tessera = TESSERA_PEERS_TESSERA;
  std::string tessera_checked = TESSERA_PEERS_TESSERA_CHECKED;
  std::string tessera_compiled = TESSERA_PEERS_TESSERA_COMPILED;  // empty: tessera-phases was not built
  std::string tessera_compiled_checked = TESSERA_PEERS_TESSERA_COMPILED_CHECKED;  // the same
  std::string opencl = TESSERA_PEERS_OPENCL;
  std::string conform = TESSERA_PEERS_CONFORM;
  std::string oclgrind = "oclgrind";
  std::string kernels;  // the OpenCL kernels' folder; empty: the one the OpenCL runner was built with
};

// The OpenCL runner's command line: `before` (oclgrind and its options, where it runs under Oclgrind), the
// runner, the kernels' folder where one was given, then `args` (its subcommand and options).
std::vector<std::string> opencl_command(const programs& p, std::vector<std::string> before, std::initializer_list<std::string> args) {
  before.push_back(p.opencl);
  if (!p.kernels.empty()) before.insert(before.end(), {"--kernels", p.kernels});
  before.insert(before.end(), args);
  return before;
}

struct settings {
  double limit = 90;
  double hazard_limit = 20;
  double budget = 2;
  bool smallest = false;
  bool detection = true;
  bool require_all = false;
  std::vector<std::string> twins;  // the hazard twins to compare; empty: all
};

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  return text;
}

// The program's path when `name` is on PATH (or is a path to an executable), else nothing.
std::optional<std::string> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
  return std::nullopt;
}

// The last line of a child's stdout that parses as a JSON object.
std::optional<nlohmann::json> last_json(const std::string& out) {
  std::istringstream lines(out);
  std::string line;
  std::optional<nlohmann::json> found;
  while (std::getline(lines, line)) {
    if (line.empty() || line.front() != '{') continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_discarded() && j.is_object()) found = std::move(j);
  }
  return found;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// The command line of one configuration.
std::vector<std::string> command(peers::config c, const programs& p, const peers::workload& w, long size, double budget) {
  const std::vector<std::string> args{"--workload", w.id, "--size", std::to_string(size), "--budget", std::to_string(budget)};
  std::vector<std::string> argv;
  switch (c) {
    case peers::tessera_off: argv = {p.tessera}; break;
    case peers::tessera_checked: argv = {p.tessera_checked}; break;
    case peers::tessera_compiled: argv = {p.tessera_compiled}; break;
    case peers::tessera_compiled_checked: argv = {p.tessera_compiled_checked}; break;
    case peers::pocl: argv = opencl_command(p, {}, {"workload", "--platform", "Portable Computing Language"}); break;
    case peers::oclgrind: argv = opencl_command(p, {p.oclgrind}, {"workload", "--platform", "Oclgrind"}); break;
    case peers::oclgrind_races: argv = opencl_command(p, {p.oclgrind, "--data-races"}, {"workload", "--platform", "Oclgrind"}); break;
    case peers::config_count: break;
  }
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

// Work of one launch, for predicting a larger size's time from a smaller one's.
double work(const peers::workload& w, long size) {
  const double n = static_cast<double>(size);
  return w.k == peers::kind::matmul_16x16 ? n * n * n : w.k == peers::kind::reduction_256 ? n : n * n;
}

struct availability {
  bool pocl = false, oclgrind = false;
  std::string pocl_why, oclgrind_why;
};

availability probe(const programs& p, peers::run_info& info) {
  availability a;
  const auto r = peers::run_child(opencl_command(p, {}, {"platforms"}), {}, 60);
  const auto j = last_json(r.out);
  if (!r.started || !j) {
    a.pocl_why = a.oclgrind_why = "the OpenCL runner did not run: " + (r.error.empty() ? first_line(r.err) : r.error);
    return a;
  }
  for (const auto& pl : (*j)["platforms"])
    if (pl["name"].get<std::string>().find("Portable Computing Language") != std::string::npos && !pl["devices"].empty()) {
      a.pocl = true;
      info.pocl = pl["version"].get<std::string>() + "; device " + pl["devices"][0].get<std::string>();
    }
  if (!a.pocl) a.pocl_why = "no POCL platform (install pocl-opencl-icd: scripts/setup.sh --peers)";
  if (find_program(p.oclgrind)) {
    const auto v = peers::run_child(opencl_command(p, {p.oclgrind}, {"platforms"}), {}, 60);
    if (const auto jv = last_json(v.out); jv && !(*jv)["platforms"].empty()) {
      a.oclgrind = true;
      info.oclgrind = (*jv)["platforms"][0]["version"].get<std::string>();
    } else {
      a.oclgrind_why = "oclgrind runs but shows no platform: " + first_line(v.err);
    }
  } else {
    a.oclgrind_why = "oclgrind is not installed (scripts/setup.sh --peers)";
  }
  return a;
}

peers::cell run_config(peers::config c, const programs& p, const settings& s, const peers::workload& w, long size,
                       peers::run_info& info) {
  peers::cell x;
  std::vector<std::pair<std::string, std::string>> env;
  if (c == peers::tessera_off || c == peers::tessera_compiled) env = {{"TESSERA_CHECKS", "off"}};
  if (c == peers::tessera_checked || c == peers::tessera_compiled_checked) env = {{"TESSERA_CHECKS", "report"}};
  const auto r = peers::run_child(command(c, p, w, size, s.budget), env, s.limit);
  if (r.timed_out) {
    x.s = peers::cell::state::over_limit;
    return x;
  }
  const auto j = last_json(r.out);
  if (!r.started || !j) {
    x.s = peers::cell::state::failed;
    x.why = !r.error.empty() ? r.error
            : r.signal        ? "killed by signal " + std::to_string(r.signal) + "; " + first_line(r.err)
                              : "no result (exit " + std::to_string(r.exit_code) + "): " + first_line(r.err);
    return x;
  }
  if (!j->value("ok", false)) {
    x.s = peers::cell::state::failed;
    x.why = j->value("error", std::string("failed"));
    return x;
  }
  x.s = peers::cell::state::ok;
  x.seconds = (*j)["seconds"].get<double>();
  x.warm_up_only = j->value("warm_up_only", false);
  x.samples = x.warm_up_only ? std::vector<double>{(*j)["warm_up"].get<double>()} : (*j)["samples"].get<std::vector<double>>();
  if (c == peers::tessera_off && info.tessera.empty())
    info.tessera = std::to_string(j->value("workers", 0u)) + " worker threads (one per hardware thread)";
  return x;
}

void print_progress(std::size_t done, std::size_t total, const peers::timing_row& row, peers::config c, const peers::cell& x,
                    double limit) {
  char text[96];
  std::string what;
  switch (x.s) {
    case peers::cell::state::ok:
      std::snprintf(text, sizeof text, "%.4g ms%s", x.seconds * 1e3, x.warm_up_only ? " (one launch)" : "");
      what = text;
      break;
    case peers::cell::state::over_limit:
      std::snprintf(text, sizeof text, "past the %g s limit%s", limit, x.not_run ? " (not run: a smaller size was)" : "");
      what = text;
      break;
    case peers::cell::state::skipped_estimate:
      std::snprintf(text, sizeof text, "not run: estimated %.0f s", x.estimate);
      what = text;
      break;
    case peers::cell::state::failed: what = "FAILED: " + first_line(x.why); break;
    case peers::cell::state::unavailable: what = "n/a: " + x.why; break;
  }
  std::fprintf(stderr, "[%zu/%zu] %s %s, %s: %s\n", done, total, row.w->title.c_str(), peers::size_label(*row.w, row.size).c_str(),
               peers::config_label(c), what.c_str());
}

// ---- detection -----------------------------------------------------------------------------------------

// "read after write, uninitialized read on tile_static (tile_static.cpp:21)" from a Tessera diagnostic.
std::string summarize_tessera(const std::string& diagnostic) {
  static const std::regex wait_re(R"(wait at \S*/([A-Za-z_]+\.cpp:[0-9]+))");
  if (diagnostic.rfind("tessera::barrier_divergence", 0) == 0) {
    std::string at;
    for (auto it = std::sregex_iterator(diagnostic.begin(), diagnostic.end(), wait_re); it != std::sregex_iterator(); ++it)
      at += (at.empty() ? "" : ", ") + (*it)[1].str();
    return "barrier divergence" + (at.empty() ? std::string() : " (threads wait at " + at + ")");
  }
  if (diagnostic.rfind("tessera::out_of_bounds", 0) == 0) {
    static const std::regex index_re(R"(index \(([^)]*)\) is outside the extent \(([^)]*)\))");
    std::smatch m;
    return std::regex_search(diagnostic, m, index_re) ? "out of bounds: index (" + m[1].str() + ") outside extent (" + m[2].str() + ")"
                                                      : "out of bounds";
  }
  static const char* kinds[] = {"read after write",    "write after read",    "write after write",         "write next to atomic",
                                "race between tiles",  "race between threads", "uninitialized read",        "host memory access",
                                "tile_static over budget", "spin-wait without a barrier"};
  std::vector<std::string> found;
  std::set<std::string> memories;
  std::set<std::pair<std::string, int>> lines;  // file, line: in line order
  std::istringstream in(diagnostic);
  std::string line;
  static const std::regex where_re(R"(at \S*/([A-Za-z_]+\.cpp):([0-9]+))");
  while (std::getline(in, line)) {
    const std::string trimmed = line.substr(std::min(line.find_first_not_of(' '), line.size()));
    for (const char* k : kinds)
      if (trimmed.rfind(std::string(k) + " on ", 0) == 0) {
        if (std::find(found.begin(), found.end(), k) == found.end()) found.push_back(k);
        memories.insert(trimmed.find(" on tile_static") != std::string::npos ? "tile_static" : "global");
        for (auto it = std::sregex_iterator(trimmed.begin(), trimmed.end(), where_re); it != std::sregex_iterator(); ++it)
          lines.insert({(*it)[1].str(), std::stoi((*it)[2].str())});
      }
  }
  if (found.empty()) return first_line(diagnostic);
  std::string s;
  for (const auto& k : found) s += (s.empty() ? "" : ", ") + k;
  s += " on ";
  std::string mem;
  for (const auto& m : memories) mem += (mem.empty() ? "" : " and ") + m;
  s += mem;
  std::string at;
  for (const auto& [file, number] : lines) at += (at.empty() ? "" : ", ") + file + ":" + std::to_string(number);
  return s + " (" + at + ")";
}

struct oclgrind_summary {
  std::map<std::string, int> messages;  // "Read-write data race (local)" -> count, in first-seen order below
  std::vector<std::string> order;
  std::set<int> lines;
  bool capped = false;  // Oclgrind stopped printing at --max-errors
};

// Oclgrind prints each diagnostic as a headline (unindented, after a blank line) and tab-indented details,
// among them "At line N (column M) of input.cl:" (the program source: hazards.cl, line for line).
oclgrind_summary parse_oclgrind(const std::string& err) {
  oclgrind_summary s;
  static const std::regex memory_re(R"(^(.*?)(?: at| to| from)? (local|global|private|constant) memory address 0x[0-9a-fA-F]+.*$)");
  static const std::regex line_re(R"(At line ([0-9]+) \(column [0-9]+\) of input\.cl)");
  std::istringstream in(err);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::smatch m;
    if (std::regex_search(line, m, line_re)) {
      s.lines.insert(std::stoi(m[1].str()));
      continue;
    }
    if (line.front() == '\t' || line.front() == ' ' || line.front() == '{') continue;
    if (line.find("suppressing further errors") != std::string::npos) {
      s.capped = true;
      continue;
    }
    std::string key = std::regex_match(line, m, memory_re) ? m[1].str() + " (" + m[2].str() + ")" : line;
    if (s.messages[key]++ == 0) s.order.push_back(key);
  }
  return s;
}

std::vector<peers::detection_row> detect(const programs& p, const settings& s, const availability& a, std::string& note) {
  constexpr int max_errors = 100;  // Oclgrind's messages per kernel: enough to see every kind, a short log
  std::vector<peers::detection_row> rows;
  std::vector<const peers::twin*> chosen;
  for (const auto& t : peers::twins())
    if (s.twins.empty() || std::find(s.twins.begin(), s.twins.end(), t.name) != s.twins.end()) chosen.push_back(&t);
  // Tessera: every case in one run of the corpus executor.
  std::map<std::string, tessera::conformance::case_record> tessera;
  std::string tessera_problem;
  if (!find_program(p.conform)) {
    tessera_problem = "conform_emulator not found at " + p.conform;
  } else {
    const fs::path out = fs::temp_directory_path() / ("tessera-peers-conform-" + std::to_string(getpid()));
    std::vector<std::string> argv{p.conform, "--out", out.string(), "--quiet"};
    for (const auto* t : chosen) argv.insert(argv.end(), {"--filter", "hazards." + t->name});
    std::fprintf(stderr, "detection: %zu hazard-corpus cases on conform_emulator\n", chosen.size());
    const auto r = peers::run_child(argv, {}, 600);
    try {
      for (auto& c : tessera::conformance::read_results(out / "emulator.json").cases) tessera[c.name] = std::move(c);
    } catch (const std::exception& e) {
      tessera_problem = "conform_emulator gave no results (" + std::string(e.what()) + "): " + first_line(r.out + r.err);
    }
    fs::remove_all(out);
  }
  std::size_t k = 0;
  for (const auto* tp : chosen) {
    const peers::twin& t = *tp;
    peers::detection_row d;
    d.name = "hazards." + t.name;
    d.bug = t.bug;
    d.buggy = t.buggy();
    if (const auto it = tessera.find(t.name); it != tessera.end()) {
      const auto& c = it->second;
      d.tessera_ok = c.status == tessera::conformance::case_status::pass;
      if (c.status == tessera::conformance::case_status::skip) d.tessera = "skipped: " + c.message;
      else if (d.buggy) d.tessera = d.tessera_ok ? summarize_tessera(c.diagnostic) : "not as expected: " + first_line(c.message);
      else d.tessera = d.tessera_ok ? "nothing reported; result equals the oracle" : "FAILED: " + first_line(c.message);
    } else {
      d.tessera = tessera_problem.empty() ? "not in this build's corpus" : tessera_problem;
    }

    if (!a.oclgrind) {
      d.oclgrind = "n/a: " + a.oclgrind_why;
    } else {
      const auto r = peers::run_child(opencl_command(p, {p.oclgrind, "--data-races", "--uninitialized", "--max-errors", std::to_string(max_errors)},
                                                      {"hazard", "--name", t.name, "--platform", "Oclgrind"}),
                                      {}, s.hazard_limit);
      const oclgrind_summary o = parse_oclgrind(r.err);
      const auto j = last_json(r.out);
      d.oclgrind_reported = !o.order.empty();
      d.oclgrind_completed = !r.timed_out && j && j->value("ok", false);
      std::string text;
      for (const auto& key : o.order) text += (text.empty() ? "" : "; ") + key + " ×" + std::to_string(o.messages.at(key));
      if (!o.lines.empty()) {
        std::string ls;
        for (int l : o.lines) ls += (ls.empty() ? "" : ", ") + std::to_string(l);
        text += " (hazards.cl:" + ls + ")";
      }
      if (o.capped) text += ", printing stopped at " + std::to_string(max_errors) + " messages";
      if (r.timed_out) text += std::string(text.empty() ? "" : "; ") + "still running at the " + std::to_string(static_cast<int>(s.hazard_limit)) + " s limit (killed): the kernel hangs";
      else if (!j) text += std::string(text.empty() ? "" : "; ") + "no result: " + first_line(r.err);
      else if (!j->value("ok", false)) text += std::string(text.empty() ? "" : "; ") + "launch failed: " + j->value("error", std::string());
      else if (!d.buggy) text += std::string(text.empty() ? "nothing reported" : "") + "; result " + j->value("result", std::string("?"));
      if (text.empty()) text = "nothing reported";
      d.oclgrind = text;
    }
    std::fprintf(stderr, "[%zu/%zu] %s: Tessera %s, Oclgrind %s\n", ++k, chosen.size(), d.name.c_str(),
                 d.buggy ? (d.tessera_ok ? "caught" : "missed") : (d.tessera_ok ? "clean" : "NOT clean"),
                 d.buggy ? (d.oclgrind_reported ? "reported" : "silent") : (d.oclgrind_reported ? "reported" : "clean"));
    rows.push_back(std::move(d));
  }
  if (!tessera_problem.empty()) note = "Tessera side: " + tessera_problem + ".";
  return rows;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Tessera next to OpenCL peers (POCL, Oclgrind): timings and hazard detection side by side."};
  std::string out_file;
  programs p;
  settings s;
  app.add_option("out", out_file, "Markdown report to write (the SVG chart goes next to it, .svg)")->required();
  app.add_option("--limit", s.limit, "Seconds one configuration of one row may run (a child process)")->capture_default_str();
  app.add_option("--hazard-limit", s.hazard_limit, "Seconds one hazard kernel may run under Oclgrind")->capture_default_str();
  app.add_option("--budget", s.budget, "Seconds of repeated launches after the warm-up, per configuration")->capture_default_str();
  app.add_flag("--smallest", s.smallest, "Only the smallest size of each workload");
  app.add_flag("!--no-detection", s.detection, "Skip the detection side by side");
  app.add_option("--twins", s.twins, "Compare only these hazard-corpus cases (names without hazards.)")->delimiter(',');
  app.add_flag("--require-all", s.require_all, "Exit 77 (skipped) unless POCL and Oclgrind are both present");
  app.add_option("--tessera", p.tessera, "bench_peers_tessera")->capture_default_str();
  app.add_option("--tessera-checked", p.tessera_checked, "bench_peers_tessera_checked")->capture_default_str();
  app.add_option("--tessera-compiled", p.tessera_compiled, "bench_peers_tessera_phased (the compiled path)")->capture_default_str();
  app.add_option("--tessera-compiled-checked", p.tessera_compiled_checked, "bench_peers_tessera_phased_checked (the checked compiled path)")
      ->capture_default_str();
  app.add_option("--opencl", p.opencl, "bench_peers_opencl")->capture_default_str();
  app.add_option("--conform", p.conform, "conform_emulator (the hazard corpus's executor)")->capture_default_str();
  app.add_option("--oclgrind", p.oclgrind, "oclgrind")->capture_default_str();
  app.add_option("--kernels", p.kernels, "Folder of the OpenCL kernels (bench/peers/kernels), for programs run away from their build");
  CLI11_PARSE(app, argc, argv);
  for (const auto& name : s.twins)
    if (std::none_of(peers::twins().begin(), peers::twins().end(), [&](const peers::twin& t) { return t.name == name; })) {
      std::fprintf(stderr, "error: --twins: no OpenCL twin named '%s'\n", name.c_str());
      return 2;
    }

  const auto begin = std::chrono::steady_clock::now();
  peers::report r;
  r.info.date = utc_now();
  r.info.machine = bench::machine();
  r.info.compiler = TESSERA_PEERS_COMPILER;
  r.info.build_type = TESSERA_PEERS_BUILD_TYPE;
  r.info.limit = s.limit;
  r.info.hazard_limit = s.hazard_limit;
  r.info.budget = s.budget;

  const availability a = probe(p, r.info);
  if (s.require_all && (!a.pocl || !a.oclgrind)) {
    std::printf("SKIP: %s\n", (!a.pocl ? a.pocl_why : a.oclgrind_why).c_str());
    return 77;
  }

  std::size_t total = 0, done = 0;
  for (const auto& w : peers::workloads()) total += (s.smallest ? 1 : w.sizes.size()) * peers::config_count;
  bool failures = false;
  for (const auto& w : peers::workloads()) {
    // Per configuration, the previous size's launch: a larger size predicted past the limit is not run.
    std::array<std::optional<std::pair<long, double>>, peers::config_count> previous;
    std::array<bool, peers::config_count> stopped{};
    for (std::size_t si = 0; si < (s.smallest ? 1 : w.sizes.size()); ++si) {
      peers::timing_row row;
      row.w = &w;
      row.size = w.sizes[si];
      for (int ci = 0; ci < peers::config_count; ++ci) {
        const auto c = static_cast<peers::config>(ci);
        peers::cell& x = row.cells[ci];
        const bool opencl = c == peers::pocl || c == peers::oclgrind || c == peers::oclgrind_races;
        if (opencl && !(c == peers::pocl ? a.pocl : a.oclgrind)) {
          x.s = peers::cell::state::unavailable;
          x.why = c == peers::pocl ? a.pocl_why : a.oclgrind_why;
        } else if ((c == peers::tessera_compiled && p.tessera_compiled.empty()) ||
                   (c == peers::tessera_compiled_checked && p.tessera_compiled_checked.empty())) {
          x.s = peers::cell::state::unavailable;
          x.why = "not built: tessera-phases needs Clang's LibTooling (scripts/setup.sh)";
        } else if (stopped[ci]) {
          // A smaller size ran past the limit; this one would too.
          x.s = peers::cell::state::over_limit;
          x.not_run = true;
        } else if (previous[ci] && previous[ci]->second * work(w, row.size) / work(w, previous[ci]->first) > s.limit) {
          x.s = peers::cell::state::skipped_estimate;
          x.estimate = previous[ci]->second * work(w, row.size) / work(w, previous[ci]->first);
        } else {
          x = run_config(c, p, s, w, row.size, r.info);
        }
        if (x.s == peers::cell::state::ok) previous[ci] = std::pair{row.size, x.warm_up_only ? x.seconds : x.samples.front()};
        if (x.s == peers::cell::state::over_limit) stopped[ci] = true;
        failures |= x.s == peers::cell::state::failed;
        print_progress(++done, total, row, c, x, s.limit);
      }
      r.timings.push_back(std::move(row));
    }
  }

  if (s.detection) r.detections = detect(p, s, a, r.detection_note);
  else r.detection_note = "Not run (--no-detection).";
  r.info.total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  const std::string text = peers::markdown(r);
  const fs::path md_path(out_file);
  fs::path svg_path = md_path;
  svg_path.replace_extension(".svg");
  if (md_path.has_parent_path()) fs::create_directories(md_path.parent_path());
  std::ofstream(md_path) << text;
  std::ofstream(svg_path) << peers::svg(r);
  std::cout << text << "\nwritten: " << md_path.string() << ", " << svg_path.string() << "\n";
  return failures ? 1 : 0;
}
