// tessera-conform: the conformance suite's command line.
//
//   tessera-conform run [--backends all|emulator,cuda] [--out DIR] [--seed N] [--workers N] [--repeat N]
//                       [--jobs N] [--sanitizer auto|all|diagnostics|off] [--gpus N|all]
//       runs the suite on every backend this build has (the emulator always; its compiled path,
//       emulator-phased and emulator-phased-checked, where tessera-phases was built; never the deliberately
//       broken ones unless named),
//       diffs every other backend against the emulator, compares timings with the stored baselines, writes
//       the reports; exits 1 when a case failed or an output differs, 3 when a backend's executor crashed
//       (named on stderr).
//       A GPU backend spreads its cases over every GPU of the host (--gpus: the first N).
//   tessera-conform gpus [--resource-spec FILE]          the GPUs the CUDA executor finds; CTest's resource file of them
//   tessera-conform diff REFERENCE.json BACKEND.json    the differ alone, on two results files
//   tessera-conform report DIR                           the reports again, from DIR's results files
//   tessera-conform baseline DIR/<backend>.json          store a run's timings as its backend's baseline
//   tessera-conform list                                 the executors and their cases
#include "executors.hpp"
#include "summary_table.hpp"

#include <tessera/conformance/diff.hpp>
#include <tessera/conformance/results.hpp>
#include <tessera/reports/reports.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
namespace tc = tessera::conformance;
namespace tr = tessera::conformance::runner;

namespace {

fs::path self_dir() {
  std::error_code ec;
  const auto exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::current_path() : exe.parent_path();
}

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

struct report_settings {
  fs::path baselines = TESSERA_BASELINES_DIR;
  double threshold = 0.5;
  double floor_ms = 1.0;
};

// Diffs, baselines and reports from the results files in `dir`; prints the table; 0 when clean.
int judge_and_report(const fs::path& dir, const report_settings& how) {
  std::vector<tc::run_results> runs;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".json" && entry.path().filename().string().rfind("diff-", 0) != 0)
      runs.push_back(tc::read_results(entry.path()));
  if (runs.empty()) throw tc::results_error("no results files in " + dir.string() + ": run `tessera-conform run --out " + dir.string() + "` first");
  std::sort(runs.begin(), runs.end(), [](const tc::run_results& a, const tc::run_results& b) {
    if ((a.backend == "emulator") != (b.backend == "emulator")) return a.backend == "emulator";
    return a.backend < b.backend;
  });
  std::vector<tc::diff_result> diffs;
  if (runs.front().backend == "emulator")
    for (std::size_t i = 1; i < runs.size(); ++i) {
      if (runs[i].count(tc::case_status::pass) + runs[i].count(tc::case_status::fail) == 0) continue;  // nothing ran there
      diffs.push_back(tc::diff(runs.front(), runs[i]));
      tc::write_diff(diffs.back(), dir / ("diff-" + runs[i].backend + ".json"));
    }
  std::vector<tc::baseline_comparison> baselines;
  for (const auto& r : runs) {
    const fs::path file = how.baselines / (r.backend + ".json");
    if (r.count(tc::case_status::pass) + r.count(tc::case_status::fail) == 0) continue;  // nothing ran: nothing to time
    if (!fs::exists(file)) {  // said, not left out: the run's timings were compared with nothing
      tc::baseline_comparison none;
      none.baseline_file = file.string();
      none.comparable = false;
      none.note = r.backend + " has no stored baseline; tessera-conform baseline " + (dir / (r.backend + ".json")).string() +
                  " stores this run's";
      baselines.push_back(std::move(none));
      continue;
    }
    auto b = tc::compare_to_baseline(r, tc::read_results(file), how.threshold, how.floor_ms * 1e6);
    b.baseline_file = file.string();
    baselines.push_back(std::move(b));
  }
  tessera::reports::report_input input;
  input.runs = runs;
  input.diffs = diffs;
  input.baselines = baselines;
  input.clauses = tessera::conformance::read_clause_catalog(TESSERA_CLAUSES_TSV);
  const auto paths = tessera::reports::write_reports(input, dir);
  std::cout << tr::summary_table(runs, diffs, baselines);
  std::cout << "\nreports:\n  " << fs::absolute(paths.html).string() << "\n  " << fs::absolute(paths.junit).string() << "\n  "
            << fs::absolute(paths.markdown).string() << "\n";
  bool clean = true;
  for (const auto& r : runs) clean = clean && r.count(tc::case_status::fail) == 0;
  for (const auto& d : diffs) clean = clean && d.clean();
  return clean ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Tessera's conformance suite: runs the cases on every backend, diffs them against the emulator, writes the reports."};
  app.require_subcommand(1);
  report_settings how;

