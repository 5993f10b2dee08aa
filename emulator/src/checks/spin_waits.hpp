// spin_waits: a thread polling memory without a barrier (BAR-9, U15). A thread switches only at a
// barrier or when it returns, so such a loop would never end on the emulator; this check notices the
// re-reading (spin_watch), lets the rest of the tile run a round, and reports the loop: as a wait another
// thread satisfied (the thread left its loop as soon as what it polled changed), or, once nothing can
// change what it polls, as a hang, whose tile it stops (docs/checks.md, "Spin-waits").
//
// It reads the race checks' shadows to tell waiting from computing (whether another thread stored to
// the polled memory unordered with the read), so it goes last in the table: its round runs other
// threads, after every other check has seen the access.
#pragma once

#include "check_context.hpp"
#include "check_plugin.hpp"
#include "spin_watch.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace tessera::emulator::detail {

class spin_waits_check : public check_plugin {
 public:
  void on_tile_begin(check_context& ctx) {
    spins_.reset(ctx.threads());
    suspects_.clear();
    point_ = -1;
  }

  static constexpr bool watches(memory_class m) noexcept { return m == memory_class::tile_static || m == memory_class::global; }
  static constexpr bool counts_repeated_looks = true;

  [[gnu::always_inline]] void on_access(check_context& ctx, const access_event& e) {
    if (!ctx.tiled() && ctx.tile() != point_) {  // a non-tiled launch's next point: a new thread
      point_ = ctx.tile();
      if (spins_.progress(0)) left_wait(ctx, 0);
    }
    if (!e.looks && !e.changed) return;  // atomic_fetch_max/min's load that lost: neither a look nor progress
    if (e.kind == access_kind::write || e.changed) {
      if (spins_.progress(e.thread)) left_wait(ctx, e.thread);
      if (stalled_) set_stalled(ctx, false);
      return;
    }
    switch (spins_.polled(e.thread, e.addr, e.size, e.kind == access_kind::atomic)) {
      case spin_watch::look::more: return;
      case spin_watch::look::round: round(ctx, e); return;
      case spin_watch::look::left: left_wait(ctx, e.thread); return;
    }
  }

  // A plain read by `thread` of a tiled kernel that changes no check's state (a quiet word): true when
  // counting it was all on_access would do.
  [[gnu::always_inline]] bool count_look(int thread) noexcept { return spins_.counted(thread); }

  // A quiet read count_look could not count: on_access's path for a plain read of a tiled kernel, less
  // the tests that cannot hold for one, with the event made only for a round.
  template <class MakeEvent>
  void on_quiet_read(check_context& ctx, int thread, std::uintptr_t a, MakeEvent make_event) {
    switch (spins_.polled(thread, a, 4, false)) {
      case spin_watch::look::more: return;
      case spin_watch::look::round: round(ctx, make_event()); return;
      case spin_watch::look::left: left_wait(ctx, thread); return;
    }
  }

  // Quiet reads still reach this check (it counts looks), so none changes what it knows.
  read_quiet quiet_after_read(const check_context&, const access_event&) const noexcept { return read_quiet::for_all; }
  // Counted as a quiet read is (access_monitor::on_quiet_read).
  bool takes_second_read(const check_context&, std::size_t) const noexcept { return true; }

  // Every thread of the tile is at a barrier: a suspect got there, so it left its loop.
  void on_phase_turn(check_context& ctx, memory_scope) noexcept { leave_all(ctx); }
  void on_tile_end(check_context& ctx) noexcept {
    leave_all(ctx);
    set_stalled(ctx, false);
  }

 private:
  // A round of re-reading is complete: let the others run, then judge.
  [[gnu::noinline]] void round(check_context& ctx, const access_event& e);
  // A suspect left its loop soon after what it re-reads changed: it was waiting for that change.
  [[gnu::cold, gnu::noinline]] void left_wait(check_context& ctx, int thread);
  // At a phase turn or the tile's end, the suspects still judged waiting (finished threads, or parked).
  void leave_all(check_context& ctx) noexcept;
  // Whether a thread's watched locations include one another thread could change (so it may be
  // waiting, not computing), and whether nothing can change them any more (so its wait is a hang).
  bool polls_shared_memory(check_context& ctx, int thread) const;
  bool polled_memory_settled(check_context& ctx, int thread);
  // This task counts as stalled in the launch's log while every thread of it waits.
  void set_stalled(check_context& ctx, bool stalled) noexcept;

  spin_watch spins_;
  // The finding each suspect is reported with if it turns out to have waited (few: one per round that saw
  // a change, until the thread is judged).
  std::vector<std::pair<int, finding>> suspects_;
  std::int64_t point_ = -1;
  bool stalled_ = false;
};

}  // namespace tessera::emulator::detail
