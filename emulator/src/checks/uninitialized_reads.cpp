#include "uninitialized_reads.hpp"

namespace tessera::emulator::detail {

void uninitialized_reads_check::report(check_context& ctx, const access_event& e, std::size_t byte) {
  classified at = e.where;
  at.offset += byte;
  ctx.report(ctx.make_finding(hazard_kind::uninitialized_read, at, e, nullptr, &ctx.tile_static_interval()));
}

}  // namespace tessera::emulator::detail
