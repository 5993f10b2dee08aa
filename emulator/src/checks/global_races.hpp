// global_races: races on global memory (the memory of the views a kernel captured), per 4-byte word
// (elements are multiples of 4 bytes, ARR-1):
//   - between the threads of a tile in one barrier interval, fence-aware: an interval of global memory
//     ends only at a barrier whose fence covers it (wait_with_tile_static_memory_fence does not);
//   - between tiles (BAR-11: nothing orders two tiles of a launch), and between the threads of a
//     non-tiled launch: each tile's first access of each kind to a word goes to the launch's
//     cross_tile_table, which reports at the end of the launch, the same at every worker count.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"
#include "cross_tile_table.hpp"
#include "hazard_log.hpp"
#include "shadow_cell.hpp"
#include "word_table.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tessera::emulator::detail {

class global_races_check : public check_plugin {
 public:
  void on_tile_begin(check_context&) {
    words_.clear();
    held_cells_.clear();
    held_words_.clear();
    last_recorded_point_ = -1;
  }

  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::global; }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    // Reads of a read-only view cannot race: nothing the kernel can write meets them. A 16x16 matrix
    // multiply's reads of its two inputs, which every tile of a row (or a column) reads, cost no lookups and
    // no records shared between workers.
    if (e.kind == access_kind::read && ctx.log().tiles().read_only(e.where.unit)) return;
    if (ctx.tiled()) touch_in_tile(ctx, e);
    else touch_point(ctx, e);
  }

  void on_write_settled(check_context& ctx, bool changed);

  // The races between tiles (or threads of a non-tiled launch), from the launch's table.
  static void on_launch_end(hazard_log& log);

  // For the spin-wait check: whether a thread of this tile other than `thread` stored to `word` with a
  // plain write in interval `epoch`.
  bool written_now_by_other(std::uintptr_t word, std::uint32_t epoch, int thread) const {
    const global_cell* c = words_.find(word);
    return c != nullptr && c->write_epoch == epoch && c->writer != thread;
  }

 private:
  struct global_cell : shadow_cell {
    bool tile_wrote = false, tile_read = false, tile_atomic = false;  // already in the cross-tile table
    // A word new to the tile. The shadow cell's records are of intervals of earlier tiles of this worker
    // (epochs only grow, and the table lives as long as they do): no access of this tile conflicts with
    // them, so they stay; zeroing the whole cell was a fifth of a global access's cost.
    static void renew(global_cell& c) noexcept { c.tile_wrote = c.tile_read = c.tile_atomic = false; }
  };

  // A hash lookup per word: not worth inlining into every access.
  [[gnu::noinline]] void touch_in_tile(check_context& ctx, const access_event& e);
  [[gnu::noinline]] void touch_point(check_context& ctx, const access_event& e);

  word_table<global_cell> words_;  // this tile's words
  std::vector<std::pair<std::uintptr_t, global_cell>> held_cells_;  // each word of the held write, before it
  std::vector<std::uintptr_t> held_words_;  // cross-tile records the held write would make
  const void* held_pc_ = nullptr;
  int held_thread_ = 0;
  std::size_t held_unit_ = 0;  // the captured view the held write's words lie in
  // Non-tiled: the last word recorded, so a point's repeated accesses cost no table lookups.
  std::uintptr_t last_word_ = 0;
  access_kind last_kind_ = access_kind::read;
  std::int64_t last_recorded_point_ = -1;
};

}  // namespace tessera::emulator::detail
