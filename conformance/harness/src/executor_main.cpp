// main() of a backend executor (conform_emulator, conform_cuda, ...): enumerates the linked cases,
// runs the chosen ones on this executor's backend, each in isolation, and writes the results file.
//
//   conform_emulator --out results/            # every case; results/emulator.json
//   conform_emulator --filter 'bar.*' --seed 7 # some cases, another seed
//   conform_emulator --list                    # what is there
//
// Exit status: 0 when every case passed or was skipped for a listed reason, 1 when a case failed, 2 on
// bad arguments or an unusable registry, 77 when the backend cannot run here (every case skipped).
#include "backend_target.hpp"
#include "case_runner.hpp"
#include "expectation_list.hpp"
#include "registry.hpp"
#include "sanitizer_pass.hpp"
#include "supervisor.hpp"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

namespace tc = tessera::conformance;

namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

std::string self_path() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

// One CTest test per case: conform.<backend>.<family>.<name>, labelled by backend and family.
void write_ctest(const std::filesystem::path& file, const std::vector<const tc::case_info*>& cases, const tc::backend_target& b) {
  std::FILE* out = std::fopen(file.c_str(), "w");
  if (out == nullptr) throw std::runtime_error("cannot write " + file.string());
  const std::string exe = self_path();
  for (const auto* c : cases) {
    const std::string id = tc::id_of(*c);
    const std::string test = "conform." + b.name + "." + id;
    std::fprintf(out, "add_test([=[%s]=] [=[%s]=] --filter [=[%s]=] --quiet)\n", test.c_str(), exe.c_str(), id.c_str());
    // A backend that is not the emulator runs on a device: `ctest -L gpu` picks its tests.
    std::fprintf(out,
                 "set_tests_properties([=[%s]=] PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS [=[conformance;%s;%s%s]=])\n",
                 test.c_str(), b.name.c_str(), c->family, b.runs_emulator_checks ? "" : ";gpu");
  }
  std::fclose(out);
}

// One line per case in logs; on a terminal, one progress line rewritten in place (cases done, total, an
// estimate of the time left), with failures printed in full above it.
struct progress {
  std::size_t total = 0, done = 0, failed = 0;
  bool terminal = isatty(STDOUT_FILENO) != 0 && std::getenv("CI") == nullptr;
  std::chrono::steady_clock::time_point begin = std::chrono::steady_clock::now();
  bool line_open = false;

  void case_done(std::size_t index, const tc::case_record& r, bool quiet) {
    ++done;
    const bool failure = r.status == tc::case_status::fail;
    failed += failure ? 1 : 0;
    if (terminal && line_open) std::printf("\r\033[K");
    line_open = false;
    if (!terminal && (!quiet || failure)) {
      const char* verdict = r.status == tc::case_status::pass ? "pass" : r.status == tc::case_status::skip ? "skip" : "FAIL";
      std::printf("[%zu/%zu] %-60s %s (%.2f s)\n", index + 1, total, r.id.c_str(), verdict, r.seconds);
    } else if (terminal && failure) {
      std::printf("FAIL %s (%.2f s)\n", r.id.c_str(), r.seconds);
    }
    if (failure) {
      std::printf("    %s\n", r.message.c_str());
      if (!r.diagnostic.empty()) std::printf("    diagnostic: %.2000s\n", r.diagnostic.c_str());
    }
    if (terminal && done < total) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      const double left = elapsed / static_cast<double>(done) * static_cast<double>(total - done);
      std::printf("[%zu/%zu] %zu failed, about %.0f s left  %s", done, total, failed, left, r.id.c_str());
      line_open = true;
    }
    std::fflush(stdout);
  }
  void finish() {
    if (terminal && line_open) std::printf("\r\033[K");
    line_open = false;
    std::fflush(stdout);
  }
};

}  // namespace

