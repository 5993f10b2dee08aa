// What a launch throws when its kernel misbehaves.
//
// The spec leaves these cases undefined (BAR-8, AV-8, ERR-1); Tessera turns each into a typed exception at
// the parallel_for_each call site so that a test can assert on it and the host program goes on.
#pragma once

#include <tessera/exceptions.hpp>
#include <tessera/hazard_types.hpp>

#include <string>
#include <vector>

namespace tessera {

// Base of every failure that happened inside kernel code.
class kernel_failure : public runtime_exception {
 public:
  using runtime_exception::runtime_exception;
};

// Kernel code threw. The original exception is nested (std::rethrow_if_nested) and what() names it and
// the thread that threw.
class kernel_exception : public kernel_failure, public std::nested_exception {
 public:
  using kernel_failure::kernel_failure;
};

// Kernel code ran past the end of its fiber's stack (a guard page was hit).
class stack_overflow : public kernel_failure {
 public:
  using kernel_failure::kernel_failure;
};

// An array or array_view was indexed outside its extent (AV-8, ARR-6).
// what() names the index, the extent and the view's type, and (from the emulator) the kernel's file:line
// and thread; call_stack() holds the code addresses the site was found from.
class out_of_bounds : public kernel_failure {
 public:
  explicit out_of_bounds(std::string message, std::vector<const void*> call_stack = {})
      : kernel_failure(std::move(message)), call_stack_(std::move(call_stack)) {}
  const std::vector<const void*>& call_stack() const noexcept { return call_stack_; }

 private:
  std::vector<const void*> call_stack_;
};

// Threads of one tile did not all reach the same barrier (BAR-6, U1). Each group lists the threads that
// stopped at one place: a barrier call site, or the end of the kernel.
class barrier_divergence : public kernel_failure {
 public:
  struct group {
    std::string site;                 // "file:line (wait)" or "end of kernel"
    std::vector<std::string> locals;  // local indices, in thread order, e.g. "(0,1)"
  };

  barrier_divergence(std::string message, std::string tile, std::vector<group> groups)
      : kernel_failure(std::move(message)), tile_(std::move(tile)), groups_(std::move(groups)) {}

  const std::string& tile() const noexcept { return tile_; }
  const std::vector<group>& groups() const noexcept { return groups_; }

 private:
  std::string tile_;
  std::vector<group> groups_;
};

// Memory hazards found by the emulator's checks in kernels built with tessera_checked_kernels()
// (docs/checks.md): data races on tile_static and global memory (MEM-3..MEM-6, MEM-9, BAR-11, U2..U6),
// reads of tile_static bytes no thread of the tile wrote (TS-4, U7), kernel access to host memory no view
// holds, tile_static use beyond 32 KiB (TS-7), and spin-waits without a barrier (BAR-9, U15). One entry
// per pair of source sites, in a deterministic order.
//
// Every finding is typed (hazard_kind, memory_space, memory_op, source_line: hazard_types.hpp); the
// strings beside those fields are the same values as reports write them.
class hazard_detected : public kernel_failure {
 public:
  struct access {
    std::string site;    // "file:line" of the instrumented access
    std::string thread;  // "tile (0) local (3) global (3)"
    std::string kind;    // "read", "write" or "atomic"
    source_line line;    // the site, typed (line 0: the code has no line information)
    memory_op op = memory_op::read;  // the kind, typed
  };
  struct hazard {
    std::string kind;      // "read after write", "write after read", "write after write",
                           // "write next to atomic", "uninitialized read", "race between tiles",
                           // "race between threads" (non-tiled launches), "tile_static over budget",
                           // "host memory access", "spin-wait without a barrier"
    std::string memory;    // "tile_static", "global" or "host"
    std::size_t offset;    // byte offset: in the tile's tile_static storage, in the view's buffer, or the
                           // host address
    std::string location;  // the memory named: "tile_static `s`, byte 12", "element 5 of captured view 2
                           // (tessera::array_view<float, 1>)", "host memory at 0x..."
    std::string interval;  // the barrier interval of the (second) access: "interval 2 of the tile, since the
                           // barrier at k.cpp:20"; empty where barriers do not apply
    access first;          // the earlier access (the only one for single-access findings)
    access second;         // the later, conflicting access (empty for single-access findings)

    hazard_kind type = hazard_kind::read_after_write;   // kind, typed
    memory_space space = memory_space::global_memory;  // memory, typed
    int interval_number = -1;     // interval, typed: -1 where barriers do not apply
    source_line interval_barrier;  // the barrier that opened it; empty: the start of the kernel

    bool has_second() const noexcept { return !second.site.empty(); }
  };

  hazard_detected(std::string message, std::vector<hazard> hazards)
      : kernel_failure(std::move(message)), hazards_(std::move(hazards)) {}
  const std::vector<hazard>& hazards() const noexcept { return hazards_; }

 private:
  std::vector<hazard> hazards_;
};

}  // namespace tessera
