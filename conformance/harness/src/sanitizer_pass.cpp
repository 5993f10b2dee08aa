#include "sanitizer_pass.hpp"

#include "sanitizer_verdict.hpp"

#include <tessera/conformance/suite.hpp>

#include <map>
#include <thread>

namespace tessera::conformance {

namespace {

bool diagnostic(const case_info& c) {
  return c.expect.outcome == expected_outcome::hazard || c.expect.outcome == expected_outcome::divergence ||
         c.expect.outcome == expected_outcome::out_of_bounds;
}

}  // namespace

sanitizer_plan plan_sanitizer(const std::vector<const case_info*>& selected, const backend_target& backend,
                              const expectation_list& expectations, const sanitizer_pass_settings& how) {
  sanitizer_plan plan;
  plan.instead.assign(selected.size(), false);
  plan.also.assign(selected.size(), false);
  // The emulator has its own checks; a backend that cannot run here skips every case anyway.
  if (backend.runs_emulator_checks || how.mode == "off" || !backend.unavailable_reason().empty()) return plan;
  plan.program = find_compute_sanitizer();
  if (plan.program.empty()) {
    plan.note = "compute-sanitizer not run: not found beside nvcc, on PATH or in $TESSERA_COMPUTE_SANITIZER; diagnostic cases are "
                "skipped (conformance/expectations/" + backend.expectations_name + ".tsv says why)";
    return plan;
  }
  plan.active = true;
  std::size_t diagnostics = 0, correct = 0;
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const case_info& c = *selected[i];
    if (diagnostic(c)) {
      plan.instead[i] = true;
      ++diagnostics;
    } else if (c.expect.outcome == expected_outcome::pass && !expectations.skip_reason(c) &&
               (how.mode == "all" || (how.mode == "auto" && std::string(c.family) == "hazards"))) {
      plan.also[i] = true;
      ++correct;
    }
  }
  plan.note = "compute-sanitizer " + plan.program + ": " + std::to_string(diagnostics) + " diagnostic cases under the tool that can see their bug, " +
              std::to_string(correct) + " correct kernels under racecheck, memcheck and initcheck (--sanitizer " + how.mode + ")";
  return plan;
}

void run_sanitizer_pass(const std::vector<const case_info*>& selected, const sanitizer_plan& plan,
                        const expectation_list& expectations, const sanitizer_pass_settings& how,
                        std::vector<case_record>& records, const std::function<void(std::size_t)>& finished) {
  std::vector<sanitizer_job> jobs, later;
  std::map<std::size_t, std::size_t> pending;  // case index -> tools not yet done
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const case_info& c = *selected[i];
    if (plan.instead[i]) {
      records[i] = record_for(c);
      if (const auto why = expectations.skip_reason_with_sanitizer(c)) {
        records[i].status = case_status::skip;
        records[i].message = *why;
        finished(i);
        continue;
      }
      const auto tools = sanitizer_tools_for(describe(c.expect));
      if (tools.empty()) {
        records[i].status = case_status::skip;
        records[i].message = "no compute-sanitizer tool can see a " + describe(c.expect);
        records[i].sanitizer_verdict = "no tool";
        finished(i);
        continue;
      }
      for (const auto& t : tools) jobs.push_back({i, id_of(c), t});
      pending[i] = tools.size();
    } else if (plan.also[i] && records[i].status == case_status::pass) {
      const auto tools = sanitizer_tools_for_correct_kernels();
      for (const auto& t : tools) later.push_back({i, id_of(c), t});
      pending[i] = tools.size();
    }
  }
  // Diagnostic cases first: a kernel that hangs then waits out its limit beside the others' work.
  jobs.insert(jobs.end(), later.begin(), later.end());

  sanitizer_settings settings{plan.program, how.executable, how.child_args, how.timeout_seconds,
                              how.jobs ? how.jobs : std::max(1u, std::thread::hardware_concurrency()), how.work};
  std::map<std::size_t, std::vector<sanitizer_run>> runs;
  run_sanitizer_jobs(jobs, settings, [&](const sanitizer_job& job, sanitizer_run run) {
    runs[job.index].push_back(std::move(run));
    if (--pending[job.index] != 0) return;
    const case_info& c = *selected[job.index];
    case_record& r = records[job.index];
    // Tools in a fixed order, whatever order they ended in.
    auto& mine = runs[job.index];
    std::stable_sort(mine.begin(), mine.end(), [](const sanitizer_run& a, const sanitizer_run& b) { return a.tool < b.tool; });
    const auto j = judge_sanitizer(c, mine, expectations.sanitizer_false_alarm(c));
    for (const auto& run : mine) r.seconds += run.seconds;
    r.sanitizer = std::move(mine);
    r.sanitizer_verdict = j.verdict;
    if (plan.instead[job.index]) {
      r.status = j.failed ? case_status::fail : case_status::pass;
      r.message = j.message;
    } else if (j.failed) {
      r.status = case_status::fail;
      r.message = j.message;
    }
    finished(job.index);
  });
}

int run_sanitized_case(const std::vector<const case_info*>& all, const std::string& id, const backend_target& backend,
                       const run_settings& settings) {
  for (const case_info* c : all)
    if (id_of(*c) == id) {
      run_body_once(*c, backend, settings);
      return 0;
    }
  std::fprintf(stderr, "error: no case %s\n", id.c_str());
  return 2;
}

std::string sanitizer_summary(const std::vector<case_record>& records) {
  std::map<std::string, std::size_t> diagnostic, correct;
  std::size_t diagnostics = 0, corrects = 0;
  for (const auto& r : records) {
    if (r.sanitizer_verdict.empty()) continue;
    if (r.negative) {
      ++diagnostic[r.sanitizer_verdict];
      ++diagnostics;
    } else {
      ++correct[r.sanitizer_verdict];
      ++corrects;
    }
  }
  auto list = [](const std::map<std::string, std::size_t>& m) {
    std::string s;
    for (const auto& [verdict, n] : m) s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + verdict;
    return s.empty() ? std::string("none") : s;
  };
  return "compute-sanitizer: " + std::to_string(diagnostics) + " diagnostic cases (" + list(diagnostic) + "); " + std::to_string(corrects) +
         " correct kernels (" + list(correct) + ")";
}

}  // namespace tessera::conformance
