// tile_threads: what the checks ask of the tile that runs, answered by the tile runner in the emulator's
// core. An interface here, so that checks/ includes nothing of the core.
//
// Every access asks which kernel thread runs and on which stack (its own stack is never shared). The
// thread is the runner's own variable, read through a reference taken once per tile; its stack is worked
// out from the address of its own frame, with the layout asked once per tile, when another thread runs.
// The runner's switch pays nothing for the checks.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class tile_threads {
 public:
  // The kernel thread on the CPU (its local index, linearized; -1 while the worker itself runs): the
  // runner's variable, current whenever it is read.
  virtual const int& running_thread() const noexcept = 0;
  // Where the tile's threads' stacks lie: region i (a guard, then the stack) begins at base + i * stride,
  // and an address a on a stack is in region ((a - base) * reciprocal) >> 64 (reciprocal: ceil(2^64 /
  // stride)). An address on a thread's stack (its frame) gives the stack, no lookup.
  struct stack_regions {
    std::uintptr_t base;
    std::size_t stride;
    std::size_t guard_bytes;
    std::uint64_t reciprocal;
  };
  virtual stack_regions stacks() const noexcept = 0;
  // Threads per tile.
  virtual int threads() const noexcept = 0;
  // The thread has stopped for this phase (parked at a barrier, finished or failed: it changes no memory
  // until the phase turns) / is polling (queued again in this phase by yield_polling).
  virtual bool stopped(int thread) const noexcept = 0;
  virtual bool polling(int thread) const noexcept = 0;
  // The running thread polls memory without a barrier: the other threads of the phase run (until they
  // stop) before it goes on.
  virtual void yield_polling() = 0;

 protected:
  ~tile_threads() = default;
};

}  // namespace tessera::emulator::detail
