#include "sanitizer_pass.hpp"

#include "sanitizer_verdict.hpp"

#include <tessera/conformance/suite.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <thread>

namespace tessera::conformance {

unsigned default_sanitizer_jobs() { return std::clamp(std::thread::hardware_concurrency(), 1u, 8u); }

namespace {

bool diagnostic(const case_info& c) {
  return c.expect.outcome == expected_outcome::hazard || c.expect.outcome == expected_outcome::divergence ||
         c.expect.outcome == expected_outcome::out_of_bounds;
}

// A diagnostic case whose kernel may never finish on a GPU: threads waiting at a barrier others skip,
// spinning on a flag nobody sets, or one the backend's list says hangs there (`hangs:`). Such cases run in
// batches of their own, in slots of their own, under the shorter hang limit (sanitizer_job::may_hang):
// among the others, a hang would hold the cases after it up to the time limit.
bool may_hang(const case_info& c, const expectation_list& expectations) {
  return c.expect.outcome == expected_outcome::divergence || describe(c.expect).find("spin-wait") != std::string::npos ||
         expectations.hangs(c).has_value();
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
  // Cases run in batches, by tool: those that may hang (first: a hang should start early), the other
  // diagnostic ones (they have not run on the GPU yet) and correct kernels.
  std::map<std::string, std::vector<std::size_t>> hanging, diagnostics, correct;
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
      for (const auto& t : tools) (may_hang(c, expectations) ? hanging : diagnostics)[t].push_back(i);
      pending[i] = tools.size();
    } else if (plan.also[i] && records[i].status == case_status::pass) {
      for (const auto& t : sanitizer_tools_for_correct_kernels()) correct[t].push_back(i);
      pending[i] = sanitizer_tools_for_correct_kernels().size();
    }
  }
  // One process per batch and tool: a process's start costs more than most cases, and the processes wait
  // on each other as they start CUDA, whatever the GPUs (measured on an H100: one racecheck process of one
  // case 0.35 s alone, 4.2 s each when 16 start at once; 24 cases in one process 1.7 s; on 4 H200s the
  // program alone, 16 at once, about 5 s each however spread over the GPUs).
  // Batches stay small all the same: a diagnostic case's finding can depend on the cases before it in its
  // process (in batches of 178, memcheck missed three out-of-bounds stores that landed in memory earlier
  // cases had allocated; conformance/README.md, "On every GPU of a host").
  const unsigned width = how.jobs ? how.jobs : default_sanitizer_jobs();
  std::vector<sanitizer_job> jobs;
  for (const auto* by_tool : {&hanging, &diagnostics, &correct})
    for (const auto& [tool, cases] : *by_tool) {
      const std::size_t per_batch = how.batch ? how.batch : std::clamp<std::size_t>((cases.size() + width - 1) / std::max(1u, width), 1, 64);
      for (std::size_t k = 0; k < cases.size(); k += per_batch) {
        sanitizer_job job{{}, {}, tool, by_tool == &hanging};
        for (std::size_t m = k; m < std::min(cases.size(), k + per_batch); ++m) {
          job.indices.push_back(cases[m]);
          job.ids.push_back(id_of(*selected[cases[m]]));
        }
        jobs.push_back(std::move(job));
      }
    }
  sanitizer_settings settings{plan.program, how.executable, how.child_args, how.timeout_seconds, how.hang_seconds,
                              width, how.work, {}};
  for (const auto& d : how.devices) settings.devices.push_back(d.path);
  std::map<std::size_t, std::vector<sanitizer_run>> runs;
  std::map<std::size_t, std::string> ran_on;  // the device of a case's first tool, for the cases run only there
  run_sanitizer_jobs(jobs, settings, [&](std::size_t index, sanitizer_run run, const std::string& device) {
    runs[index].push_back(std::move(run));
    if (!device.empty() && !ran_on.count(index)) ran_on[index] = device;
    if (--pending[index] != 0) return;
    const case_info& c = *selected[index];
    case_record& r = records[index];
    // Tools in a fixed order, whatever order they ended in.
    auto& mine = runs[index];
    std::stable_sort(mine.begin(), mine.end(), [](const sanitizer_run& a, const sanitizer_run& b) { return a.tool < b.tool; });
    const auto j = judge_sanitizer(c, mine, expectations.sanitizer_false_alarm(c));
    for (const auto& run : mine) r.seconds += run.seconds;
    r.sanitizer = std::move(mine);
    r.sanitizer_verdict = j.verdict;
    if (plan.instead[index]) {
      r.status = j.failed ? case_status::fail : case_status::pass;
      r.message = j.message;
      // A diagnostic case ran only under the sanitizer: the record names the GPU that ran it there.
      for (const auto& d : how.devices)
        if (ran_on.count(index) && d.path == ran_on[index]) r.device = d.path, r.device_name = d.name;
    } else if (j.failed) {
      r.status = case_status::fail;
      r.message = j.message;
    }
    finished(index);
  });
}

int run_sanitized_cases(const std::vector<const case_info*>& all, const std::vector<std::string>& ids, const backend_target& backend,
                        const run_settings& settings) {
  std::vector<const case_info*> chosen;
  for (const auto& id : ids) {
    const auto it = std::find_if(all.begin(), all.end(), [&](const case_info* c) { return id_of(*c) == id; });
    if (it == all.end()) {
      std::fprintf(stderr, "error: no case %s\n", id.c_str());
      return 2;
    }
    chosen.push_back(*it);
  }
  // The device is made ready (on a GPU: its context) before the first case begins, so that a case's time
  // limit, counted from its begin line, is not spent on the start of CUDA, slow when many processes start
  // at once. After each case it must still run work: a fault the tool stopped may have ended the program's
  // GPU work (an imprecise fault ends the context), and the cases after it would run nothing.
  auto device_unusable = [&]() -> std::string {
    for (int attempt = 0;; ++attempt) {
      try {
        backend.view().wait();
        return {};
      } catch (const std::exception& e) {
        // An error of an earlier launch is reported once; one that stays is the device's.
        if (attempt == 1) return e.what();
      }
    }
  };
  for (std::size_t k = 0; k <= chosen.size(); ++k) {
    if (const std::string why = device_unusable(); !why.empty()) {
      std::printf("%s%s\n", sanitizer_device_lost, why.c_str());
      std::fflush(stdout);
      return 0;
    }
    if (k == chosen.size()) break;
    std::printf("%s%s\n", sanitizer_case_begins, id_of(*chosen[k]).c_str());
    std::fflush(stdout);
    run_body_once(*chosen[k], backend, settings);
    std::printf("%s%s\n", sanitizer_case_ends, id_of(*chosen[k]).c_str());
    std::fflush(stdout);
  }
  return 0;
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
