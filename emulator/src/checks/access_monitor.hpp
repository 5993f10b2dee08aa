// access_monitor: what one worker knows about the memory traffic of the kernel code it runs, fed by the
// instrumentation hooks (access_hooks.cpp) and by the tile runner's barrier phases.
//
// It is the checks' shared context (check_context: the launch, the running thread, the memory map, the
// barrier intervals, the write held by allow-same-value) and it owns the checks themselves, one plug-in
// per line of the table (check_pack.hpp). Each event goes to every enabled check through a fold
// expression over that pack: no virtual call, and the per-access path of each check inlined into the
// one out-of-line entry, on_access. Findings leave through check_context::report into the launch's
// hazard_log.
#pragma once

#include "check_context.hpp"
#include "check_pack.hpp"
#include "hazard_log.hpp"
#include "recent_looks.hpp"

#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace tessera::emulator::detail {

class access_monitor : public check_context {
 public:
  // The monitor of the kernel code running on this thread, or nullptr (host code, or checks off).
  static access_monitor* active() noexcept { return active_; }

  // Tessera's own work in the middle of kernel code (looking up source lines at a barrier): template code
  // it shares with instrumented translation units (std::string's) reports to the hooks, and must not be
  // taken for the kernel's accesses while this lives.
  class pause {
   public:
    pause() noexcept : saved_(active_) { active_ = nullptr; }
    ~pause() { active_ = saved_; }
    pause(const pause&) = delete;
    pause& operator=(const pause&) = delete;

   private:
    access_monitor* saved_;
  };

  // A tile starts on this worker, in the worker's share of its launch / has ended.
  void begin_tile(tile_threads& runner, const tiled_launch& launch, std::int64_t tile, hazard_log::share& share);
  void end_tile() noexcept;
  // Points of a non-tiled launch run on this worker; `*point` is the one running.
  void begin_points(const simple_launch& launch, const std::int64_t* point, hazard_log::share& share);
  void end_points() noexcept;

  // The running thread reaches a barrier / its kernel returned (may throw check_stop). Inline: on the
  // barrier path, which has nothing to do unless a same-value write is held.
  void before_barrier() {
    if (held_.active) settle_held_write();
  }
  void thread_done() {
    if (held_.active) settle_held_write();
  }
  // A barrier phase ended at `site`; `scope` is the fence of the barrier every thread met at.
  void phase_turn(memory_scope scope, source_site site) noexcept;

  // One access by the running thread. `changed` (atomics): the operation changed memory.
  // `overwrites`: an atomic that stores whatever the cell held (exchange): never an uninitialized read.
  // `looks`: an atomic that changed nothing counts as a look at memory for the spin-wait check (false: an
  // update that lost, the load of atomic_fetch_max and atomic_fetch_min).
  //
  // Inline in every hook: an access to memory no check looks at (the running thread's stack, the kernel's
  // arguments) ends here once the map holds the running thread's stack and no write is held; the rest,
  // and the first access of each thread, go on out of line.
  [[gnu::always_inline]] void on_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                                        bool overwrites = false, bool looks = true) {
    if (*running_ == stack_known_for_ && !held_.active && map_.unwatched(reinterpret_cast<std::uintptr_t>(addr))) [[likely]] {
      ++accesses_;
      return;
    }
    on_watched_access(addr, size, kind, pc, changed, overwrites, looks);
  }

  // One of the checks (a check that reads another's state, as the spin-wait check reads the race
  // checks' shadows).
  template <class Check>
  Check& check() noexcept {
    return std::get<Check>(checks_);
  }

 private:
  [[gnu::noinline]] void on_watched_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                                           bool overwrites, bool looks);
  void begin(hazard_log::share& share);
  [[gnu::cold, gnu::noinline]] void begin_checks();  // at the task's first access
  void end() noexcept;
  // Allow-same-value: the write `e` is about to replace bytes; its findings wait for its thread's next event.
  [[gnu::noinline]] void hold_write(const access_event& e) noexcept;
  [[gnu::noinline]] void settle_held_write();  // only while held_.active
  // A store, a barrier, another thread: the running thread's recent looks no longer repeat.
  void forget_looks() noexcept {
    looks_.forget();
    looks_in_a_row_ = 0;
  }

  // An access of memory class C to every enabled check that watches that memory (check_plugin::watches),
  // chosen at compile time: one copy per class, holding only the work that memory needs. Every check on
  // (the default) is tested once, not once a check. No lambdas: GCC does not inline one this large.
  // Repeated: the access repeats a recent look (recent_looks.hpp; check_plugin::counts_repeated_looks).
  template <memory_class C, bool Repeated = false>
  [[gnu::always_inline]] void deliver(const access_event& e) {
    constexpr auto checks = std::make_index_sequence<std::tuple_size_v<check_pack>>{};
    if (enabled_ == check_set{}.bits()) deliver_to<C, Repeated, false>(e, checks);
    else deliver_to<C, Repeated, true>(e, checks);
  }
  template <memory_class C, bool Repeated, bool Masked, std::size_t... I>
  [[gnu::always_inline]] void deliver_to(const access_event& e, std::index_sequence<I...>) {
    (give<C, Repeated, Masked>(std::get<I>(checks_), e), ...);
  }
  template <memory_class C, bool Repeated, bool Masked, class Check>
  [[gnu::always_inline]] void give(Check& c, const access_event& e) {
    if constexpr (Check::watches(C) && (!Repeated || Check::counts_repeated_looks))
      if (!Masked || (enabled_ & static_cast<unsigned>(check_of<Check>::value)) != 0) c.on_access(*this, e);
  }

  // Calls f(c) for every check c the launch has switched on, in the table's order.
  template <class F>
  [[gnu::always_inline]] void each_enabled(F&& f) {
    std::apply([&](auto&... c) { ((enabled_ & static_cast<unsigned>(check_of<std::remove_cvref_t<decltype(c)>>::value) ? void(f(c)) : void()), ...); },
               checks_);
  }

  static inline thread_local access_monitor* active_ = nullptr;

  check_pack checks_;
  hazard_log::share* share_ = nullptr;  // the worker's share of the running launch (its accesses go there)
  recent_looks looks_;  // the running thread's last looks (a look that repeats one goes to few checks);
                        // forgotten when another thread (or point) makes a watched access
  int looks_in_a_row_ = 0;  // the running thread's looks since its last store (or since it began to look)
  bool checks_begun_ = false;  // the checks have seen this task's first access (and set up for it)
};

}  // namespace tessera::emulator::detail
