// tile_static_races: races between the threads of a tile on tile_static memory (MEM-3, MEM-5), per byte,
// so that different fields of one struct do not race, and fence-aware: an interval of tile_static memory
// ends only at a barrier whose fence covers it (MEM-9).
//
// The shadow is one cell per byte of the worker's TLS blocks (the dialect makes tile_static `static
// thread_local`), kept across tiles: epochs grow, so an old cell is simply old.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"
#include "shadow_cell.hpp"
#include "zeroed_array.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tessera::emulator::detail {

class tile_static_races_check : public check_plugin {
 public:
  void on_tile_begin(check_context& ctx) {
    shadow_.resize(ctx.map().tile_static_bytes());
    held_.clear();
  }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    if (e.where.cls != memory_class::tile_static || !ctx.tiled()) return;
    const bool hold = ctx.holding();
    if (hold) held_.clear();
    const std::uint32_t epoch = ctx.tile_static_interval().epoch;
    const std::size_t base = ctx.map().shadow_index(e.where);
    const std::size_t end = std::min(base + e.size, shadow_.size());
    conflict first;
    std::size_t at = 0;
    for (std::size_t i = base; i < end; ++i) {
      shadow_cell& c = shadow_[i];
      if (hold) held_.emplace_back(&c, c);
      const conflict found = apply_access(c, epoch, e.kind, e.pc, static_cast<std::uint16_t>(e.thread));
      if (found.found && !first.found) {  // one finding per access, however many bytes it spans
        first = found;
        at = i - base;
      }
    }
    if (first.found) report(ctx, e, first, at);
  }

  void on_write_settled(check_context&, bool changed) {
    if (!changed)
      for (auto& [cell, before] : held_) *cell = before;
    held_.clear();
  }

  // For the spin-wait check: whether a thread other than `thread` stored to one of these shadow bytes
  // with a plain write in the running interval (a read of them then waits for that thread).
  bool written_now_by_other(std::size_t base, std::size_t size, std::uint32_t epoch, int thread) const noexcept {
    const std::size_t end = std::min(base + size, shadow_.size());
    for (std::size_t b = base; b < end; ++b)
      if (shadow_[b].write_epoch == epoch && shadow_[b].writer != thread) return true;
    return false;
  }

 private:
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e, const conflict& earlier, std::size_t byte);

  zeroed_array<shadow_cell> shadow_;  // a cell per byte of the TLS block; old epochs need no clearing
  std::vector<std::pair<shadow_cell*, shadow_cell>> held_;  // before the held write
};

}  // namespace tessera::emulator::detail