  auto* run = app.add_subcommand("run", "Run the suite on the backends, diff, and write the reports");
  std::string backends = "all", out = "conformance-results", seed = "20261122", workers = "0", repeat = "3", timeout = "120", jobs = "0";
  std::vector<std::string> filters;
  bool quiet = false;
  run->add_option("--backends", backends, "all (every backend this build has), or a list: emulator,emulator-phased,emulator-phased-checked,cuda,emulator-broken")->capture_default_str();
  run->add_option("--out", out, "Folder for results and reports")->capture_default_str();
  run->add_option("--seed", seed, "Seed of inputs and thread order")->capture_default_str();
  run->add_option("--workers", workers, "Emulator worker threads (0: one per hardware thread)")->capture_default_str();
  run->add_option("--repeat", repeat, "Timing samples per case")->capture_default_str();
  run->add_option("--jobs", jobs,
                  "Cases at a time on the emulators: the diagnostic cases and the hazard corpus run this many at a time, "
                  "untimed; every other case alone, timed (0: one per hardware thread; 1: every case alone, and timed)")
      ->capture_default_str();
  run->add_option("--timeout", timeout, "Seconds before a case counts as hung")->capture_default_str();
  run->add_option("--filter", filters, "Only cases whose id matches these globs");
  run->add_flag("--quiet", quiet, "Print only failures and the summary");
  std::string sanitizer = "auto", sanitizer_jobs = "0", sanitizer_timeout = "30", sanitizer_hang_timeout = "10";
  run->add_option("--sanitizer", sanitizer,
                  "compute-sanitizer on GPU backends: auto (diagnostic cases and the hazard corpus), all (every case), diagnostics, off")
      ->check(CLI::IsMember({"auto", "all", "diagnostics", "off"}))
      ->capture_default_str();
  run->add_option("--sanitizer-jobs", sanitizer_jobs, "compute-sanitizer processes at a time (0: 8, or one per hardware thread where fewer; as many again for cases that may hang)")->capture_default_str();
  run->add_option("--sanitizer-timeout", sanitizer_timeout, "Seconds a case may run under compute-sanitizer before it counts as hung (at most --timeout)")
      ->capture_default_str();
  run->add_option("--sanitizer-hang-timeout", sanitizer_hang_timeout,
                  "The same for cases whose kernels may never finish on a GPU (barrier divergence, spin-waits)")
      ->capture_default_str();
  std::string gpus;
  run->add_option("--gpus", gpus, "GPUs a GPU backend spreads its cases over: all (default), or the first N")
      ->check([](const std::string& v) {
        return v == "all" || (!v.empty() && v.size() < 7 && v.find_first_not_of("0123456789") == std::string::npos && std::stoul(v) > 0)
                   ? std::string()
                   : "expected \"all\" or a positive number of GPUs, not \"" + v + "\"";
      });
  for (auto* sub : {run}) {
    sub->add_option("--baselines", how.baselines, "Folder of timing baselines (<backend>.json)")->capture_default_str();
    sub->add_option("--threshold", how.threshold, "Timing regression threshold (0.5: 50% slower)")->capture_default_str();
  }

  auto* diff_cmd = app.add_subcommand("diff", "Diff a backend's results file against the reference's");
  std::string reference_file, backend_file;
  diff_cmd->add_option("reference", reference_file, "The reference run (emulator.json)")->required()->check(CLI::ExistingFile);
  diff_cmd->add_option("backend", backend_file, "The backend's run (cuda.json)")->required()->check(CLI::ExistingFile);

  auto* report_cmd = app.add_subcommand("report", "Write the reports again from a folder of results");
  std::string report_dir;
  report_cmd->add_option("dir", report_dir, "Folder holding <backend>.json files")->required()->check(CLI::ExistingDirectory);
  report_cmd->add_option("--baselines", how.baselines, "Folder of timing baselines")->capture_default_str();

  auto* baseline_cmd = app.add_subcommand("baseline", "Store a run's timings as its backend's timing baseline");
  std::string baseline_from;
  baseline_cmd->add_option("results", baseline_from, "A results file (<dir>/<backend>.json)")->required()->check(CLI::ExistingFile);
  baseline_cmd->add_option("--baselines", how.baselines, "Folder of timing baselines")->capture_default_str();

  auto* list_cmd = app.add_subcommand("list", "List the executors this build has, and their cases");

  auto* gpus_cmd = app.add_subcommand("gpus", "List the GPUs the CUDA executor can spread its cases over");
  std::string resource_spec;
  gpus_cmd->add_option("--resource-spec", resource_spec,
                       "Also write CTest's resource specification file of them (for ctest --resource-spec-file; removed when there are none)");

  CLI11_PARSE(app, argc, argv);

