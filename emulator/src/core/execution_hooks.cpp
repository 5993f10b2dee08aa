// The emulator's side of tessera/detail/execution_hooks.hpp: what tile_barrier and the fences do when
// kernel code runs on the host.
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

emulator::detail::tile_runner& runner_or_throw(const char* what, source_site site) {
  if (auto* r = emulator::detail::tile_runner::current()) [[likely]] return *r;
  outside_tiled_kernel(what, site);
}

}  // namespace

// Never inlined: its return address is where in the kernel's machine code this wait was called, which
// tells apart the copies of a helper the compiler inlined into two branches. Everything a crossing does
// is inlined into it (tile_runner.hpp) except the switch itself and the once-per-phase rendezvous;
// tests/emulator/barrier_path_inlined.cmake holds that in every build.
[[gnu::noinline]] void barrier_wait(memory_scope scope, source_site site) {
  runner_or_throw("tile_barrier::wait", site).barrier_wait(scope, site, __builtin_return_address(0));
}

// The threads of a tile run one at a time on one worker thread, so their memory accesses are already
// ordered; a fence has nothing to enforce here.
void memory_fence(memory_scope, source_site site) { runner_or_throw("a memory fence", site); }

}  // namespace tessera::detail
