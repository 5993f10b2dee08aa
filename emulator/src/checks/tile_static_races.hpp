// tile_static_races: races between the threads of a tile on tile_static memory (MEM-3, MEM-5), per byte,
// so that different fields of one struct do not race, and fence-aware: an interval of tile_static memory
// ends only at a barrier whose fence covers it (MEM-9).
//
// The shadow is kept across tiles: epochs grow, so an old cell is simply old. It is one cell per aligned
// 4-byte word of the worker's TLS blocks (the dialect makes tile_static `static thread_local`) while the
// word's four bytes have been accessed together, which is how kernels use ints and floats: an access then
// costs one cell. A word that an access covers in part (a char, a short, an unaligned access) is split:
// its cell is copied to four cells of its bytes, which it uses from then on. Both give the same findings.
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
    const std::size_t bytes = ctx.map().tile_static_bytes();
    words_.resize((bytes + 3) / 4);
    split_.resize((bytes + 3) / 4);
    bytes_.resize(bytes);
    held_.clear();
  }

  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::tile_static; }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    if (!ctx.tiled()) return;
    const std::size_t base = ctx.map().shadow_index(e.where);
    if (e.size == 4 && (base & 3) == 0 && base + 4 <= bytes_.size() && !split_[base >> 2]) [[likely]] {  // one whole word
      shadow_cell& c = words_[base >> 2];
      if (ctx.holding()) {
        held_.clear();
        held_.emplace_back(&c, c);
      }
      conflict found;
      if (apply_access(c, ctx.tile_static_interval().epoch, e.kind, e.pc, static_cast<std::uint16_t>(e.thread), found)) [[unlikely]]
        report(ctx, e, found, 0);
      return;
    }
    apply_to_span(ctx, e, base);
  }

  // Quiet once the word, whole, has two readers in the interval and no plain write: a read by any
  // thread then adds no reader and meets no write (atomics do not conflict with reads). With one reader
  // and no plain write, another thread's read adds the second reader and meets nothing.
  read_quiet quiet_after_read(const check_context& ctx, const access_event& e) const noexcept {
    const std::size_t base = ctx.map().shadow_index(e.where);
    if (base + 4 > bytes_.size() || split_[base >> 2]) return read_quiet::no;
    const shadow_cell& c = words_[base >> 2];
    const std::uint32_t now = ctx.tile_static_interval().epoch;
    if (c.write_epoch == now || c.readers.epoch != now) return read_quiet::no;
    return c.readers.second != access_pair::nobody ? read_quiet::for_all : read_quiet::second_reader;
  }
  bool takes_second_read(const check_context&, std::size_t) const noexcept { return true; }
  void take_second_read(check_context& ctx, std::size_t shadow, int thread, const void* pc) noexcept {
    words_[shadow >> 2].readers.add(ctx.tile_static_interval().epoch, static_cast<std::uint16_t>(thread), pc);
  }

  void on_write_settled(check_context&, bool changed) {
    if (!changed)
      for (auto& [cell, before] : held_) *cell = before;
    held_.clear();
  }

  // For the spin-wait check: whether a thread other than `thread` stored to one of these shadow bytes
  // with a plain write in the running interval (a read of them then waits for that thread).
  bool written_now_by_other(std::size_t base, std::size_t size, std::uint32_t epoch, int thread) const noexcept {
    const std::size_t end = std::min(base + size, bytes_.size());
    for (std::size_t b = base; b < end; ++b) {
      const shadow_cell& c = split_[b >> 2] ? bytes_[b] : words_[b >> 2];
      if (c.write_epoch == epoch && c.writer != thread) return true;
    }
    return false;
  }

 private:
  // Any other access: bytes of split words, words it covers whole, splitting the words it covers in part.
  [[gnu::noinline]] void apply_to_span(check_context& ctx, const access_event& e, std::size_t base);
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e, const conflict& earlier, std::size_t byte);

  zeroed_array<shadow_cell> words_;        // a cell per aligned word of the TLS blocks
  zeroed_array<std::uint8_t> split_;       // per word: its bytes have cells of their own
  zeroed_array<shadow_cell> bytes_;        // a cell per byte, for split words
  std::vector<std::pair<shadow_cell*, shadow_cell>> held_;  // before the held write
};

}  // namespace tessera::emulator::detail
