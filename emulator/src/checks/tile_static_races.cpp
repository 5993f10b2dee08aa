#include "tile_static_races.hpp"

namespace tessera::emulator::detail {

void tile_static_races_check::report(check_context& ctx, const access_event& e, const conflict& earlier, std::size_t byte) {
  classified at = e.where;
  at.offset += byte;
  ctx.report_race(ctx.make_finding(earlier.kind, at, e, &earlier, &ctx.tile_static_interval()));
}

}  // namespace tessera::emulator::detail
