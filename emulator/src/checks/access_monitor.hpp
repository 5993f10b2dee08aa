// access_monitor: what one worker knows about the memory traffic of the kernel code it runs, fed by the
// instrumentation hooks (access_hooks.cpp) and by the tile runner's barrier phases.
//
// Each access is classified (memory_map), then checked: races between threads of a tile in one barrier
// interval on tile_static memory (per byte) and global memory (per 4-byte word: elements are multiples
// of 4 bytes, ARR-1), fence-aware; reads of tile_static bytes no thread of the tile wrote; accesses to one
// global word from two tiles (or two threads of a non-tiled launch) with a plain write among them, through
// the launch's cross_tile_table; host memory no view holds; the 32 KiB tile_static budget; and polling
// (spin_watch). Findings go to the launch's hazard_log. The "allow same value" mode holds a write's
// findings until the next event shows whether it changed memory (same_value_filter).
#pragma once

#include "hazard_log.hpp"
#include "memory_map.hpp"
#include "shadow_cell.hpp"
#include "spin_watch.hpp"

#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tessera::emulator::detail {

class tile_runner;

class access_monitor {
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

  // A tile starts on this worker / has ended.
  void begin_tile(tile_runner& runner, const tiled_launch& launch, std::int64_t tile);
  void end_tile() noexcept;
  // Points of a non-tiled launch run on this worker; `*point` is the one running.
  void begin_points(const simple_launch& launch, const std::int64_t* point);
  void end_points() noexcept;

  // The running thread reaches a barrier / its kernel returned (may throw check_stop).
  // Inline: on the barrier path, which has nothing pending unless a same-value write is held.
  void before_barrier() {
    if (pending_.active) settle_pending_write();
  }
  void thread_done() {
    if (pending_.active) settle_pending_write();
  }
  // A barrier phase ended at `site`; `scope` is the fence of the barrier every thread met at.
  void phase_turn(memory_scope scope, source_site site) noexcept;

  // One access by the running thread. `changed` (atomics): the operation changed memory. `looks`: an atomic
  // that changed nothing counts as a look at memory for the spin-wait check (false: an update that lost).
  void on_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed, bool overwrites = false,
                 bool looks = true);

 private:
  struct global_cell : shadow_cell {
    bool tile_wrote = false, tile_read = false, tile_atomic = false;  // already in the cross-tile table
  };
  struct interval_state {
    std::uint32_t epoch = 0;        // the current interval
    std::uint32_t first_epoch = 0;  // the tile's first
    int number = 0;                 // intervals since the tile began
    source_site opened_by{nullptr, 0};
  };
  // A plain write whose findings wait until it is known whether it changed memory (allow-same-value).
  struct pending_write {
    bool active = false;
    std::uintptr_t addr = 0;
    std::size_t size = 0;
    unsigned char old_bytes[16];
    std::vector<std::pair<shadow_cell*, shadow_cell>> tile_static_cells;  // before the write
    std::vector<std::pair<global_cell*, global_cell>> global_cells;
    std::vector<std::uintptr_t> table_words;  // cross-tile records the write would make
    bool has_finding = false;
    raw_hazard finding{};
    int thread = 0;
    const void* pc = nullptr;
  };

  void begin(hazard_log* log);
  // overwrites: an atomic that stores whatever the cell held (exchange): never an uninitialized read.
  void touch_tile_static(const classified& where, std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread,
                         bool overwrites);
  void touch_global(const classified& where, std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread);
  void touch_point_global(const classified& where, std::uintptr_t a, std::size_t size, access_kind kind, const void* pc);
  void report_host(std::uintptr_t a, access_kind kind, const void* pc, int thread);
  void poll(std::uintptr_t a, std::size_t size, access_kind kind, bool changed, const classified& where, const void* pc, int thread);
  // Spin-waits: whether a thread's watched locations include one another thread could change (so it may
  // be waiting, not computing), and whether nothing can change them any more (so its wait is a hang).
  bool polls_shared_memory(int thread) const;
  bool polled_memory_settled(int thread);
  void set_stalled(bool stalled) noexcept;
  raw_hazard finding(hazard_kind k, const classified& where, const conflict& earlier, access_kind kind, const void* pc, int thread,
                     const interval_state* interval) const;
  // Records a finding, unless it waits for a pending write; stops the launch in stop mode.
  void emit(const raw_hazard& h);
  // Allow-same-value: before a write's shadow updates / after them, with the bytes it is about to replace.
  void start_holding();
  void hold_write(std::uintptr_t a, std::size_t size, int thread, const void* pc);
  void settle_pending_write();  // only when pending_.active
  bool holding_writes() const noexcept { return config_.allow_same_value; }

  static inline thread_local access_monitor* active_ = nullptr;

  hazard_log* log_ = nullptr;
  check_config config_;
  memory_map map_;
  tile_runner* runner_ = nullptr;          // null for non-tiled launches
  const std::int64_t* point_ = nullptr;    // non-tiled: the running point
  std::int64_t tile_ = 0;
  interval_state tile_static_;
  interval_state global_;
  std::vector<shadow_cell> shadow_;                          // per tile_static byte
  std::unordered_map<std::uintptr_t, global_cell> words_;    // this tile's global words
  std::uintptr_t tile_static_low_ = 0, tile_static_high_ = 0;  // bytes this tile touched
  bool over_budget_reported_ = false;
  bool stalled_ = false;
  // Host-memory accesses whose callers this worker captured for the current launch (hazard_log::id).
  std::uint64_t callers_launch_ = 0;
  std::unordered_set<const void*> callers_captured_;  // this task counts as stalled in the launch's log (polled_memory_settled)
  spin_watch spins_;
  pending_write pending_;
  // Non-tiled: the last global word recorded, so a point's repeated accesses cost no table lookups.
  std::uintptr_t last_word_ = 0;
  access_kind last_kind_ = access_kind::read;
  std::int64_t last_recorded_point_ = -1;
  std::int64_t last_point_ = -1;  // the point the monitor last saw running
};

}  // namespace tessera::emulator::detail
