// kernel_failure_report: the words for what a launch throws when kernel code fails — barrier divergence,
// an exception that escaped kernel code, a stack overflow — written here and nowhere else. The tile
// runner and the scheduler say what happened, as data (where each thread stopped, which thread threw);
// this file says it to the user, with the fix.
#pragma once

#include <tessera/emulator/launch.hpp>
#include <tessera/hazard_types.hpp>
#include <tessera/memory_scope.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

namespace tessera::emulator::detail {

// Where one thread of a divergent tile stopped: at the end of the kernel, or at a barrier call (its
// variant; when the tile's threads wait at one line from different places, the call's column and the
// places it was called through, innermost first).
struct thread_stop {
  bool at_end = false;
  source_line call;
  memory_scope scope = memory_scope::all_memory;
  bool name_column = false;
  std::vector<source_line> callers;
  std::string rounds;  // the rounds of the loops around the barrier, when threads wait in different ones
};
// barrier_divergence (BAR-6): the threads grouped by where they stopped, in thread order.
std::exception_ptr divergence_error(const tiled_launch& l, std::int64_t tile, const std::vector<thread_stop>& threads);

// An exception that escaped kernel code. Tessera's own kernel diagnostics keep their type and gain the
// thread's name; anything else becomes kernel_exception with the original nested (ERR-1: kernels cannot
// throw on a GPU, so the emulator reports it at the call site). `thrown` must not be null; `where` names
// the thread ("tile (0) local (3) global (3)").
std::exception_ptr kernel_threw(std::exception_ptr thrown, const std::string& where);

// stack_overflow: thread `local` of `tile` ran past its `stack_bytes` of stack.
std::exception_ptr stack_overflow_error(const tiled_launch& l, std::int64_t tile, int local, std::size_t stack_bytes);

}  // namespace tessera::emulator::detail
