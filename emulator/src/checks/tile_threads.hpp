// tile_threads: what the checks ask of the tile that runs, answered by the tile runner in the emulator's
// core. An interface here, so that checks/ includes nothing of the core.
//
// Every access asks which kernel thread runs and on which stack (its own stack is never shared). The
// thread is the runner's own variable, read through a reference taken once per tile; its stack is asked
// for only when another thread runs. The runner's switch pays nothing for the checks.
#pragma once

#include <cstdint>
#include <utility>

namespace tessera::emulator::detail {

class tile_threads {
 public:
  // The kernel thread on the CPU (its local index, linearized; -1 while the worker itself runs): the
  // runner's variable, current whenever it is read.
  virtual const int& running_thread() const noexcept = 0;
  // The stack of a kernel thread of the running tile, [low, high): the same for the whole tile once the
  // thread has started.
  virtual std::pair<std::uintptr_t, std::uintptr_t> stack_of(int thread) const noexcept = 0;
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
