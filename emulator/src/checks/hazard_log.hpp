// hazard_log: the findings of one launch's checks, gathered from every worker and turned into one
// hazard_detected at the end. A pair of source sites is reported once, from the lowest tile where it
// happened, so the report is the same at every worker count.
#pragma once

#include "hazard_kind.hpp"
#include "memory_map.hpp"
#include "shadow_cell.hpp"

#include <tessera/emulator/checks.hpp>
#include <tessera/emulator/launch.hpp>

#include <atomic>
#include <array>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace tessera::emulator::detail {

class cross_tile_table;

// Thrown in a kernel thread to end its tile (or non-tiled range) when a check stops the launch.
struct check_stop {};

struct raw_hazard {
  hazard_kind kind;
  memory_class memory;         // tile_static, global or host
  std::size_t unit = 0;        // see classified
  std::size_t offset = 0;
  std::int64_t tile;           // the tile (non-tiled: the point) of the first access
  std::int64_t second_tile = -1;  // the second access's tile when it is another tile's
  const void* first_pc;
  int first_thread;
  access_kind first_access;
  const void* second_pc = nullptr;
  int second_thread = 0;
  access_kind second_access = access_kind::read;
  int interval = -1;           // barrier interval of the (second) access; -1: not applicable
  source_site barrier{nullptr, 0};  // the barrier that opened it (file null: the start of the kernel)
  bool hung = false;           // spin_wait: no thread changed the polled memory (else: it waited for one)
  // The return addresses above first_pc, for a finding whose access may sit in library code inlined or
  // called from the kernel (host memory: reading an array's extent through a reference): the report names
  // the first of them that is the user's line. Captured once per launch, worker and access.
  std::array<const void*, 10> first_callers{};
  int first_caller_count = 0;
};

struct check_config {
  check_set enabled;
  bool allow_same_value = false;
  bool stop_at_first = false;
};

class hazard_log {
 public:
  using thread_namer = std::function<std::string(std::int64_t tile, int thread)>;

  // The log of the launch whose work this thread is running now, or nullptr. Per thread, so launches
  // from several host threads at once each record into their own log.
  static hazard_log* current() noexcept;

  // Makes `log` this thread's current log while a task of its launch runs here (a worker thread may run
  // tasks of several launches, one after another or, waiting in one, another's nested).
  class scope {
   public:
    explicit scope(hazard_log* log) noexcept;
    ~scope();
    scope(const scope&) = delete;
    scope& operator=(const scope&) = delete;

   private:
    hazard_log* previous_;
  };

  // `seed` is named in the report: the order of a tile's threads, and so which access of a race comes
  // first, depends on it. `tiled`: races between tiles, else between the threads of a non-tiled launch.
  hazard_log(const launch_memory& launch, bool tiled, thread_namer names, std::uint64_t seed, check_config config);
  ~hazard_log();
  hazard_log(const hazard_log&) = delete;
  hazard_log& operator=(const hazard_log&) = delete;

  const check_config& config() const noexcept { return config_; }
  // Different for every launch of the process (a log's address may be reused).
  std::uint64_t id() const noexcept { return id_; }
  void record(const raw_hazard& h);
  // Accesses to global memory, for the races between tiles (or threads of a non-tiled launch).
  cross_tile_table& tiles() noexcept { return *tiles_; }
  // Tasks of this launch running now: workers inside a share of its tiles or points (counted by scope).
  // While another one runs, global memory a thread polls may still change (the spin-wait check's hang
  // verdict). A running task is stalled while every thread of its tile (or its point) is parked, finished
  // or waiting on memory that did not change: it stores nothing until something else does. Global memory
  // can still change only while some running task is not stalled (tasks that cannot start until a worker
  // frees up cannot help: every worker is busy with a running one).
  void task_stalled(bool stalled) noexcept { stalled_.fetch_add(stalled ? 1 : -1, std::memory_order_relaxed); }
  bool others_can_store() const noexcept {
    return running_.load(std::memory_order_relaxed) > stalled_.load(std::memory_order_relaxed);
  }
  // Where the report finds the names of tile_static variables: a copy of the first worker's list of TLS
  // modules, not a pointer to the worker's map (a host thread that helped run this launch may have
  // exited by the time it reports).
  void note_tile_static_modules(const memory_map& map);

  // Null when nothing was found. `stopped_tile` >= 0: a check stopped the launch in that tile, and only
  // its finding is reported.
  std::exception_ptr report(std::int64_t stopped_tile = -1);

 private:
  std::string location_of(const raw_hazard& h) const;

  const launch_memory& launch_;
  bool tiled_;
  thread_namer names_;
  std::uint64_t seed_;
  check_config config_;
  std::once_flag modules_once_;  // every tile's start notes the modules; the first one copies them
  std::vector<std::string> tile_static_modules_;
  std::unique_ptr<cross_tile_table> tiles_;
  std::uint64_t id_;
  std::atomic<int> running_{0};
  std::atomic<int> stalled_{0};
  mutable std::mutex mutex_;
  std::map<std::tuple<int, const void*, const void*>, raw_hazard> by_sites_;
};

}  // namespace tessera::emulator::detail
