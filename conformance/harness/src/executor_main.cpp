// main() of a backend executor (conform_emulator, conform_cuda, ...): enumerates the linked cases,
// runs the chosen ones on this executor's backend, each in isolation, and writes the results file.
//
//   conform_emulator --out results/            # every case; results/emulator.json
//   conform_emulator --filter 'bar.*' --seed 7 # some cases, another seed
//   conform_emulator --list                    # what is there
//   conform_emulator --out results/ --jobs 1    # every case alone, the swept ones timed too
//   conform_cuda --out results/ --gpus 2        # the cases spread over the first two GPUs
//   conform_cuda --list-gpus --resource-spec F  # the GPUs, and CTest's resource specification file of them
//
// Exit status: 0 when every case passed or was skipped for a listed reason, 1 when a case failed, 2 on
// bad arguments or an unusable registry, 77 when the backend cannot run here (every case skipped).
#include "backend_target.hpp"
#include "case_runner.hpp"
#include "case_streams.hpp"

// Whether the executor's case sources went through tessera-phases --rounds (conformance/CMakeLists.txt).
#ifndef TESSERA_CONFORMANCE_LOOP_ROUNDS
#define TESSERA_CONFORMANCE_LOOP_ROUNDS 1
#endif
#include "ctest_resources.hpp"
#include "expectation_list.hpp"
#include "registry.hpp"
#include "sanitizer_pass.hpp"
#include "supervisor.hpp"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
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