int main(int argc, char** argv) {
  const tc::backend_target& backend = tc::this_backend();
  CLI::App app{"Runs Tessera's conformance cases on the " + backend.name + " backend and writes their results."};
  bool list = false, quiet = false, no_sweep = false, no_isolation = false;
  std::vector<std::string> filters;
  std::string out_dir, expectations_file, ctest_file;
  tc::run_settings settings;
  double timeout = 120;
  long child_from = -1;
  std::string blobs_dir;
  std::vector<std::string> sanitized_cases;
  tc::sanitizer_pass_settings sanitizer;
  app.add_flag("--list", list, "List the cases (id, clauses, expectation) and exit");
  app.add_option("--filter", filters, "Run only cases whose id matches one of these globs (family.name)");
  app.add_option("--out", out_dir, "Write <DIR>/" + backend.name + ".json and <DIR>/blobs/");
  app.add_option("--seed", settings.seed, "Seed of the inputs and of the emulator's thread order")->capture_default_str();
  app.add_option("--workers", settings.workers, "Emulator worker threads (0: one per hardware thread)")->capture_default_str();
  app.add_option("--repeat", settings.repeat, "Timing samples per passing case")->check(CLI::Range(1u, 1000u))->capture_default_str();
  app.add_option("--timeout", timeout, "Seconds a case may run before it is stopped as a hang")->check(CLI::PositiveNumber)->capture_default_str();
  app.add_option("--orders", settings.orders,
                 "Thread orders each launch of a swept case tries on the emulator (TESSERA_SEEDS): a race only some "
                 "orders show is found in every configuration")
      ->check(CLI::Range(1u, 64u))
      ->capture_default_str();
  app.add_flag("--no-sweep", no_sweep, "Run diagnostic cases at the given workers and seed only (default: 1/2/8 x 0/1/seed)");
  app.add_flag("--no-isolation", no_isolation, "Run cases in this process (a crashing case ends the run)");
  app.add_option("--expectations", expectations_file, "The backend's expectation list (default: the source tree's)");
  app.add_option("--ctest", ctest_file, "Write a CTest script with one test per case and exit");
  app.add_flag("--quiet", quiet, "Print only failures and the summary");
  app.add_option("--sanitizer", sanitizer.mode,
                 "compute-sanitizer on a GPU backend: auto (diagnostic cases and the hazard corpus), all (every case), "
                 "diagnostics, or off")
      ->check(CLI::IsMember({"auto", "all", "diagnostics", "off"}))
      ->capture_default_str();
  app.add_option("--sanitizer-batch", sanitizer.batch, "Correct kernels per compute-sanitizer process (0: spread over the jobs, at most 32)")
      ->capture_default_str();
  app.add_option("--sanitizer-jobs", sanitizer.jobs, "compute-sanitizer processes at a time (0: one per hardware thread)")->capture_default_str();
  app.add_option("--sanitized-case", sanitized_cases, "(internal) run these cases' bodies once, unjudged, under compute-sanitizer")->group("");
  app.add_option("--child", child_from, "(internal) run as the isolated child from this case index")->group("");
  app.add_option("--blobs", blobs_dir, "(internal) where the isolated child writes large outputs")->group("");
  CLI11_PARSE(app, argc, argv);
  settings.sweep = !no_sweep;

  try {
    const auto all = tc::registered_cases();
    if (!sanitized_cases.empty()) return tc::run_sanitized_cases(all, sanitized_cases, backend, settings);
    const auto selected = tc::select_cases(all, filters);
    if (list) {
      for (const auto* c : selected)
        std::printf("%-60s %-24s %s\n", tc::id_of(*c).c_str(), c->clauses, tc::describe(c->expect).c_str());
      std::printf("%zu cases (%zu negative)\n", selected.size(),
                  static_cast<std::size_t>(std::count_if(selected.begin(), selected.end(), [](const tc::case_info* c) { return c->expect.negative(); })));
      return 0;
    }
    if (!ctest_file.empty()) {
      write_ctest(ctest_file, all, backend);
      return 0;
    }
    if (expectations_file.empty()) expectations_file = std::string(TESSERA_EXPECTATIONS_DIR) + "/" + backend.expectations_name + ".tsv";
    const auto expectations = tc::expectation_list::read(expectations_file, all, TESSERA_CONFORMANCE_SUBSET);
    const std::filesystem::path out = out_dir.empty() ? std::filesystem::path() : std::filesystem::path(out_dir);
    // Large outputs go beside the results file; without one, to a folder of this run (the parent names
    // it and passes it to its children).
    const auto blobs = !blobs_dir.empty() ? std::filesystem::path(blobs_dir)
                       : out.empty()      ? std::filesystem::temp_directory_path() / ("tessera-blobs-" + std::to_string(getpid()))
                                          : out / "blobs";

    // Under compute-sanitizer, the diagnostic cases run there instead (after the others); the rest run as usual
    // (the isolated children make the same plan, so their case indices are the parent's).
    sanitizer.timeout_seconds = timeout;
    sanitizer.work = (out.empty() ? blobs : out) / "sanitizer";
    const tc::sanitizer_plan plan = tc::plan_sanitizer(selected, backend, expectations, sanitizer);
    std::vector<const tc::case_info*> usual;
    std::vector<std::size_t> usual_index;
    for (std::size_t i = 0; i < selected.size(); ++i)
      if (!plan.instead[i]) {
        usual.push_back(selected[i]);
        usual_index.push_back(i);
      }

    if (child_from >= 0) {
      // The isolated child: run and report, nothing else on stdout.
      for (std::size_t i = static_cast<std::size_t>(child_from); i < usual.size(); ++i) {
        const std::string start = "start " + std::to_string(i) + "\n";
        if (write(tc::protocol_fd, start.data(), start.size()) < 0) return 3;
        const std::string done = "done " + tc::to_json_line(tc::run_case(*usual[i], backend, settings, expectations), blobs) + "\n";
        if (write(tc::protocol_fd, done.data(), done.size()) < 0) return 3;
      }
      return 0;
    }

    tc::run_results results;
    results.backend = backend.name;
    results.machine = tc::this_machine(backend.compiler, TESSERA_CONFORMANCE_CUDA_BUILD);
    results.started = utc_now();
    results.seed = settings.seed;
    results.workers = backend.runs_emulator_checks ? (settings.workers ? settings.workers : std::thread::hardware_concurrency()) : 0;
    results.repeat = settings.repeat;
    if (backend.unavailable_reason().empty()) results.device = backend.view().get_accelerator().get_description();
    results.cases.resize(selected.size());
    const auto begin = std::chrono::steady_clock::now();
    // A backend that cannot run here: one line saying so, not a line of `skip` per case.
    const std::string unavailable = backend.unavailable_reason();
    if (!unavailable.empty())
      std::printf("%s: not run: %s (%zu cases skipped)\n", backend.name.c_str(), unavailable.c_str(), selected.size());
    else if (!quiet)
      std::printf("%s: %zu cases, seed %llu%s\n", backend.name.c_str(), selected.size(), static_cast<unsigned long long>(settings.seed),
                  backend.runs_emulator_checks ? (", " + std::to_string(results.workers) + " workers").c_str() : "");
    progress shown;
    shown.total = selected.size();
    auto done = [&](std::size_t i, tc::case_record r) {
      shown.case_done(i, r, quiet || !unavailable.empty());
      results.cases[i] = std::move(r);
    };
    if (!quiet && !plan.note.empty()) std::printf("%s\n", plan.note.c_str());
    auto done_usual = [&](std::size_t k, tc::case_record r) { done(usual_index[k], std::move(r)); };
    if (no_isolation) {
      for (std::size_t k = 0; k < usual.size(); ++k) done_usual(k, tc::run_case(*usual[k], backend, settings, expectations));
    } else {
      std::vector<std::string> child_args;
      for (const auto& f : filters) child_args.insert(child_args.end(), {"--filter", f});
      child_args.insert(child_args.end(), {"--seed", std::to_string(settings.seed), "--workers", std::to_string(settings.workers),
                                           "--orders", std::to_string(settings.orders),
                                           "--repeat", std::to_string(settings.repeat), "--expectations", expectations_file});
      if (no_sweep) child_args.push_back("--no-sweep");
      child_args.insert(child_args.end(), {"--sanitizer", sanitizer.mode});
      child_args.insert(child_args.end(), {"--blobs", blobs.string()});
      tc::run_supervised(usual, tc::supervision{self_path(), child_args, timeout, blobs}, done_usual);
    }
    if (plan.active) {
      sanitizer.executable = self_path();
      sanitizer.child_args = {"--seed", std::to_string(settings.seed), "--expectations", expectations_file};
      tc::run_sanitizer_pass(selected, plan, expectations, sanitizer, results.cases,
                             [&](std::size_t i) { shown.case_done(i, results.cases[i], quiet); });
    }
    shown.finish();
    if (out.empty()) std::filesystem::remove_all(blobs);
    results.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

    const std::size_t passed = results.count(tc::case_status::pass), failed = results.count(tc::case_status::fail),
                      skipped = results.count(tc::case_status::skip);
    if (!out.empty()) {
      tc::write_results(results, out / (backend.name + ".json"));
      if (!quiet) std::printf("results: %s\n", (out / (backend.name + ".json")).c_str());
    }
    if (unavailable.empty())
      std::printf("%s: %zu passed, %zu failed, %zu skipped in %.1f s\n", backend.name.c_str(), passed, failed, skipped, results.seconds);
    if (plan.active) std::printf("%s\n", tc::sanitizer_summary(results.cases).c_str());
    if (failed > 0) return 1;
    if (passed == 0 && skipped > 0) {
      if (unavailable.empty()) std::printf("SKIP: %s\n", results.cases.front().message.c_str());  // else said above
      return 77;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
