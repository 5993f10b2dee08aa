// Runs one case on this executor's backend and judges it: the body under its expectation, at one
// emulator configuration or (diagnostic cases on the emulator) at several, then timing samples.
#pragma once

#include "backend_target.hpp"
#include "expectation_list.hpp"

#include <tessera/conformance/case_info.hpp>
#include <tessera/conformance/results.hpp>

#include <cstdint>

namespace tessera::conformance {

struct run_settings {
  std::uint64_t seed = 20261122;  // inputs (mixed with each case's id) and the emulator's thread order
  unsigned workers = 0;           // emulator workers; 0: one per hardware thread
  unsigned repeat = 1;            // timing samples of a passing positive case (the first run is one)
  bool sweep = true;              // on the emulator, diagnostic cases and the hazard corpus run at
                                  // workers 1/2/8 x seeds 0/1/seed
  unsigned orders = 4;            // thread orders each launch of a swept case tries (TESSERA_SEEDS)
  bool timed = true;              // false: no timing samples (the case runs beside others: its times
                                  // would measure them too)
};

// Whether the case runs at every configuration of the sweep on this backend: a diagnostic case or a
// kernel of the hazard corpus, on an emulator, with the sweep on.
bool runs_swept(const case_info& c, const backend_target& backend, const run_settings& settings);

case_record run_case(const case_info& c, const backend_target& backend, const run_settings& settings,
                     const expectation_list& expectations);

// Runs the case's body once at the run's seed, unjudged, dropping what it throws: what compute-sanitizer
// watches (sanitizer_runner.hpp) is the kernels, not the verdict.
void run_body_once(const case_info& c, const backend_target& backend, const run_settings& settings);

// A case's record before it ran: its id, clauses, expectation and source.
case_record record_for(const case_info& c);

// The seed of one case: the run's seed mixed with its id, so every case gets its own inputs, the same
// on every backend and machine.
std::uint64_t case_seed(std::uint64_t run_seed, const std::string& id);

// A case's source path as the results show it: relative to the repository when inside it.
std::string display_path(const std::string& file);

}  // namespace tessera::conformance
