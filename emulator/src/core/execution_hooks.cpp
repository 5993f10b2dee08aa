// The emulator's side of tessera/detail/execution_hooks.hpp: what tile_barrier and the fences do when
// kernel code runs on the host.
#include "phase_runner.hpp"
#include "tile_runner.hpp"

#include <tessera/detail/execution_hooks.hpp>
#include <tessera/exceptions.hpp>

#include <string>

namespace tessera::detail {
namespace {

[[noreturn, gnu::noinline, gnu::cold]] void outside_tiled_kernel(const char* what, source_site site) {
  throw unsupported_feature(std::string(what) + " called outside a tiled kernel at " + site.file + ":" +
                            std::to_string(site.line) +
                            " (BAR-10); barriers and fences exist only in code run by parallel_for_each over a tiled_extent");
}

// A kernel rewritten for the compiled path waits with co_await in its own body (phased.hpp); a wait that
// reaches this function from there sits in code the rewrite could not turn into a coroutine.
[[noreturn, gnu::noinline, gnu::cold]] void wait_without_fiber(source_site site) {
  if (emulator::detail::phase_runner::current() == nullptr) outside_tiled_kernel("tile_barrier::wait", site);
  throw unsupported_feature(
      std::string("tile_barrier::wait at ") + site.file + ":" + std::to_string(site.line) +
      " runs in a kernel rewritten for the emulator's compiled path, but outside the kernel's own body (a "
      "function it calls), which the rewrite leaves as it is; wait in the kernel's body, or build the target "
      "without tessera_phased_kernels");
}

}  // namespace

// Never inlined: its return address is where in the kernel's machine code this wait was called, which
// tells apart the copies of a helper the compiler inlined into two branches. Everything a crossing does
// is inlined into it (tile_runner.hpp) except the switch itself and the once-per-phase rendezvous;
// tests/emulator/barrier_path_inlined.cmake holds that in every build.
[[gnu::noinline]] void barrier_wait(memory_scope scope, const char* file, int line, const void* caller) {
  emulator::detail::tile_runner* r = emulator::detail::tile_runner::current();
  if (r == nullptr) [[unlikely]] wait_without_fiber(source_site{file, line, caller});
  r->barrier_wait(scope, source_site{file, line, caller}, __builtin_return_address(0));
}

// The threads of a tile run one at a time on one worker thread, so their memory accesses are already
// ordered; a fence has nothing to enforce here.
void memory_fence(memory_scope, source_site site) {
  if (emulator::detail::tile_runner::current() == nullptr && emulator::detail::phase_runner::current() == nullptr)
    outside_tiled_kernel("a memory fence", site);
}

}  // namespace tessera::detail

namespace tessera::emulator::detail {

// The chain of loops of the kernel thread running on this worker, wherever its tile runs.
loop_round** running_loop_rounds() noexcept {
  if (tile_runner* r = tile_runner::current()) return r->running_loop_rounds();
  if (phase_runner* p = phase_runner::current()) return p->running_loop_rounds();
  return nullptr;
}

}  // namespace tessera::emulator::detail

namespace tessera::emulator {

loop_round::loop_round(int line) noexcept : line_(line), head_(detail::running_loop_rounds()) {
  if (head_ != nullptr) {
    outer_ = *head_;
    *head_ = this;
  }
}

loop_round::~loop_round() {
  if (head_ != nullptr) *head_ = outer_;
}

}  // namespace tessera::emulator
