// tile_barrier and the free fences (BAR-1..BAR-5).
//
// Every wait is a rendezvous of the whole tile plus a fence over the named memory; the free fences order
// memory without a rendezvous and may sit in divergent code. Each call records its source line so that a
// divergence report can name it.
#pragma once

#include <tessera/detail/execution_hooks.hpp>

namespace tessera {

namespace detail {
struct barrier_factory;
}

class tile_barrier {
 public:
  tile_barrier(const tile_barrier&) noexcept = default;
  tile_barrier& operator=(const tile_barrier&) = delete;

  TESSERA_HD void wait(source_site site = source_site::current()) const {
    detail::barrier_wait(memory_scope::all_memory, site.file, site.line, site.caller);
  }
  TESSERA_HD void wait_with_all_memory_fence(source_site site = source_site::current()) const {
    detail::barrier_wait(memory_scope::all_memory, site.file, site.line, site.caller);
  }
  TESSERA_HD void wait_with_global_memory_fence(source_site site = source_site::current()) const {
    detail::barrier_wait(memory_scope::global_memory, site.file, site.line, site.caller);
  }
  TESSERA_HD void wait_with_tile_static_memory_fence(source_site site = source_site::current()) const {
    detail::barrier_wait(memory_scope::tile_static_memory, site.file, site.line, site.caller);
  }

 private:
  friend struct detail::barrier_factory;
  constexpr tile_barrier() noexcept = default;
};

namespace detail {
// Only the runtime makes barriers (BAR-1); backends get them here.
struct barrier_factory {
  TESSERA_HD static constexpr tile_barrier make() noexcept { return tile_barrier(); }
};
}  // namespace detail

TESSERA_HD inline void all_memory_fence(const tile_barrier&, source_site site = source_site::current()) {
  detail::memory_fence(memory_scope::all_memory, site);
}
TESSERA_HD inline void global_memory_fence(const tile_barrier&, source_site site = source_site::current()) {
  detail::memory_fence(memory_scope::global_memory, site);
}
TESSERA_HD inline void tile_static_memory_fence(const tile_barrier&, source_site site = source_site::current()) {
  detail::memory_fence(memory_scope::tile_static_memory, site);
}

}  // namespace tessera
