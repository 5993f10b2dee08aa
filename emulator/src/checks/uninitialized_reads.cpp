#include "uninitialized_reads.hpp"

#include <algorithm>

namespace tessera::emulator::detail {

void uninitialized_reads_check::on_other_access(check_context& ctx, const access_event& e, std::size_t base) {
  const std::uint32_t tile_began = ctx.tile_static_interval().first_epoch;
  const std::size_t end = std::min(base + e.size, written_in_.size());
  std::uint32_t* const written = written_in_.data();
  // Reads (and atomics, which read first) of bytes the tile wrote: the common case, one compare a byte.
  if (e.kind != access_kind::write && !e.overwrites)
    for (std::size_t i = base; i < end; ++i)
      if (written[i] != tile_began) {
        report(ctx, e, i - base);
        break;
      }
  if (e.kind != access_kind::read)
    for (std::size_t i = base; i < end; ++i) written[i] = tile_began;
}

void uninitialized_reads_check::report(check_context& ctx, const access_event& e, std::size_t byte) {
  classified at = e.where;
  at.offset += byte;
  ctx.report(ctx.make_finding(hazard_kind::uninitialized_read, at, e, nullptr, &ctx.tile_static_interval()));
}

}  // namespace tessera::emulator::detail