  try {
    const auto executors = tr::executors_in(self_dir());
    if (*list_cmd) {
      for (const auto& e : executors) {
        std::cout << "== " << e.backend << " (" << e.program.string() << ")\n" << std::flush;
        tr::run_executor(e, {"--list"});
      }
      return 0;
    }
    if (*gpus_cmd) {
      auto it = std::find_if(executors.begin(), executors.end(), [](const tr::executor& e) { return e.backend == "cuda"; });
      if (it == executors.end()) {
        std::cout << "no GPUs: this build has no CUDA executor (no nvcc when it was configured, or TESSERA_ENABLE_CUDA=OFF)\n";
        return 77;
      }
      std::vector<std::string> args{"--list-gpus"};
      if (!resource_spec.empty()) args.insert(args.end(), {"--resource-spec", fs::absolute(resource_spec).string()});
      return tr::run_executor(*it, args);
    }
    if (*diff_cmd) {
      const auto d = tc::diff(tc::read_results(reference_file), tc::read_results(backend_file));
      std::cout << tr::summary_table({}, {d}, {});
      return d.clean() ? 0 : 1;
    }
    if (*report_cmd) return judge_and_report(report_dir, how);
    if (*baseline_cmd) {
      tc::run_results r = tc::read_results(baseline_from);
      for (auto& c : r.cases) c.outputs.clear();  // a baseline keeps timings only
      const fs::path file = how.baselines / (r.backend + ".json");
      fs::create_directories(how.baselines);
      tc::write_results(r, file);
      std::cout << "baseline for " << r.backend << " (" << r.machine.cpu << ", " << r.machine.cores << " cores): " << file.string() << "\n";
      return 0;
    }

    // run
    std::vector<tr::executor> chosen;
    if (backends == "all") {
      for (const auto& e : executors)
        if (e.backend.find("broken") == std::string::npos) chosen.push_back(e);
    } else {
      for (const auto& name : split(backends)) {
        auto it = std::find_if(executors.begin(), executors.end(), [&](const tr::executor& e) { return e.backend == name; });
        if (it == executors.end()) {
          std::string known;
          for (const auto& e : executors) known += (known.empty() ? "" : ", ") + e.backend;
          throw std::runtime_error("no executor for backend \"" + name + "\" in this build (" + known +
                                   "); CUDA's is built where nvcc is found");
        }
        chosen.push_back(*it);
      }
    }
    if (chosen.empty()) throw std::runtime_error("no executor found beside " + self_dir().string() + ": build the conform_* targets");
    // A backend this build could not make is named too, with why, not left out in silence.
    if (backends == "all" && !TESSERA_RUNNER_HAS_CUDA)
      std::cout << "cuda: not run: this build has no CUDA executor (no nvcc when it was configured, or TESSERA_ENABLE_CUDA=OFF; "
                   "scripts/configure.sh prints which)\n";
    if (backends == "all" && !TESSERA_RUNNER_HAS_PHASES)
      for (const char* name : {"emulator-phased", "emulator-phased-checked"})
        std::cout << name << ": not run: this build has no executor of the emulator's compiled path (tessera-phases was "
                             "not built: install libclang-16-dev libclang-cpp16-dev llvm-16-dev, scripts/setup.sh)\n";
    const fs::path dir = fs::absolute(out);
    fs::create_directories(dir);
    for (const auto& entry : fs::directory_iterator(dir))  // results of an earlier run must not mix in
      if (entry.path().extension() == ".json") fs::remove(entry.path());
    fs::remove_all(dir / "blobs");
    std::vector<std::string> broken;  // executors that died or could not finish: the run is not clean
    for (const auto& e : chosen) {
      std::cout << "\n== " << e.backend << " ==\n" << std::flush;
      std::vector<std::string> args{"--out", dir.string(), "--seed", seed, "--workers", workers, "--repeat", repeat, "--timeout", timeout, "--jobs", jobs};
      for (const auto& f : filters) args.insert(args.end(), {"--filter", f});
      if (quiet) args.push_back("--quiet");
      args.insert(args.end(), {"--sanitizer", sanitizer, "--sanitizer-jobs", sanitizer_jobs, "--sanitizer-timeout", sanitizer_timeout,
                                "--sanitizer-hang-timeout", sanitizer_hang_timeout});
      if (!gpus.empty()) args.insert(args.end(), {"--gpus", gpus});
      const int rc = tr::run_executor(e, args);
      if (rc == 2) throw std::runtime_error("the " + e.backend + " executor refused to run (see its message above)");
      if (rc > 128) {
        broken.push_back(e.backend + ": the executor itself died (signal " + std::to_string(rc - 128) + "); its results are missing");
      } else if (rc != 0 && rc != 1 && rc != 77) {
        broken.push_back(e.backend + ": the executor stopped with status " + std::to_string(rc) + " (see its message above)");
      } else if (!fs::exists(dir / (e.backend + ".json"))) {
        broken.push_back(e.backend + ": the executor wrote no results file (" + (dir / (e.backend + ".json")).string() + ")");
      }
      if (!broken.empty() && broken.back().rfind(e.backend + ":", 0) == 0) std::cout << broken.back() << "\n" << std::flush;
    }
    int verdict = 1;
    try {
      verdict = judge_and_report(dir, how);
    } catch (const tc::results_error& e) {
      if (broken.empty()) throw;
      std::cerr << "tessera-conform: " << e.what() << "\n";
    }
    for (const auto& b : broken) std::cerr << "tessera-conform: FAILED: " << b << "\n";
    return broken.empty() ? verdict : 3;
  } catch (const std::exception& e) {
    std::cerr << "tessera-conform: " << e.what() << "\n";
    return 2;
  }
}
