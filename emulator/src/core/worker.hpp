// worker: what one emulator thread keeps between tiles: its fiber stacks, its tile runner, the compiled
// path's runner, and the checks' monitor for the points of non-tiled launches it runs.
#pragma once

#include "division_by_zero.hpp"
#include "guard_page_handler.hpp"
#include "phase_runner.hpp"
#include "stack_pool.hpp"
#include "tile_runner.hpp"

namespace tessera::emulator::detail {

struct worker {
  stack_pool stacks;
  tile_runner runner{stacks};
  phase_runner phases;  // kernels rewritten for the compiled path
  access_monitor points;

  static worker& here() {
    thread_local worker w;
    return w;
  }

 private:
  worker() {
    prepare_guard_page_handling();
    prepare_division_by_zero_handling();
  }
};

}  // namespace tessera::emulator::detail
