// phased: a tiled kernel as the emulator's compiled path runs it - each kernel thread a C++20 coroutine
// that suspends at every barrier, so that a tile runs phase by phase as a loop over its threads, with no
// stack or context switch per thread (emulator/src/core/phase_runner.hpp).
//
// Kernel sources never spell this. tessera-phases (tools/phases) rewrites a tiled kernel whose barriers
// all sit in its own body and that cannot be tile loops (looped.hpp: its threads may take different ways
// through its barriers), in a copy of the source compiled for a target that asks for it
// (tessera_phased_kernels, cmake/TesseraHelpers.cmake):
//
//   [=] restrict_amp (tiled_index<16, 16> t) { ... t.barrier.wait(); ... }
// becomes
//   [=] restrict_amp (tiled_index<16, 16> t, ::tessera::emulator::coroutine_kernel = {}) -> ::tessera::emulator::phased { ...
//       co_await ::tessera::emulator::phase_end<::tessera::memory_scope::all_memory>(t.barrier); ... }
//
// Each loop of the kernel that holds a barrier counts its rounds too (loop_round.hpp). The copy keeps every
// line where it was, so barrier sites and reports name the original lines. The fiber
// path stays the reference: a kernel the tool leaves alone runs there, as do all kernels built with the
// checks (tessera_checked_kernels).
#pragma once

#include <tessera/emulator/loop_round.hpp>
#include <tessera/memory_scope.hpp>
#include <tessera/tile_barrier.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <source_location>
#include <type_traits>
#include <utility>

namespace tessera::emulator {

namespace detail {

// Frames of a tile's coroutines come from the running worker's arena, bumped per thread and released all
// at once when the tile ends; outside the phase runner this throws unsupported_feature.
void* phase_frame_allocate(std::size_t bytes);
// An exception escaped the kernel thread being resumed: the runner keeps it for the tile's report.
void phase_thread_threw(std::exception_ptr error) noexcept;

enum class phase_stop : unsigned char { running, at_barrier, finished, threw };

// Where one kernel thread stopped in the phase that just ran: what the runner reads after each resume.
// Small on purpose: a tile's frames are walked once per phase, and all of them should stay in the L1 cache.
struct phase_state {
  phase_stop stop = phase_stop::running;
  memory_scope scope = memory_scope::all_memory;
  std::source_location site;  // the barrier's call, with its column: two barriers on one line are two (BAR-6)
  std::uint64_t rounds = 0;   // round_key of the loops around it: one call in two rounds is two barriers
};
// A finished thread's frame is dropped without a destructor call (phase_runner.cpp).
static_assert(std::is_trivially_destructible_v<phase_state>);

}  // namespace detail

// The type of a rewritten kernel's second parameter, with a default: it gives the kernel's call operator a
// name apart from the same kernel's as written or in tile loops (a return type is not part of the name),
// so that sources that rewrote a header's kernel differently link as different functions.
struct coroutine_kernel {};

// The return type of a rewritten kernel: owns one kernel thread's coroutine until the runner takes it.
class phased {
 public:
  struct promise_type : detail::phase_state {
    phased get_return_object() noexcept { return phased(std::coroutine_handle<promise_type>::from_promise(*this)); }
    // A thread starts when the runner first resumes it, in its phase order.
    std::suspend_always initial_suspend() const noexcept { return {}; }
    // The frame stays until the tile ends, so the runner can read how the thread stopped.
    std::suspend_always final_suspend() const noexcept { return {}; }
    void return_void() noexcept { stop = detail::phase_stop::finished; }
    void unhandled_exception() noexcept {
      stop = detail::phase_stop::threw;
      detail::phase_thread_threw(std::current_exception());
    }
    static void* operator new(std::size_t bytes) { return detail::phase_frame_allocate(bytes); }
    static void operator delete(void*, std::size_t) noexcept {}  // the arena frees the tile's frames at once
  };
  using handle = std::coroutine_handle<promise_type>;

  explicit phased(handle h) noexcept : h_(h) {}
  phased(phased&& other) noexcept : h_(std::exchange(other.h_, {})) {}
  phased& operator=(phased&&) = delete;
  ~phased() {
    if (h_) h_.destroy();
  }
  // The runner's: the thread's coroutine, no longer destroyed here.
  handle release() noexcept { return std::exchange(h_, {}); }

 private:
  handle h_;
};

// `co_await` at a rewritten barrier: the thread stops for this phase and records where. It lives in the
// frame across the suspension, so it holds one pointer.
template <memory_scope Scope>
class phase_barrier {
 public:
  explicit constexpr phase_barrier(std::source_location site) noexcept : site_(site) {}
  constexpr bool await_ready() const noexcept { return false; }
  void await_suspend(phased::handle h) const noexcept {
    phased::promise_type& p = h.promise();
    p.stop = detail::phase_stop::at_barrier;
    p.scope = Scope;
    p.site = site_;
    loop_round** loops = detail::running_loop_rounds();
    p.rounds = round_key(loops != nullptr ? *loops : nullptr);
  }
  constexpr void await_resume() const noexcept {}

 private:
  std::source_location site_;
};

// The barrier named in the kernel's code is evaluated, as the call it replaces evaluated it.
template <memory_scope Scope>
phase_barrier<Scope> phase_end(const tile_barrier&, std::source_location site = std::source_location::current()) noexcept {
  return phase_barrier<Scope>(site);
}

}  // namespace tessera::emulator
