// What a launch's checks are asked to do, and how a check ends a thread's tile when it stops the launch.
#pragma once

#include <tessera/emulator/checks.hpp>

namespace tessera::emulator::detail {

// Thrown in a kernel thread to end its tile (or non-tiled range) when a check stops the launch.
struct check_stop {};

// What a launch's checks are asked to do (options, docs/checks.md).
struct check_config {
  check_set enabled;
  bool allow_same_value = false;
  bool stop_at_first = false;
};

}  // namespace tessera::emulator::detail
