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
#include "supervisor.hpp"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
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
    std::fprintf(out,
                 "set_tests_properties([=[%s]=] PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS [=[conformance;%s;%s]=])\n",
                 test.c_str(), b.name.c_str(), c->family);
  }
  std::fclose(out);
}

void print_progress(std::size_t index, std::size_t total, const tc::case_record& r) {
  const char* verdict = r.status == tc::case_status::pass ? "pass" : r.status == tc::case_status::skip ? "skip" : "FAIL";
  std::printf("[%zu/%zu] %-60s %s (%.2f s)\n", index + 1, total, r.id.c_str(), verdict, r.seconds);
  if (r.status == tc::case_status::fail) {
    std::printf("    %s\n", r.message.c_str());
    if (!r.diagnostic.empty()) std::printf("    diagnostic: %.2000s\n", r.diagnostic.c_str());
  }
  std::fflush(stdout);
}

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
  app.add_option("--child", child_from, "(internal) run as the isolated child from this case index")->group("");
  app.add_option("--blobs", blobs_dir, "(internal) where the isolated child writes large outputs")->group("");
  CLI11_PARSE(app, argc, argv);
  settings.sweep = !no_sweep;

  try {
    const auto all = tc::registered_cases();
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

    if (child_from >= 0) {
      // The isolated child: run and report, nothing else on stdout.
      for (std::size_t i = static_cast<std::size_t>(child_from); i < selected.size(); ++i) {
        const std::string start = "start " + std::to_string(i) + "\n";
        if (write(tc::protocol_fd, start.data(), start.size()) < 0) return 3;
        const std::string done = "done " + tc::to_json_line(tc::run_case(*selected[i], backend, settings, expectations), blobs) + "\n";
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
    if (!quiet)
      std::printf("%s: %zu cases, seed %llu%s\n", backend.name.c_str(), selected.size(), static_cast<unsigned long long>(settings.seed),
                  backend.runs_emulator_checks ? (", " + std::to_string(results.workers) + " workers").c_str() : "");
    auto done = [&](std::size_t i, tc::case_record r) {
      if (!quiet || r.status == tc::case_status::fail) print_progress(i, selected.size(), r);
      results.cases[i] = std::move(r);
    };
    if (no_isolation) {
      for (std::size_t i = 0; i < selected.size(); ++i) done(i, tc::run_case(*selected[i], backend, settings, expectations));
    } else {
      std::vector<std::string> child_args;
      for (const auto& f : filters) child_args.insert(child_args.end(), {"--filter", f});
      child_args.insert(child_args.end(), {"--seed", std::to_string(settings.seed), "--workers", std::to_string(settings.workers),
                                           "--orders", std::to_string(settings.orders),
                                           "--repeat", std::to_string(settings.repeat), "--expectations", expectations_file});
      if (no_sweep) child_args.push_back("--no-sweep");
      child_args.insert(child_args.end(), {"--blobs", blobs.string()});
      tc::run_supervised(selected, tc::supervision{self_path(), child_args, timeout, blobs}, done);
    }
    if (out.empty()) std::filesystem::remove_all(blobs);
    results.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

    const std::size_t passed = results.count(tc::case_status::pass), failed = results.count(tc::case_status::fail),
                      skipped = results.count(tc::case_status::skip);
    if (!out.empty()) {
      tc::write_results(results, out / (backend.name + ".json"));
      if (!quiet) std::printf("results: %s\n", (out / (backend.name + ".json")).c_str());
    }
    std::printf("%s: %zu passed, %zu failed, %zu skipped in %.1f s\n", backend.name.c_str(), passed, failed, skipped, results.seconds);
    if (failed > 0) return 1;
    if (passed == 0 && skipped > 0) {
      const std::string why = backend.unavailable_reason();
      std::printf("SKIP: %s\n", why.empty() ? results.cases.front().message.c_str() : why.c_str());
      return 77;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
