// uninitialized_reads: a read of tile_static bytes that no thread of the tile wrote (TS-4): their
// contents are whatever the previous tile on the worker left there. `atomic_exchange`, C++ AMP's only
// atomic store, counts as a write; other atomics read first.
//
// One word per byte of the worker's TLS blocks: the first epoch of the tile that last wrote it, so the
// shadow needs no clearing between tiles. A held write (allow-same-value) initializes its bytes whether
// or not it changed them, so nothing here is undone.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"
#include "zeroed_array.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tessera::emulator::detail {

class uninitialized_reads_check : public check_plugin {
 public:
  void on_tile_begin(check_context& ctx) {
    written_in_.resize(ctx.map().tile_static_bytes());
  }

  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::tile_static; }

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    if (!ctx.tiled()) return;
    const std::size_t base = ctx.map().shadow_index(e.where);
    if (e.size != 4 || base + 4 > written_in_.size()) [[unlikely]] return on_other_access(ctx, e, base);
    // An int or a float: four bytes, one compare each for a read (and an atomic, which reads first).
    const std::uint32_t tile_began = ctx.tile_static_interval().first_epoch;
    std::uint32_t* const w = written_in_.data() + base;
    if (e.kind != access_kind::write && !e.overwrites && !all_written(w, tile_began)) [[unlikely]]
      report(ctx, e, first_unwritten(w, tile_began));
    if (e.kind != access_kind::read) w[0] = w[1] = w[2] = w[3] = tile_began;
  }

  // Quiet once the tile wrote all four bytes: they stay written until the tile ends.
  read_quiet quiet_after_read(const check_context& ctx, const access_event& e) const noexcept {
    const std::size_t base = ctx.map().shadow_index(e.where);
    if (base + 4 > written_in_.size()) return read_quiet::no;
    const std::uint32_t tile_began = ctx.tile_static_interval().first_epoch;
    return all_written(written_in_.data() + base, tile_began) ? read_quiet::for_all : read_quiet::no;
  }
  // A second reader's read finds nothing where the tile wrote the word (reads change nothing here).
  bool takes_second_read(const check_context& ctx, std::size_t shadow) const noexcept {
    return shadow + 4 <= written_in_.size() && all_written(written_in_.data() + shadow, ctx.tile_static_interval().first_epoch);
  }

 private:
  // Any other size: byte by byte.
  [[gnu::noinline]] void on_other_access(check_context& ctx, const access_event& e, std::size_t base);
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e, std::size_t byte);
  // Whether the tile wrote all four bytes whose words start at w: two 8-byte compares.
  static bool all_written(const std::uint32_t* w, std::uint32_t tile_began) noexcept {
    const std::uint64_t both = tile_began * std::uint64_t{0x100000001};
    std::uint64_t low = 0, high = 0;
    std::memcpy(&low, w, 8);
    std::memcpy(&high, w + 2, 8);
    return ((low ^ both) | (high ^ both)) == 0;
  }
  static std::size_t first_unwritten(const std::uint32_t* w, std::uint32_t tile_began) noexcept {
    std::size_t i = 0;
    while (w[i] == tile_began) ++i;
    return i;
  }

  zeroed_array<std::uint32_t> written_in_;  // per byte of the TLS block: the first epoch of the tile that last wrote it
};

}  // namespace tessera::emulator::detail
