#include "tile_static_budget.hpp"

namespace tessera::emulator::detail {

void tile_static_budget_check::report(check_context& ctx, const access_event& e) {
  reported_ = true;
  classified span = e.where;
  span.offset = high_ - low_;
  ctx.report(ctx.make_finding(hazard_kind::tile_static_over_budget, span, e, nullptr, nullptr));
}

}  // namespace tessera::emulator::detail
