// host_memory: kernel access to memory that no captured array_view holds: variables captured by
// reference (an `array` captured by reference too), raw pointers to the heap, global variables, and
// stores to read-only data. A GPU could not address any of it.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"

#include <cstdint>
#include <unordered_set>

namespace tessera::emulator::detail {

class host_memory_check : public check_plugin {
 public:
  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::host; }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    report(ctx, e);
  }

 private:
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e);

  // The accesses whose callers this worker captured for the current launch (hazard_log::id).
  std::uint64_t callers_launch_ = 0;
  std::unordered_set<const void*> callers_captured_;
};

}  // namespace tessera::emulator::detail
