#include "case_runner.hpp"

#include "judge.hpp"
#include "registry.hpp"
#include "throw_sites.hpp"

#include <tessera/detail/launch_observer.hpp>
#include <tessera/kernel_failures.hpp>

#include <algorithm>
#include <chrono>
#include <string_view>
#include <thread>
#include <typeinfo>

namespace tessera::conformance {

namespace {

using clock_type = std::chrono::steady_clock;

// Adds up the wall time of every launch of the body; on an asynchronous backend it waits for the view
// at the end of each launch, so a sample is kernel time, not queueing time.
struct launch_clock {
  bool wait_for_device;
  clock_type::time_point started;
  double total_ns = 0;

  static void on_start(void* self, const accelerator_view&) { static_cast<launch_clock*>(self)->started = clock_type::now(); }
  static void on_finish(void* self, const accelerator_view& where) {
    auto* me = static_cast<launch_clock*>(self);
    if (me->wait_for_device) {
      try {
        where.wait();
      } catch (...) {
        // A fault surfaces again at the body's next synchronize, where the case sees it.
      }
    }
    me->total_ns += std::chrono::duration<double, std::nano>(clock_type::now() - me->started).count();
  }
};

// One run of the body: what it did, for the judge, and the wall time of its launches.
struct run_result {
  observed seen;
  double launch_ns = 0;
  std::vector<output> outputs;
  std::string skipped;  // the body called ctx.skip(): why
};

run_result run_body(const case_info& c, const backend_target& backend, std::uint64_t seed) {
  run_result r;
  observed& o = r.seen;
  launch_clock clock{!backend.runs_emulator_checks, {}, 0};
  const tessera::detail::launch_observer observer{&launch_clock::on_start, &launch_clock::on_finish, &clock};
  context ctx(backend.view(), backend.name, seed);
  const tessera::detail::launch_observer* previous = tessera::detail::current_launch_observer();
  tessera::detail::current_launch_observer() = &observer;
  record_throws();
  try {
    c.body(ctx);
  } catch (const case_skipped& s) {
    r.skipped = s.what();
  } catch (const std::exception& e) {
    o.threw = true;
    o.thrown = std::current_exception();
    o.type = detail::demangle(typeid(e).name());
    o.what = e.what();
    if (const auto* h = dynamic_cast<const hazard_detected*>(&e)) o.hazards = h->hazards();
  } catch (...) {
    o.threw = true;
    o.thrown = std::current_exception();
    o.type = "an exception of unknown type";
  }
  tessera::detail::current_launch_observer() = previous;
  // Where it was thrown from matters to exception cases only (symbolizing costs a line-table read).
  if (o.threw && c.expect.outcome == expected_outcome::exception) o.throw_sites = last_throw_sites();
  r.outputs = ctx.outputs();
  o.failures = ctx.failures();
  r.launch_ns = clock.total_ns;
  return r;
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : separator) + i;
  return s;
}

bool is_diagnostic(const expectation& e) {
  return e.outcome == expected_outcome::hazard || e.outcome == expected_outcome::divergence ||
         e.outcome == expected_outcome::out_of_bounds;
}

struct configuration {
  unsigned workers;
  std::uint64_t seed;
  unsigned orders;  // thread orders each launch tries: seed, seed+1, ...
  std::string text() const {
    return "workers " + std::to_string(workers) + " seed " + std::to_string(seed) + (orders > 1 ? " orders " + std::to_string(orders) : "");
  }
};

}  // namespace