// The GPUs of a backend that runs on one ("cuda:0" ... "cuda:N-1"), from the accelerators its runtime
// lists; empty for the emulator and where the backend cannot run.
std::vector<tc::stream_device> gpus_of(const tc::backend_target& b) {
  std::vector<tc::stream_device> found;
  if (b.runs_emulator_checks || !b.unavailable_reason().empty()) return found;
  const std::string path = b.view().get_accelerator().get_device_path();
  const auto colon = path.rfind(':');
  if (colon == std::string::npos) return found;  // a backend with one device and no numbered paths
  const std::string kind = path.substr(0, colon + 1);
  for (const auto& a : tessera::accelerator::get_all())
    if (a.get_device_path().rfind(kind, 0) == 0 && !a.get_is_emulated()) found.push_back({a.get_device_path(), a.get_description()});
  std::sort(found.begin(), found.end(), [](const tc::stream_device& x, const tc::stream_device& y) { return tc::device_order(x.path, y.path); });
  return found;
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
    // One GPU per test where ctest has a resource specification file (the executor runs on the one it is
    // given); without the file ctest ignores this and the tests share the default GPU.
    if (!b.runs_emulator_checks) std::fprintf(out, "set_tests_properties([=[%s]=] PROPERTIES RESOURCE_GROUPS gpus:1)\n", test.c_str());
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

  bool spread = false;  // cases on several devices: each line names its device

  void case_done(std::size_t index, const tc::case_record& r, bool quiet) {
    ++done;
    const bool failure = r.status == tc::case_status::fail;
    failed += failure ? 1 : 0;
    if (terminal && line_open) std::printf("\r\033[K");
    line_open = false;
    if (!terminal && (!quiet || failure)) {
      const char* verdict = r.status == tc::case_status::pass ? "pass" : r.status == tc::case_status::skip ? "skip" : "FAIL";
      std::printf("[%zu/%zu] %-60s %s (%.2f s)%s\n", index + 1, total, r.id.c_str(), verdict, r.seconds, on(r).c_str());
    } else if (terminal && failure) {
      std::printf("FAIL %s (%.2f s)%s\n", r.id.c_str(), r.seconds, on(r).c_str());
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
  std::string on(const tc::case_record& r) const { return spread && !r.device.empty() ? " on " + r.device : std::string(); }
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
  unsigned jobs = 0;
  app.add_option("--jobs", jobs,
                 "Cases at a time on an emulator: the diagnostic cases and the hazard corpus run this many at a time, "
                 "untimed (their time is the checks' sweep); every other case runs alone after them, so its timing "
                 "samples are its own (0: one per hardware thread; 1: every case alone, and timed)")
      ->capture_default_str();
  std::string child_part = "all";
  app.add_option("--child-part", child_part, "(internal) the isolated child runs only these cases: all, swept or unswept")
      ->check(CLI::IsMember({"all", "swept", "unswept"}))
      ->group("");
  app.add_flag("--untimed", [&](std::int64_t) { settings.timed = false; }, "(internal) take no timing samples")->group("");
  app.add_option("--expectations", expectations_file, "The backend's expectation list (default: the source tree's)");
  app.add_option("--ctest", ctest_file, "Write a CTest script with one test per case and exit");
  app.add_flag("--quiet", quiet, "Print only failures and the summary");
  app.add_option("--sanitizer", sanitizer.mode,
                 "compute-sanitizer on a GPU backend: auto (diagnostic cases and the hazard corpus), all (every case), "
                 "diagnostics, or off")
      ->check(CLI::IsMember({"auto", "all", "diagnostics", "off"}))
      ->capture_default_str();
  app.add_option("--sanitizer-batch", sanitizer.batch, "Cases per compute-sanitizer batch (0: each tool's cases spread over the jobs, at most 64 a batch)")
      ->capture_default_str();
  app.add_option("--sanitizer-jobs", sanitizer.jobs, "compute-sanitizer processes at a time (0: 8, or one per hardware thread where fewer; as many again for cases that may hang)")->capture_default_str();
  double sanitizer_timeout = 30;
  app.add_option("--sanitizer-timeout", sanitizer_timeout,
                 "Seconds a case may run under compute-sanitizer, from its start in the watched process, before it is stopped as a "
                 "hang (at most --timeout)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--sanitizer-hang-timeout", sanitizer.hang_seconds,
                 "The same for the cases whose kernels may never finish on a GPU (barrier divergence, spin-waits), "
                 "which run in batches of their own (at most --sanitizer-timeout)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--sanitized-case", sanitized_cases, "(internal) run these cases' bodies once, unjudged, under compute-sanitizer")->group("");
  app.add_option("--child", child_from, "(internal) run as the isolated child from this case index")->group("");
  std::size_t child_stride = 1;
  app.add_option("--child-stride", child_stride, "(internal) the isolated child runs every Nth case from its first")->group("");
  std::string gpus = "all", resource_spec;
  bool list_gpus = false;
  app.add_option("--gpus", gpus,
                 "GPUs to spread the cases over on a GPU backend: all, or the first N (one stream of cases per GPU; "
                 "default all, or the one TESSERA_DEFAULT_ACCELERATOR or ctest's resource group names)")
      ->check([](const std::string& v) { return tc::gpu_count_problem(v); })
      ->capture_default_str();
  app.add_flag("--list-gpus", list_gpus, "List the GPUs this backend can spread its cases over and exit");
  app.add_option("--resource-spec", resource_spec,
                 "Write CTest's resource specification file of the GPUs found (removed when there are none) and exit");
  app.add_option("--blobs", blobs_dir, "(internal) where the isolated child writes large outputs")->group("");
  CLI11_PARSE(app, argc, argv);
  settings.sweep = !no_sweep;

  try {
    // ctest's resource allocation gave this test one GPU: run there (and so do the children, which
    // inherit the environment), before anything chooses the default accelerator.
    if (!backend.runs_emulator_checks)
      if (const auto id = tc::allotted_gpu([](const std::string& name) -> std::optional<std::string> {
            const char* v = std::getenv(name.c_str());
            return v ? std::optional<std::string>(v) : std::nullopt;
          }))
        setenv("TESSERA_DEFAULT_ACCELERATOR", (backend.name + ":" + *id).c_str(), 1);
    const bool pinned_by_ctest = std::getenv("CTEST_RESOURCE_GROUP_COUNT") != nullptr && !backend.runs_emulator_checks;
    if (list_gpus || !resource_spec.empty()) {
      const auto found = gpus_of(backend);
      std::vector<std::string> ids;
      for (const auto& g : found) {
        if (list_gpus) std::printf("%s %s\n", g.path.c_str(), g.name.c_str());
        ids.push_back(g.path.substr(g.path.rfind(':') + 1));
      }
      if (list_gpus && found.empty())
        std::printf("%s: no GPUs to spread cases over%s\n", backend.name.c_str(),
                    backend.unavailable_reason().empty() ? "" : (": " + backend.unavailable_reason()).c_str());
      if (!resource_spec.empty()) {
        // As many slots per GPU as there are cores per GPU: `ctest -j <cores>` keeps as many tests running
        // as without the file, spread evenly over the GPUs.
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        const unsigned slots = ids.empty() ? 1 : std::max<unsigned>(1, cores / static_cast<unsigned>(ids.size()));
        tc::write_resource_spec(resource_spec, ids, slots);
        if (list_gpus || !ids.empty())
          std::printf(ids.empty() ? "no GPUs: no resource specification file (%s)\n" : "resource specification file: %s\n", resource_spec.c_str());
      }
      if (ctest_file.empty()) return 0;
    }
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
    const std::string backend_list = std::string(TESSERA_EXPECTATIONS_DIR) + "/" + backend.expectations_name + ".tsv";
    if (expectations_file.empty()) expectations_file = backend_list;
    const bool default_expectations = expectations_file == backend_list;  // (the children are given it by name)
    auto expectations = tc::expectation_list::read(expectations_file, all, TESSERA_CONFORMANCE_SUBSET);
    // Built without tessera-phases, the checked executor's kernels do not count their loops' rounds: the
    // cases only that finds are skipped too (a second list beside the backend's).
    const std::filesystem::path without_rounds =
        std::string(TESSERA_EXPECTATIONS_DIR) + "/" + backend.expectations_name + "-without-loop-rounds.tsv";
    if (!TESSERA_CONFORMANCE_LOOP_ROUNDS && default_expectations && std::filesystem::exists(without_rounds))
      expectations.append(tc::expectation_list::read(without_rounds, all, TESSERA_CONFORMANCE_SUBSET));
    const std::filesystem::path out = out_dir.empty() ? std::filesystem::path() : std::filesystem::path(out_dir);
    // Large outputs go beside the results file; without one, to a folder of this run (the parent names
    // it and passes it to its children).
    const auto blobs = !blobs_dir.empty() ? std::filesystem::path(blobs_dir)
                       : out.empty()      ? std::filesystem::temp_directory_path() / ("tessera-blobs-" + std::to_string(getpid()))
                                          : out / "blobs";

    // Under compute-sanitizer, the diagnostic cases run there instead (after the others); the rest run as usual
    // (the isolated children make the same plan, so their case indices are the parent's).
    sanitizer.timeout_seconds = std::min(timeout, sanitizer_timeout);
    sanitizer.hang_seconds = std::min(sanitizer.hang_seconds, sanitizer.timeout_seconds);
    sanitizer.work = (out.empty() ? blobs : out) / "sanitizer";
    const tc::sanitizer_plan plan = tc::plan_sanitizer(selected, backend, expectations, sanitizer);
    std::vector<const tc::case_info*> usual;
    std::vector<std::size_t> usual_index;
    for (std::size_t i = 0; i < selected.size(); ++i)
      if (!plan.instead[i]) {
        usual.push_back(selected[i]);
        usual_index.push_back(i);
      }

    // The cases of one part of the run (positions in `usual`): all, those the sweep runs (swept) or the
    // others (unswept). The parent and its isolated children split alike, so a child's case indices are
    // positions in the part it was given.
    auto part_of = [&](const std::string& part) {
      std::vector<std::size_t> positions;
      for (std::size_t k = 0; k < usual.size(); ++k)
        if (part == "all" || tc::runs_swept(*usual[k], backend, settings) == (part == "swept")) positions.push_back(k);
      return positions;
    };

    if (child_from >= 0) {
      // The isolated child: run and report, nothing else on stdout.
      const std::vector<std::size_t> mine = part_of(child_part);
      for (std::size_t i = static_cast<std::size_t>(child_from); i < mine.size(); i += std::max<std::size_t>(1, child_stride)) {
        const std::string start = "start " + std::to_string(i) + "\n";
        if (write(tc::protocol_fd, start.data(), start.size()) < 0) return 3;
        const std::string done = "done " + tc::to_json_line(tc::run_case(*usual[mine[i]], backend, settings, expectations), blobs) + "\n";
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
    // The GPUs the cases spread over: all those found, the first --gpus N, or the one named by ctest's
    // resource group or TESSERA_DEFAULT_ACCELERATOR (then --gpus is not given).
    std::vector<tc::stream_device> devices;
    if (const auto found = gpus_of(backend); !found.empty()) {
      const std::string chosen = backend.view().get_accelerator().get_device_path();
      const char* named = std::getenv("TESSERA_DEFAULT_ACCELERATOR");
      const bool pinned = pinned_by_ctest || (app.count("--gpus") == 0 && named != nullptr && chosen == named);
      if (pinned) {
        for (const auto& g : found)
          if (g.path == chosen) devices.push_back(g);
      } else {
        devices = tc::choose_devices(found, gpus);
      }
    }
    if (backend.unavailable_reason().empty()) results.device = backend.view().get_accelerator().get_description();
    if (devices.size() > 1) {
      // "2 GPUs: cuda:0 NVIDIA H100 80GB HBM3 (sm_90), cuda:1 NVIDIA H100 80GB HBM3 (sm_90)"
      results.device = std::to_string(devices.size()) + " GPUs:";
      for (std::size_t k = 0; k < devices.size(); ++k) results.device += (k ? ", " : " ") + devices[k].path + " " + devices[k].name;
    }
    results.cases.resize(selected.size());
    const auto begin = std::chrono::steady_clock::now();
    // A backend that cannot run here: one line saying so, not a line of `skip` per case.
    const std::string unavailable = backend.unavailable_reason();
    if (!unavailable.empty())
      std::printf("%s: not run: %s (%zu cases skipped)\n", backend.name.c_str(), unavailable.c_str(), selected.size());
    const unsigned case_jobs = jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
    const bool jobs_apply = backend.runs_emulator_checks && devices.empty() && !no_isolation && settings.sweep && case_jobs > 1;
    if (unavailable.empty() && !quiet)
      std::printf("%s: %zu cases, seed %llu%s%s%s\n", backend.name.c_str(), selected.size(), static_cast<unsigned long long>(settings.seed),
                  backend.runs_emulator_checks ? (", " + std::to_string(results.workers) + " workers").c_str() : "",
                  devices.size() > 1 && !no_isolation ? (", spread over " + std::to_string(devices.size()) + " GPUs").c_str()
                  : devices.size() == 1               ? (", on " + devices.front().path + " (" + devices.front().name + ")").c_str()
                                                      : "",
                  jobs_apply ? ("; the swept cases " + std::to_string(case_jobs) + " at a time, untimed, then the others alone").c_str() : "");
    progress shown;
    shown.spread = devices.size() > 1 && !no_isolation;
    shown.total = selected.size();
    auto done = [&](std::size_t i, tc::case_record r) {
      shown.case_done(i, r, quiet || !unavailable.empty());
      results.cases[i] = std::move(r);
    };
    if (!quiet && !plan.note.empty()) std::printf("%s\n", plan.note.c_str());
    auto done_usual = [&](std::size_t k, tc::case_record r) { done(usual_index[k], std::move(r)); };
    if (no_isolation) {
      // In this process: on its default device only, which the records name where it is one of the GPUs.
      const std::string here = devices.empty() ? std::string() : backend.view().get_accelerator().get_device_path();
      for (std::size_t k = 0; k < usual.size(); ++k) {
        tc::case_record r = tc::run_case(*usual[k], backend, settings, expectations);
        for (const auto& d : devices)
          if (d.path == here) r.device = d.path, r.device_name = d.name;
        done_usual(k, std::move(r));
      }
    } else {
      std::vector<std::string> child_args;
      for (const auto& f : filters) child_args.insert(child_args.end(), {"--filter", f});
      child_args.insert(child_args.end(), {"--seed", std::to_string(settings.seed), "--workers", std::to_string(settings.workers),
                                           "--orders", std::to_string(settings.orders),
                                           "--repeat", std::to_string(settings.repeat), "--expectations", expectations_file});
      if (no_sweep) child_args.push_back("--no-sweep");
      child_args.insert(child_args.end(), {"--sanitizer", sanitizer.mode});
      child_args.insert(child_args.end(), {"--blobs", blobs.string()});
      // On an emulator, the swept cases (untimed) several at a time, then the others alone; elsewhere, or
      // with --jobs 1, every case in one stream per device.
      for (const std::string& part : jobs_apply ? std::vector<std::string>{"swept", "unswept"} : std::vector<std::string>{"all"}) {
        const std::vector<std::size_t> positions = part_of(part);
        std::vector<const tc::case_info*> cases;
        for (const std::size_t k : positions) cases.push_back(usual[k]);
        std::vector<std::string> args = child_args;
        args.insert(args.end(), {"--child-part", part});
        if (part == "swept") args.push_back("--untimed");
        tc::supervision how{self_path(), args, timeout, blobs, devices};
        how.streams = part == "swept" ? case_jobs : 1;
        tc::run_supervised(cases, how, [&](std::size_t i, tc::case_record r) { done_usual(positions[i], std::move(r)); });
      }
    }
    if (plan.active) {
      sanitizer.executable = self_path();
      sanitizer.child_args = {"--seed", std::to_string(settings.seed), "--expectations", expectations_file};
      if (!no_isolation) sanitizer.devices = devices;
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
    if (devices.size() > 1 && unavailable.empty()) {
      // "cuda per GPU: cuda:0 184 cases (184 passed, 0 failed); cuda:1 ..."
      std::string line;
      for (const auto& d : tc::cases_per_device(results.cases))
        line += (line.empty() ? "" : "; ") + d.device + " " + std::to_string(d.total()) + " cases (" + std::to_string(d.pass) + " passed, " +
                std::to_string(d.fail) + " failed)";
      std::printf("%s per GPU: %s\n", backend.name.c_str(), line.c_str());
    }
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
