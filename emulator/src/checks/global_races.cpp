#include "global_races.hpp"

#include "cross_tile_table.hpp"
#include "hazard_log.hpp"

namespace tessera::emulator::detail {

void global_races_check::touch_in_tile(check_context& ctx, const access_event& e) {
  const bool hold = ctx.holding();
  if (hold) {
    held_cells_.clear();
    held_words_.clear();
    held_pc_ = e.pc;
    held_thread_ = e.thread;
    held_unit_ = e.where.unit;
  }
  const std::uint32_t epoch = ctx.global_interval().epoch;
  conflict first;
  bool conflicts = false;
  std::uintptr_t conflict_word = 0;
  for (std::uintptr_t w = e.addr & ~std::uintptr_t{3}; w < e.addr + e.size; w += 4) {
    global_cell& c = words_[w];
    if (hold) held_cells_.emplace_back(w, c);
    // Races between tiles: each tile's first access of each kind goes to the launch's table.
    bool& seen = e.kind == access_kind::read ? c.tile_read : e.kind == access_kind::write ? c.tile_wrote : c.tile_atomic;
    if (!seen) {
      seen = true;
      if (hold) held_words_.push_back(w);
      else ctx.log().tiles().record(e.where.unit, w, e.kind, ctx.tile(), e.thread, e.pc);
    }
    conflict found;
    if (apply_access(c, epoch, e.kind, e.pc, static_cast<std::uint16_t>(e.thread), found) && !conflicts) {
      first = found;
      conflicts = true;
      conflict_word = w;
    }
  }
  if (conflicts) {
    classified at = e.where;
    at.offset -= e.addr - conflict_word;  // the conflicting word's offset
    ctx.report_race(ctx.make_finding(first.kind, at, e, &first, &ctx.global_interval()));
  }
}

void global_races_check::touch_point(check_context& ctx, const access_event& e) {
  const bool hold = ctx.holding();
  if (hold) {
    held_cells_.clear();
    held_words_.clear();
    held_pc_ = e.pc;
    held_thread_ = 0;
    held_unit_ = e.where.unit;
  }
  for (std::uintptr_t w = e.addr & ~std::uintptr_t{3}; w < e.addr + e.size; w += 4) {
    if (w == last_word_ && e.kind == last_kind_ && ctx.tile() == last_recorded_point_ && !hold) continue;
    last_word_ = w;
    last_kind_ = e.kind;
    last_recorded_point_ = ctx.tile();
    if (hold) held_words_.push_back(w);
    else ctx.log().tiles().record(e.where.unit, w, e.kind, ctx.tile(), 0, e.pc);
  }
}

void global_races_check::on_write_settled(check_context& ctx, bool changed) {
  if (changed) {
    for (std::uintptr_t w : held_words_) ctx.log().tiles().record(held_unit_, w, access_kind::write, ctx.tile(), held_thread_, held_pc_);
  } else {
    for (const auto& [word, before] : held_cells_) words_[word] = before;
  }
  held_cells_.clear();
  held_words_.clear();
}

void global_races_check::on_launch_end(hazard_log& log) {
  log.tiles().report_into(log, log.launch(), log.tiled() ? hazard_kind::race_between_tiles : hazard_kind::race_between_threads);
}

}  // namespace tessera::emulator::detail