std::uint64_t case_seed(std::uint64_t run_seed, const std::string& id) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a over the id, then a splitmix64 finalizer
  for (unsigned char ch : id) h = (h ^ ch) * 1099511628211ull;
  std::uint64_t z = h ^ (run_seed + 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::string display_path(const std::string& file) {
#if defined(TESSERA_SOURCE_DIR)
  const std::string root = TESSERA_SOURCE_DIR "/";
  if (file.rfind(root, 0) == 0) return file.substr(root.size());
#endif
  return file;
}

void run_body_once(const case_info& c, const backend_target& backend, const run_settings& settings) {
  backend.configure(settings.workers, settings.seed, 1);
  (void)run_body(c, backend, case_seed(settings.seed, id_of(c)));
}

case_record record_for(const case_info& c) {
  case_record r;
  r.id = id_of(c);
  r.family = c.family;
  r.name = c.name;
  r.clauses = clauses_of(c);
  r.negative = c.expect.negative();
  r.expectation = describe(c.expect);
  r.file = display_path(c.file);
  r.line = c.line;
  return r;
}

bool runs_swept(const case_info& c, const backend_target& backend, const run_settings& settings) {
  return settings.sweep && backend.runs_emulator_checks && (is_diagnostic(c.expect) || std::string_view(c.family) == "hazards");
}

case_record run_case(const case_info& c, const backend_target& backend, const run_settings& settings,
                     const expectation_list& expectations) {
  const auto begin = clock_type::now();
  case_record r = record_for(c);
  auto finish = [&](case_status s, std::string message) {
    r.status = s;
    r.message = std::move(message);
    r.seconds = std::chrono::duration<double>(clock_type::now() - begin).count();
    return r;
  };

  if (const std::string why = backend.unavailable_reason(); !why.empty()) return finish(case_status::skip, why);
  if (const auto why = expectations.skip_reason(c)) return finish(case_status::skip, *why);
  if (is_diagnostic(c.expect) && !backend.runs_emulator_checks)
    return finish(case_status::fail, "a " + describe(c.expect) + " diagnostic comes from the emulator's checks, which " + backend.name +
                                         " does not have: list the case in conformance/expectations/" + backend.expectations_name +
                                         ".tsv with the reason");
  if (c.expect.outcome == expected_outcome::hazard && !backend.memory_checks)
    return finish(case_status::fail, "a " + describe(c.expect) + " diagnostic comes from the emulator's memory checks, which " + backend.name +
                                         " runs without: list the case in conformance/expectations/" + backend.expectations_name +
                                         ".tsv with the reason");

  std::vector<configuration> configs{{settings.workers ? settings.workers : std::thread::hardware_concurrency(), settings.seed, 1}};
  // Diagnostics must be the same at every worker count and thread order; the hazard corpus's correct
  // kernels must be clean at every one (a false positive at one schedule is still a false positive).
  // Each launch tries several orders (settings.orders), so a race that only some orders show is found in
  // every configuration.
  if (runs_swept(c, backend, settings)) {
    configs.clear();
    for (unsigned w : {1u, 2u, 8u})
      for (std::uint64_t s : {std::uint64_t{0}, std::uint64_t{1}, settings.seed}) configs.push_back({w, s, settings.orders});
  }

  const std::uint64_t inputs = case_seed(settings.seed, r.id);
  std::vector<double> samples;
  std::vector<std::string> failures;                      // distinct reasons, in order
  std::vector<std::vector<std::string>> failing_configs;  // where each happened
  for (std::size_t i = 0; i < configs.size(); ++i) {
    backend.configure(configs[i].workers, configs[i].seed, configs[i].orders);
    r.configurations.push_back(configs[i].text());
    const run_result run = run_body(c, backend, inputs);
    const observed& o = run.seen;
    if (!run.skipped.empty()) {
      backend.configure(settings.workers, settings.seed, 1);
      return finish(case_status::skip, run.skipped);
    }
    if (i == 0) {
      r.outputs = run.outputs;
      if (o.threw) r.diagnostic = o.type + ": " + o.what;
      if (settings.timed) samples.push_back(run.launch_ns);
    }
    if (std::string why = judge(c, o); !why.empty()) {
      if (failures.empty() && i != 0) r.diagnostic = o.threw ? o.type + ": " + o.what : std::string();
      const auto seen = std::find(failures.begin(), failures.end(), why);
      if (seen == failures.end()) {
        failures.push_back(std::move(why));
        failing_configs.push_back({configs[i].text()});
      } else {
        failing_configs[static_cast<std::size_t>(seen - failures.begin())].push_back(configs[i].text());
      }
    }
  }
  if (!failures.empty()) {
    backend.configure(settings.workers, settings.seed, 1);
    if (configs.size() > 1)
      for (std::size_t k = 0; k < failures.size(); ++k) failures[k] = "at " + join(failing_configs[k], "; ") + ": " + failures[k];
    return finish(case_status::fail, join(failures, "\n"));
  }

  if (!c.expect.negative() && settings.timed) {
    backend.configure(settings.workers, settings.seed, 1);
    for (unsigned k = 1; k < settings.repeat; ++k) samples.push_back(run_body(c, backend, inputs).launch_ns);
    r.timing = summarize(samples);
  }
  backend.configure(settings.workers, settings.seed, 1);
  return finish(case_status::pass, {});
}

}  // namespace tessera::conformance
