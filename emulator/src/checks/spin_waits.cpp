#include "spin_waits.hpp"

#include "access_monitor.hpp"
#include "cross_tile_table.hpp"
#include "global_races.hpp"
#include "hazard_log.hpp"
#include "tile_static_races.hpp"

#include <thread>

namespace tessera::emulator::detail {

void spin_waits_check::round(check_context& ctx, const access_event& look) {
  const access_event e = look;  // the other threads run below: `look` may be the monitor's, which they change
  const int thread = e.thread;
  spin_watch::verdict v;
  if (ctx.tiled()) {
    spins_.snapshot(thread);
    ctx.runner()->yield_polling();  // the other threads of the tile run a round
    v = spins_.after_round(thread);
  } else {  // a non-tiled thread cannot yield: other workers' threads run meanwhile, if any
    v = spins_.after_round(thread);
    spins_.snapshot(thread);
  }
  const interval_state* interval = e.where.cls == memory_class::tile_static ? &ctx.tile_static_interval()
                                   : ctx.tiled()                             ? &ctx.global_interval()
                                                                             : nullptr;
  if (v == spin_watch::verdict::changed) {  // another thread stored what this one kept reading: judged by what it does next
    set_stalled(ctx, false);
    finding f = ctx.make_finding(hazard_kind::spin_wait, e.where, e, nullptr, interval);
    for (auto& [t, pending] : suspects_)
      if (t == thread) {
        pending = f;
        return;
      }
    suspects_.emplace_back(thread, f);
    return;
  }
  if (spins_.overflowed(thread)) return;  // a computation over many locations: never judged to hang
  // Nothing changed. Re-reading memory no other thread could change is computing, not waiting; and a
  // thread that waits is stopped only once nothing can change what it waits for, so no kernel that would
  // have finished is stopped.
  const bool waits = polls_shared_memory(ctx, thread);
  spins_.set_waiting(thread, waits);
  if (!waits || spins_.unchanged_rounds(thread) < spin_watch::hang_rounds) return;
  if (!polled_memory_settled(ctx, thread)) {
    std::this_thread::yield();  // what can still change it may be another worker sharing this core
    return;
  }
  finding f = ctx.make_finding(hazard_kind::spin_wait, e.where, e, nullptr, interval);
  f.hung = true;
  ctx.report(f);
  ctx.stop();  // the thread would never get past this loop: its tile (or range) ends here
}

void spin_waits_check::left_wait(check_context& ctx, int thread) {
  for (auto it = suspects_.begin(); it != suspects_.end(); ++it)
    if (it->first == thread) {
      const finding f = it->second;
      suspects_.erase(it);
      ctx.report(f);
      return;
    }
}

void spin_waits_check::leave_all(check_context& ctx) noexcept {
  // Reported in the order the suspects were found, which the thread order decides: the log keeps one
  // finding per line and kind, whatever the order.
  const tile_threads* runner = ctx.runner();
  for (const auto& [thread, f] : suspects_)
    // A thread still polling when its tile ended early (another thread threw, a check stopped it) may
    // have been computing: only one that got to a barrier or its end has left its loop.
    if (spins_.suspect(thread) && (runner == nullptr || runner->stopped(thread))) {
      spins_.clear_suspect(thread);
      try {
        ctx.report(f);
      } catch (...) {  // stop at the first finding: the tile is over anyway
      }
    }
  suspects_.clear();
}

bool spin_waits_check::polls_shared_memory(check_context& ctx, int thread) const {
  // The race checks' shadows say who stored where in the running interval.
  auto& monitor = static_cast<access_monitor&>(ctx);
  for (int i = 0; i < spins_.count(thread); ++i) {
    // C++ AMP has no atomic load: an atomic that changes nothing is there to see other threads' atomics.
    if (spins_.atomic(thread, i)) return true;
    // A plain read waits for another thread only if that thread stores to the location unordered with the
    // read, which is a race: the same interval of the tile, or another tile (or point) of the launch.
    const std::uintptr_t a = spins_.address(thread, i);
    const classified where = ctx.map().classify(a);
    if (where.cls == memory_class::tile_static && ctx.tiled()) {
      if (monitor.check<tile_static_races_check>().written_now_by_other(ctx.map().shadow_index(where), spins_.size(thread, i),
                                                                        ctx.tile_static_interval().epoch, thread))
        return true;
    } else if (where.cls == memory_class::global) {
      for (std::uintptr_t w = a & ~std::uintptr_t{3}; w < a + spins_.size(thread, i); w += 4) {
        if (ctx.tiled() && monitor.check<global_races_check>().written_now_by_other(w, ctx.global_interval().epoch, thread))
          return true;
        if (ctx.log().tiles().written_by_other(where.unit, w, ctx.tile())) return true;
      }
    }
  }
  return false;
}

bool spin_waits_check::polled_memory_settled(check_context& ctx, int thread) {
  // Another thread of the tile that still runs in this phase may store; one parked at a barrier or
  // finished cannot, nor can one that itself waits (it changes nothing until its own wait ends).
  if (const tile_threads* runner = ctx.runner())
    for (int other = 0; other < runner->threads(); ++other)
      if (other != thread && !runner->stopped(other) && !(runner->polling(other) && spins_.waiting(other))) return false;
  // So this whole task waits. Global memory can still change while another tile (or range of points)
  // that is not itself stalled runs on another worker.
  set_stalled(ctx, true);
  bool global = !ctx.tiled();
  for (int i = 0; i < spins_.count(thread) && !global; ++i)
    global = ctx.map().classify(spins_.address(thread, i)).cls == memory_class::global;
  return !(global && ctx.log().others_can_store());
}

void spin_waits_check::set_stalled(check_context& ctx, bool stalled) noexcept {
  if (stalled_ == stalled) return;
  stalled_ = stalled;
  ctx.log().task_stalled(stalled);
}

}  // namespace tessera::emulator::detail
