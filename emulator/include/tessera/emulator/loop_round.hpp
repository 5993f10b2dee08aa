// loop_round: which round of the loops around a barrier a kernel thread is in, for the emulator's
// divergence check. A barrier of a GPU tile is one call site in one round of every loop around it, so
// threads that reach the same `wait` in different rounds (a `continue` that some of them take) wait at
// different barriers (BAR-6, BAR-7), though every thread waits there as often.
//
// Kernel sources never spell this. tessera-phases (tools/phases) wraps every loop of a tiled kernel that
// holds a barrier, in the copies of the source it compiles (the compiled path, tessera_phased_kernels, and
// the checked build, tessera_checked_kernels, where the tool is built), on the loop's own lines:
//
//   for (...) { ...; t.barrier.wait(); }
// becomes
//   { ::tessera::emulator::loop_round tessera_round_12_5(12); for (...) { tessera_round_12_5.next(); ...
//       t.barrier.wait(); } }
//
// Each object links itself into the running kernel thread's chain of loops, which the tile's runner keeps
// per thread (detail::running_loop_rounds), and a barrier compares the chain's rounds (round_key) across
// the tile's threads as it compares their call sites.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::emulator {

class loop_round;

namespace detail {
// Where the running kernel thread's innermost loop_round is kept by its tile's runner; null outside
// tiled kernels.
loop_round** running_loop_rounds() noexcept;
}  // namespace detail

class loop_round {
 public:
  // Out of line, in the emulator: linking into the runner's chain writes the runner's memory, which the
  // checked build's instrumentation would take for the kernel reaching host memory.
  explicit loop_round(int line) noexcept;
  ~loop_round();
  loop_round(const loop_round&) = delete;
  loop_round& operator=(const loop_round&) = delete;

  // The loop's body begins again (its first statement): rounds count from 1.
  void next() noexcept { ++round_; }

  int line() const noexcept { return line_; }
  std::uint32_t round() const noexcept { return round_; }
  const loop_round* outer() const noexcept { return outer_; }

 private:
  int line_;
  std::uint32_t round_ = 0;
  loop_round** head_;
  loop_round* outer_ = nullptr;
};

// The rounds of a chain of loops as one number: equal for two threads in the same round of the same loops
// (0: no loop).
inline std::uint64_t round_key(const loop_round* innermost) noexcept {
  std::uint64_t key = 0;
  for (const loop_round* l = innermost; l != nullptr; l = l->outer())
    key = (key ^ ((std::uint64_t{l->round()} << 24) ^ static_cast<std::uint32_t>(l->line()))) * 0x100000001b3ULL + 1;
  return key;
}

// "round 2 of the loop at line 14, round 1 of the loop at line 9": innermost first.
inline std::string rounds_text(const loop_round* innermost) {
  std::string text;
  for (const loop_round* l = innermost; l != nullptr; l = l->outer())
    text += (text.empty() ? "" : ", ") + std::string("round ") + std::to_string(l->round()) + " of the loop at line " +
            std::to_string(l->line());
  return text;
}

}  // namespace tessera::emulator
