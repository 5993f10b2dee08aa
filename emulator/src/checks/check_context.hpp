// check_context: what every check shares while kernel code runs on one worker: the launch and its
// hazard log, the running tile and thread, the memory map, the barrier intervals, the write held by
// allow-same-value, and the one way out for findings (report). The access monitor is a check_context
// that also owns the checks (access_monitor.hpp); a check sees only this part.
#pragma once

#include "check_plugin.hpp"
#include "../report/finding.hpp"
#include "check_config.hpp"
#include "memory_map.hpp"
#include "shadow_cell.hpp"
#include "tile_threads.hpp"

#include <tessera/source_site.hpp>

#include <csetjmp>
#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class hazard_log;

// The barrier intervals of one kind of memory in the running tile. An interval ends only at a barrier
// whose fence covers that memory.
struct interval_state {
  std::uint32_t epoch = 0;        // the current interval, numbered across tiles
  std::uint32_t first_epoch = 0;  // the tile's first
  int number = 0;                 // intervals since the tile began
  source_site opened_by{nullptr, 0};
};

class check_context {
 public:
  hazard_log& log() const noexcept { return *log_; }
  const check_config& config() const noexcept { return config_; }
  const memory_map& map() const noexcept { return map_; }
  // The running tile's threads (the tile runner of a tiled launch: which runs, their states, the
  // spin-wait check's yield); null for the points of a non-tiled launch.
  tile_threads* runner() const noexcept { return runner_; }
  bool tiled() const noexcept { return runner_ != nullptr; }
  // Threads per tile (1 for non-tiled launches).
  int threads() const noexcept { return threads_; }
  // The running tile; in a non-tiled launch, the running point.
  std::int64_t tile() const noexcept { return tile_; }
  const interval_state& tile_static_interval() const noexcept { return tile_static_; }
  const interval_state& global_interval() const noexcept { return global_; }

  // Allow-same-value: the running access is a plain write whose findings wait until the next event of
  // its thread shows whether it changed memory. A check that changes its state for it keeps what it
  // needs to undo that (on_write_settled).
  bool holding() const noexcept { return held_.active; }

  // A finding about access `e` (`earlier`: the access it conflicts with; null for a finding about one
  // access) at `where`, in `interval` (null where intervals do not apply).
  [[gnu::cold, gnu::noinline]] finding make_finding(hazard_kind kind, const classified& where, const access_event& e, const conflict* earlier,
                       const interval_state* interval) const noexcept;

  // The one way a finding leaves a check: into the launch's log, merged there with the same finding from
  // other tiles; in stop mode the launch then stops (stop()).
  [[gnu::cold, gnu::noinline]] void report(const finding& f);
  // The running tile (or range) ends here: check_stop is thrown, or, where the runner asked for it
  // (set_stop_exit), control jumps back to the runner. Kernel code in tile loops cannot be unwound from
  // an access hook: the compilers take their instrumentation calls for calls that never throw, so a
  // kernel frame with a handler of its own has no entry for them, and the exception would end the program.
  [[noreturn]] void stop();
  // Where stop() jumps to (null: it throws). The runner's setjmp buffer, for the tile it runs.
  void set_stop_exit(std::jmp_buf* exit) noexcept { stop_exit_ = exit; }
  // A race that involves the running access: while that access is a held write, the finding waits for
  // the write to turn out to change memory (allow-same-value); otherwise as report().
  [[gnu::cold, gnu::noinline]] void report_race(const finding& f);

 protected:
  // A plain write whose findings wait (allow-same-value): the bytes it is about to replace.
  struct held_write {
    static constexpr std::size_t max_bytes = 16;
    bool active = false;
    std::uintptr_t addr = 0;
    std::size_t size = 0;
    unsigned char old_bytes[max_bytes];
    bool has_finding = false;
    finding first{};
  };

  hazard_log* log_ = nullptr;
  check_config config_;
  unsigned enabled_ = 0;  // check_set bits of the running launch
  memory_map map_;
  tile_threads* runner_ = nullptr;
  // The running thread: the runner's variable in a tiled launch, thread 0 of a non-tiled one.
  static constexpr int only_thread = 0;
  const int* running_ = &only_thread;
  // The thread whose stack the memory map holds as private; not_yet: none since the task began.
  static constexpr int not_yet = -2;
  int stack_known_for_ = not_yet;
  std::jmp_buf* stop_exit_ = nullptr;
  tile_threads::stack_regions stacks_{};  // where the running tile's threads' stacks lie
  std::uintptr_t worker_stack_low_ = 0, worker_stack_high_ = 0;  // this worker's own stack, once asked
  const std::int64_t* point_ = nullptr;  // non-tiled: the running point
  int threads_ = 1;
  std::int64_t tile_ = 0;
  interval_state tile_static_;
  interval_state global_;
  held_write held_;
  std::uint64_t accesses_ = 0;  // seen since the task began; added to the log at its end
};

}  // namespace tessera::emulator::detail
