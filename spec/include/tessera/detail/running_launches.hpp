// running_launches: whether a launch is in progress in this process.
//
// A backend that runs kernel code on the host (the emulator) runs a kernel's `arr[idx]` as host code, so
// an array that checks where it is touched from (array.hpp: CPU access type none, storage on an
// accelerator that runs no kernels) needs to tell kernel code from the program's own host code. While a
// launch is dispatched, element accesses are the kernel's. The count is process-wide, because the
// emulator runs a kernel on its worker threads, not on the thread that launched it; a program that reads
// an access_type_none array from another host thread while a kernel runs is not refused.
#pragma once

#include <tessera/detail/config.hpp>

namespace tessera::detail {

inline int running_launch_count = 0;

TESSERA_NOT_CHECKED inline bool launch_running() noexcept {
  return __atomic_load_n(&running_launch_count, __ATOMIC_ACQUIRE) != 0;
}

// Counts one launch for the lifetime of the scope (also when the launch throws).
class running_launch {
 public:
  TESSERA_NOT_CHECKED running_launch() noexcept { __atomic_fetch_add(&running_launch_count, 1, __ATOMIC_ACQ_REL); }
  TESSERA_NOT_CHECKED ~running_launch() { __atomic_fetch_sub(&running_launch_count, 1, __ATOMIC_ACQ_REL); }
  running_launch(const running_launch&) = delete;
  running_launch& operator=(const running_launch&) = delete;
};

}  // namespace tessera::detail
