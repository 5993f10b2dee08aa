#include "tile_static_races.hpp"

#include <algorithm>

namespace tessera::emulator::detail {

void tile_static_races_check::apply_to_span(check_context& ctx, const access_event& e, std::size_t base) {
  const bool hold = ctx.holding();
  if (hold) held_.clear();
  const std::uint32_t epoch = ctx.tile_static_interval().epoch;
  const auto thread = static_cast<std::uint16_t>(e.thread);
  const std::size_t end = std::min(base + e.size, bytes_.size());
  conflict first;
  bool conflicts = false;
  std::size_t at = 0;
  auto apply = [&](shadow_cell& c, std::size_t i) {
    if (hold) held_.emplace_back(&c, c);
    conflict found;
    if (apply_access(c, epoch, e.kind, e.pc, thread, found) && !conflicts) {  // one finding per access, however many bytes it spans
      first = found;
      conflicts = true;
      at = i - base;
    }
  };
  for (std::size_t i = base; i < end;) {
    const std::size_t w = i >> 2;
    if (!split_[w]) {
      if ((i & 3) == 0 && i + 4 <= end) {  // the whole word: its bytes stay alike
        apply(words_[w], i);
        i += 4;
        continue;
      }
      for (std::size_t b = 0; b < 4 && 4 * w + b < bytes_.size(); ++b) bytes_[4 * w + b] = words_[w];
      split_[w] = 1;
    }
    apply(bytes_[i], i);
    ++i;
  }
  if (conflicts) report(ctx, e, first, at);
}

void tile_static_races_check::report(check_context& ctx, const access_event& e, const conflict& earlier, std::size_t byte) {
  classified at = e.where;
  at.offset += byte;
  ctx.report_race(ctx.make_finding(earlier.kind, at, e, &earlier, &ctx.tile_static_interval()));
}

}  // namespace tessera::emulator::detail
