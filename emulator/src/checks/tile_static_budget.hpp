// tile_static_budget: a tile touching a span of more than the model's 32 KiB of tile_static memory
// (TS-7). An estimate from the lowest and the highest byte the tile touched: the dialect's tile_static
// variables are `static thread_local`, so the host has no per-tile allocation to measure.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"

#include <tessera/limits.hpp>

#include <algorithm>
#include <cstdint>

namespace tessera::emulator::detail {

class tile_static_budget_check : public check_plugin {
 public:
  void on_tile_begin(check_context&) {
    low_ = UINTPTR_MAX;
    high_ = 0;
    reported_ = false;
  }

  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::tile_static; }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    if (!ctx.tiled()) return;
    if (e.addr >= low_ && e.addr + e.size <= high_) [[likely]] return;  // inside the span already touched
    low_ = std::min(low_, e.addr);
    high_ = std::max(high_, e.addr + e.size);
    if (!reported_ && high_ - low_ > static_cast<std::uintptr_t>(limits::tile_static_bytes)) report(ctx, e);
  }

  // After any access the span covers its bytes, and the span only grows.
  read_quiet quiet_after_read(const check_context&, const access_event&) const noexcept { return read_quiet::for_all; }
  // The word was read already in the tile: the span holds it.
  bool takes_second_read(const check_context&, std::size_t) const noexcept { return true; }

 private:
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e);

  std::uintptr_t low_ = 0, high_ = 0;  // the bytes this tile touched
  bool reported_ = false;
};

}  // namespace tessera::emulator::detail
