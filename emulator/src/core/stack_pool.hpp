// stack_pool: the fiber stacks of one worker, made once and reused by every tile it runs.
//
// A fresh stack costs page faults on first touch (~17 us for 64 KiB), far more than running a small tile,
// so stacks live as long as the worker. Each has a guard region below it (guard pages inside the stacks'
// one mapping where the kernel has them, else PROT_NONE areas): kernel code that runs past its stack
// faults there, and the guard-page handler turns that into a stack_overflow failure.
// Stack tops are staggered by a cache line per stack so that the saved contexts of consecutive fibers do
// not alias in the L1 cache (same page offset), which measurably slows switching.
//
// The stacks lie in one mapping at one stride (stack_layout): the checks find the running thread's stack
// from the address of its own frame, with a multiplication instead of a lookup in memory the thread's
// tile has long pushed out of the cache.
#pragma once

#include "../checks/tile_threads.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::emulator::detail {

// Where the stacks lie (the checks' description of them, tile_threads.hpp): stack i's region, its guard
// then the stack, begins at base + i * stride.
using stack_layout = tile_threads::stack_regions;

struct fiber_stack {
  char* guard_begin;  // lowest address of the mapping: the guard region
  char* guard_end;    // == lowest usable stack address
  void* top;          // initial stack pointer (stacks grow down)
  std::size_t usable;  // bytes between guard_end and top
  std::size_t mapped;  // length of the whole mapping, guard included
};

class stack_pool {
 public:
  stack_pool() = default;
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;
  ~stack_pool();

  // Make sure `count` stacks of at least `bytes` each exist; returns them. The stacks there are are
  // replaced when more, or stacks of another size, are asked for.
  const std::vector<fiber_stack>& reserve(int count, std::size_t bytes) {
    if (bytes == bytes_ && static_cast<int>(stacks_.size()) >= count) return stacks_;  // every tile but the first
    return grow(count, bytes);
  }

  // Changes whenever stacks are unmapped (replaced by stacks of another size, or released after a size
  // that could not be mapped): fibers made on the old stacks must be made again.
  unsigned long generation() const noexcept { return generation_; }

  // Where the stacks reserve() returned lie.
  stack_layout layout() const noexcept { return layout_; }

  // True when addr lies in a guard region of this pool (async-signal-safe).
  bool in_guard(const void* addr) const noexcept;

 private:
  const std::vector<fiber_stack>& grow(int count, std::size_t bytes);
  void release_all() noexcept;

  std::vector<fiber_stack> stacks_;
  std::size_t bytes_ = 0;
  stack_layout layout_{};
  unsigned long generation_ = 0;
};

}  // namespace tessera::emulator::detail
