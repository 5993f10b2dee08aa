// The emulator as the backend under test: the reference every other backend is diffed against. Built
// four times: as itself, its cases' kernels instrumented for the memory checks and run on fibers; as the
// emulator's compiled path (TESSERA_CONFORMANCE_PHASED: the cases built through tessera-phases, without
// the instrumentation, so no memory checks); as the checked compiled path (TESSERA_CONFORMANCE_PHASED_CHECKED:
// instrumented, and through tessera-phases --checked: kernels in tile loops checked there, the others on
// fibers); and (TESSERA_TEST_BREAK_BACKEND) as the deliberately broken emulator that proves the differ
// catches a wrong backend.
#include "backend_target.hpp"

#include <tessera/emulator/options.hpp>

#include <cstdlib>

namespace tessera::conformance {

namespace {
// The suite's multi-accelerator cases (conformance/cases/acc/several_accelerators.cpp) run on two
// emulated devices unless TESSERA_EMULATOR_DEVICES says otherwise; the other cases run on emulator:0,
// which behaves exactly as the one "emulator" device does. Set before main(), before
// anything lists the devices (the registry lists them on first use).
const bool two_emulated_devices = [] {
  setenv("TESSERA_EMULATOR_DEVICES", "2", 0);
  return true;
}();
}  // namespace

const backend_target& this_backend() {
  static const backend_target target{
#if defined(TESSERA_TEST_BREAK_BACKEND)
      "emulator-broken", "emulator", true, true,
#elif defined(TESSERA_CONFORMANCE_PHASED)
      // Hazard cases are skipped by its expectation list: their kernels have no instrumentation here.
      "emulator-phased", "emulator-phased", true, false,
#elif defined(TESSERA_CONFORMANCE_PHASED_CHECKED)
      "emulator-phased-checked", "emulator-phased-checked", true, true,
#else
      "emulator", "emulator", true, true,
#endif
      [] { return std::string(); },
      [] { return accelerator(accelerator::emulator_accelerator).get_default_view(); },
      [](unsigned workers, std::uint64_t seed, unsigned orders) {
        // Every check on, in report mode, whatever TESSERA_CHECKS* say: a case's verdict must not depend
        // on the environment it runs in.
        emulator::options o = emulator::get_options();
        o.workers = workers;
        o.seed = seed;
        o.seeds = orders;
        o.checks = emulator::check_mode::report;
        o.enabled_checks = emulator::check_set();
        o.allow_same_value = false;
        emulator::set_options(o);
      },
      TESSERA_CONFORMANCE_HOST_COMPILER};
  return target;
}

}  // namespace tessera::conformance
