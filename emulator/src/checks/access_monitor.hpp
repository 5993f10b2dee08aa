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
#include "quiet_words.hpp"

#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

#include <algorithm>
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

  // A tile starts on this worker, in the worker's share of its launch / has ended. `runner_memory`: a
  // block of the runner's that the kernel's code reads (a tile loop's state), taken as the launch's own.
  void begin_tile(tile_threads& runner, const tiled_launch& launch, std::int64_t tile, hazard_log::share& share,
                  const void* runner_memory = nullptr, std::size_t runner_bytes = 0) {
    begin_tiles(runner, launch, share, runner_memory, runner_bytes);
    next_tile(tile);
  }
  void end_tile() noexcept {
    tile_ended();
    end_tiles();
  }
  // A run of tiles of one launch on this worker (tile loops): what begin_tile sets up that does not
  // change from tile to tile (the launch's memory, the worker's stack, the checks' set-up at the first
  // access) is set up once, in begin_tiles; then each tile between next_tile and tile_ended. For a tile
  // of 4 threads the per-tile set-up was a tenth of a checked tile's time.
  void begin_tiles(tile_threads& runner, const tiled_launch& launch, hazard_log::share& share, const void* runner_memory = nullptr,
                   std::size_t runner_bytes = 0);
  void next_tile(std::int64_t tile);
  void tile_ended() noexcept;
  void end_tiles() noexcept;
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
  // Tile loops: `thread` runs from now on, on the worker's stack as the last one did; the last one's
  // looks are not its own. (Before the task's first access nothing is known yet: that access begins the
  // checks and takes the thread, as on the fiber path.)
  void thread_runs(int thread) noexcept {
    if (!checks_begun_ || thread == stack_known_for_) return;
    stack_known_for_ = thread;
    forget_looks();
  }

  // One access by the running thread. `changed` (atomics): the operation changed memory.
  // `overwrites`: an atomic that stores whatever the cell held (exchange): never an uninitialized read.
  // `looks`: an atomic that changed nothing counts as a look at memory for the spin-wait check (false: an
  // update that lost, the load of atomic_fetch_max and atomic_fetch_min).
  //
  // Inline in every hook: an access to memory no check looks at (the running thread's stack, the kernel's
  // arguments; without the spin-wait check, a read of a view the launch only reads) ends here once the
  // map holds the running thread's stack and no write is held, and so does a 4-byte read of a quiet
  // tile_static word (quiet_words.hpp), given only to the checks that count looks; the rest, and the
  // first access of each thread, go on out of line.
  [[gnu::always_inline]] void on_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                                        bool overwrites = false, bool looks = true) {
    const auto a = reinterpret_cast<std::uintptr_t>(addr);
    if ((*running_ == stack_known_for_ || took_running_thread()) && !held_.active) [[likely]] {
      if (size == 4) {
        // tile_static memory first (it is neither the stack nor the arguments): a word of the TLS block of
        // the last tile_static access needs no classifying
        const std::size_t w = map_.hot_tile_static_word(a);
        if (w != memory_map::no_word) {
          if (kind == access_kind::read) {
            const quiet_words::read q = quiet_.state(w, tile_static_.epoch, *running_);
            if (q == quiet_words::read::quiet) return on_quiet_read(a, pc);
            if (q == quiet_words::read::second_reader) return on_second_read(a, w, pc);
          }
          return on_word<memory_class::tile_static>(a, kind, pc, changed, overwrites, looks);
        }
      }
      if (map_.unwatched(a) || (kind == access_kind::read && map_.in_read_only_view(a))) [[likely]] {
        ++accesses_;
        return;
      }
      // Then a word of the view of the last global access (a kernel stores to one view, word by word)
      if (size == 4 && map_.in_hot_view(a)) return on_word<memory_class::global>(a, kind, pc, changed, overwrites, looks);
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
  // Another thread of the tile runs (its first access since it was switched to): the map takes its stack
  // as the private one. False where the general path must see the access (the task's first access, which
  // begins the checks; a non-tiled launch; no thread running).
  [[gnu::noinline]] bool took_running_thread() noexcept;
  void take_thread(int thread) noexcept;
  // Kernel code runs on the worker's own stack (tile loops, a non-tiled launch's points): the map takes
  // it, found once per worker, as the private stack.
  void use_worker_stack();
  [[gnu::noinline]] void on_watched_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                                           bool overwrites, bool looks);
  // A 4-byte access to the TLS block of the last tile_static access (C: tile_static) or to the view of the
  // last global access (C: global, memory_map::in_hot_view), by the thread whose stack the map holds, no
  // write held: on_watched_access less what the hook already knows, in a function small enough to enter
  // cheaply, compiled per memory and kind of access (`kind` is a constant in every hook).
  template <memory_class C>
  [[gnu::always_inline]] void on_word(std::uintptr_t a, access_kind kind, const void* pc, bool changed, bool overwrites, bool looks) {
    switch (kind) {
      case access_kind::read: return on_word<C, access_kind::read>(a, pc, changed, overwrites, looks);
      case access_kind::write: return on_word<C, access_kind::write>(a, pc, changed, overwrites, looks);
      case access_kind::atomic: return on_word<C, access_kind::atomic>(a, pc, changed, overwrites, looks);
    }
  }
  template <memory_class C, access_kind Kind>
  [[gnu::noinline]] void on_word(std::uintptr_t a, const void* pc, bool changed, bool overwrites, bool looks);
  // What every watched access does with the running thread's looks: true when `a` repeats a remembered
  // look (then delivered as such); `a_look` and `keep_looks` for remember_look.
  [[gnu::always_inline]] bool repeats_look(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, bool changed,
                                           bool& a_look, bool& keep_looks) {
    a_look = kind != access_kind::write && !changed;
    keep_looks = a_look && ++looks_in_a_row_ > recent_looks::after;
    if (keep_looks) {
      if (const access_event* seen = looks_.find(a, size, kind, pc)) {  // a poll, most often
        // (A check that lets other threads run, whose looks replace the remembered ones, copies it first.)
        if (seen->where.cls == memory_class::tile_static) deliver<memory_class::tile_static, true>(*seen);
        else deliver<memory_class::global, true>(*seen);
        return true;
      }
    }
    return false;
  }
  [[gnu::always_inline]] void remember_look(const access_event& e, bool a_look, bool keep_looks) noexcept {
    if (keep_looks) looks_.remember(e);
    else if (!a_look) forget_looks();
  }
  // A tile_static access of a tiled launch to the checks.
  [[gnu::always_inline]] void take_tile_static(const access_event& e) {
    if (e.kind == access_kind::write && config_.allow_same_value && e.size <= held_write::max_bytes) hold_write(e);
    deliver<memory_class::tile_static>(e);
    note_quiet(e);
  }
  // A read of a quiet word, from the hook: what the slow path would do with it, less what changes nothing.
  [[gnu::always_inline]] void on_quiet_read(std::uintptr_t a, const void* pc) {
    ++accesses_;
    ++looks_in_a_row_;
    std::apply([&](auto&... c) { (count_quiet_read(c, a, pc), ...); }, checks_);
  }
  // A read of word `w` by a thread other than its one reader: where every check takes it as a second
  // reader, they do, and the word is quiet; else the checks' general path. Out of line: the hook's path
  // stays short.
  [[gnu::noinline]] void on_second_read(std::uintptr_t a, std::size_t w, const void* pc) {
    const std::size_t shadow = w << 2;
    bool takes = true;
    each_enabled([&]<class Check>(Check& c) {
      if constexpr (Check::watches(memory_class::tile_static)) takes = takes && c.takes_second_read(*this, shadow);
    });
    if (!takes) return on_word<memory_class::tile_static, access_kind::read>(a, pc, false, false, true);
    const int thread = *running_;
    each_enabled([&]<class Check>(Check& c) {
      if constexpr (Check::watches(memory_class::tile_static)) c.take_second_read(*this, shadow, thread, pc);
    });
    quiet_.mark(w, tile_static_.epoch);
    on_quiet_read(a, pc);
  }
  template <class Check>
  [[gnu::always_inline]] void count_quiet_read(Check& c, std::uintptr_t a, const void* pc) {
    if constexpr (Check::watches(memory_class::tile_static) && Check::counts_repeated_looks)
      if ((enabled_ & static_cast<unsigned>(check_of<Check>::value)) != 0 && !c.count_look(*running_)) [[unlikely]]
        give_quiet_read(c, a, pc);
  }
  // Out of line, so the hook's path for quiet reads stays short.
  template <class Check>
  [[gnu::noinline]] void give_quiet_read(Check& c, std::uintptr_t a, const void* pc) {
    const int thread = *running_;
    c.on_quiet_read(*this, thread, a, [&] {
      return access_event{a, 4, access_kind::read, pc, thread, map_.hot_tile_static(a), false, false, true};
    });
  }
  // After the checks saw tile_static access `e` of a tiled launch: its words become quiet, or no longer are.
  [[gnu::always_inline]] void note_quiet(const access_event& e) noexcept {
    const std::size_t base = map_.shadow_index(e.where);
    if (e.kind == access_kind::read && e.size == 4 && (base & 3) == 0) {
      const read_quiet q = quiet_after_read(e, std::make_index_sequence<std::tuple_size_v<check_pack>>{});
      if (q == read_quiet::for_all) quiet_.mark(base >> 2, tile_static_.epoch);
      else if (q == read_quiet::second_reader) quiet_.mark(base >> 2, tile_static_.epoch, e.thread);
    } else {
      quiet_.clear(base, e.size);  // a store, an atomic, a part of a word: the checks' cells change
    }
  }
  template <std::size_t... I>
  read_quiet quiet_after_read(const access_event& e, std::index_sequence<I...>) const noexcept {
    // The least quiet answer; the checks after a `no` or a second_reader are not asked (a second reader's
    // read asks them then: takes_second_read).
    read_quiet q = read_quiet::for_all;
    ((q = std::min(q, quiet_after_read_for(std::get<I>(checks_), e)), q == read_quiet::for_all) && ...);
    return q;
  }
  template <class Check>
  read_quiet quiet_after_read_for(const Check& c, const access_event& e) const noexcept {
    // A check without an on_access of its own keeps no state of accesses.
    if constexpr (!Check::watches(memory_class::tile_static) ||
                  std::is_same_v<decltype(&Check::on_access), decltype(&check_plugin::on_access)>)
      return read_quiet::for_all;
    else if ((enabled_ & static_cast<unsigned>(check_of<Check>::value)) == 0) return read_quiet::for_all;
    else return c.quiet_after_read(*this, e);
  }
  // The launch's checks, of those in `runs` (the set the way the tile runs allows).
  void begin(hazard_log::share& share, check_set runs = check_set{});
  [[gnu::cold, gnu::noinline]] void begin_checks();  // at the task's first access
  void end() noexcept;  // the task (a run of tiles, or of points) ended
  // Allow-same-value: the write `e` is about to replace bytes; its findings wait for its thread's next event.
  [[gnu::noinline]] void hold_write(const access_event& e) noexcept;
  [[gnu::noinline]] void settle_held_write();  // only while held_.active
  // A store, a barrier, another thread: the running thread's recent looks no longer repeat.
  void forget_looks() noexcept {
    looks_.forget();
    looks_in_a_row_ = 0;
  }

  // An access of memory class C to every enabled check that watches that memory (check_plugin::watches),
  // chosen at compile time: one copy per class, holding only the work that memory needs. The two usual
  // sets (every check; every check but the spin-wait one, in tile loops) are known at compile time, so
  // each check is tested once, not once an access. No lambdas: GCC does not inline one this large.
  // Repeated: the access repeats a recent look (recent_looks.hpp; check_plugin::counts_repeated_looks).
  static constexpr unsigned masked_at_run_time = ~0u;
  template <memory_class C, bool Repeated = false>
  [[gnu::always_inline]] void deliver(const access_event& e) {
    constexpr auto checks = std::make_index_sequence<std::tuple_size_v<check_pack>>{};
    if (enabled_ == check_set{}.bits()) deliver_to<C, Repeated, check_set{}.bits()>(e, checks);
    else if (enabled_ == in_tile_loops.bits()) deliver_to<C, Repeated, in_tile_loops.bits()>(e, checks);
    else deliver_to<C, Repeated, masked_at_run_time>(e, checks);
  }
  template <memory_class C, bool Repeated, unsigned Enabled, std::size_t... I>
  [[gnu::always_inline]] void deliver_to(const access_event& e, std::index_sequence<I...>) {
    (give<C, Repeated, Enabled>(std::get<I>(checks_), e), ...);
  }
  template <memory_class C, bool Repeated, unsigned Enabled, class Check>
  [[gnu::always_inline]] void give(Check& c, const access_event& e) {
    constexpr auto bit = static_cast<unsigned>(check_of<Check>::value);
    if constexpr (Check::watches(C) && (!Repeated || Check::counts_repeated_looks)) {
      if constexpr (Enabled == masked_at_run_time) {
        if ((enabled_ & bit) != 0) c.on_access(*this, e);
      } else if constexpr ((Enabled & bit) != 0) {
        c.on_access(*this, e);
      }
    }
  }

  // Calls f(c) for every check c the launch has switched on, in the table's order.
  template <class F>
  [[gnu::always_inline]] void each_enabled(F&& f) {
    std::apply([&](auto&... c) { ((enabled_ & static_cast<unsigned>(check_of<std::remove_cvref_t<decltype(c)>>::value) ? void(f(c)) : void()), ...); },
               checks_);
  }

  // The checks of a tile run in tile loops: those of the launch but the spin-wait check. The compiled
  // path puts a kernel in tile loops only when no thread of it can wait for another between barriers
  // (tools/phases/src/thread_waits.hpp); a poll the analysis cannot see never ends there, since the
  // thread it waits for runs after it, with the check or without (docs/emulator.md, "Checked in tile
  // loops"). Without it a checked access of a tile average costs a twentieth less.
  static constexpr check_set in_tile_loops = check_set{}.without(check::spin_waits);

  static inline thread_local access_monitor* active_ = nullptr;

  check_pack checks_;
  hazard_log::share* share_ = nullptr;  // the worker's share of the running launch (its accesses go there)
  quiet_words quiet_;  // tile_static words whose further reads in the interval change nothing
  recent_looks looks_;  // the running thread's last looks (a look that repeats one goes to few checks);
                        // forgotten when another thread (or point) makes a watched access
  int looks_in_a_row_ = 0;  // the running thread's looks since its last store (or since it began to look)
  // Repeated looks are followed for the spin-wait check only: without it (tiles in tile loops) a repeated
  // read goes to the checks as any read does, and nothing is remembered.
  bool follow_looks_ = true;
  bool checks_begun_ = false;  // the checks have seen this task's first access (and set up for it)
};

}  // namespace tessera::emulator::detail
