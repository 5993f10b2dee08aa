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
    if (e.kind != access_kind::write && !e.overwrites &&
        ((w[0] ^ tile_began) | (w[1] ^ tile_began) | (w[2] ^ tile_began) | (w[3] ^ tile_began)) != 0) [[unlikely]]
      report(ctx, e, first_unwritten(w, tile_began));
    if (e.kind != access_kind::read) w[0] = w[1] = w[2] = w[3] = tile_began;
  }

  // Quiet once the tile wrote all four bytes: they stay written until the tile ends.
  bool quiet_after_read(const check_context& ctx, const access_event& e) const noexcept {
    const std::size_t base = ctx.map().shadow_index(e.where);
    if (base + 4 > written_in_.size()) return false;
    const std::uint32_t tile_began = ctx.tile_static_interval().first_epoch;
    const std::uint32_t* const w = written_in_.data() + base;
    return w[0] == tile_began && w[1] == tile_began && w[2] == tile_began && w[3] == tile_began;
  }

 private:
  // Any other size: byte by byte.
  [[gnu::noinline]] void on_other_access(check_context& ctx, const access_event& e, std::size_t base);
  [[gnu::cold, gnu::noinline]] void report(check_context& ctx, const access_event& e, std::size_t byte);
  static std::size_t first_unwritten(const std::uint32_t* w, std::uint32_t tile_began) noexcept {
    std::size_t i = 0;
    while (w[i] == tile_began) ++i;
    return i;
  }

  zeroed_array<std::uint32_t> written_in_;  // per byte of the TLS block: the first epoch of the tile that last wrote it
};

}  // namespace tessera::emulator::detail
