// hazard_log: the findings of one launch's checks, gathered from every worker, and what the checks did
// (check_counters). A finding at the same instructions is kept once, from the lowest tile where it
// happened, so the report (emulator/src/report/hazard_report.hpp) is the same at every worker count.
#pragma once

#include "../report/finding.hpp"
#include "check_config.hpp"
#include "memory_map.hpp"

#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/checks.hpp>
#include <tessera/emulator/launch.hpp>

#include <atomic>
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

class hazard_log {
 public:
  using thread_namer = std::function<std::string(std::int64_t tile, int thread)>;

  // A worker's share of a launch's tiles or points, made by the scheduler for each task and handed down
  // to the tile runner and the checks' monitor (the launch's checks reach them through it, not through a
  // thread's state). While it lives the worker counts as one running task of the launch, and the
  // accesses its checks saw are added to the launch once, when it ends: per share of tiles, not per tile,
  // because a shared counter written for every tile of a small-tile launch is a cache line every worker
  // fights over.
  class share {
   public:
    explicit share(hazard_log& log) noexcept;
    ~share();
    share(const share&) = delete;
    share& operator=(const share&) = delete;

    hazard_log& log() const noexcept { return log_; }
    // The accesses of a tile or range of points that ended.
    void count_accesses(std::uint64_t n) noexcept { accesses_ += n; }

   private:
    hazard_log& log_;
    std::uint64_t accesses_ = 0;
  };

  // `seed` is named in the report: the order of a tile's threads, and so which access of a race comes
  // first, depends on it. `tiled`: races between tiles, else between the threads of a non-tiled launch.
  hazard_log(const launch_memory& launch, bool tiled, thread_namer names, std::uint64_t seed, check_config config);
  ~hazard_log();
  hazard_log(const hazard_log&) = delete;
  hazard_log& operator=(const hazard_log&) = delete;

  const check_config& config() const noexcept { return config_; }
  const launch_memory& launch() const noexcept { return launch_; }
  bool tiled() const noexcept { return tiled_; }
  // Different for every launch of the process (a log's address may be reused).
  std::uint64_t id() const noexcept { return id_; }
  void record(const finding& f);
  // Accesses to global memory, for the races between tiles (or threads of a non-tiled launch).
  cross_tile_table& tiles() noexcept { return *tiles_; }
  // Tasks of this launch running now: workers inside a share of its tiles or points.
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

  // Several thread orders of one launch (TESSERA_SEEDS): the report says how many were tried, and the
  // log of each further order, run to its end, hands its findings and counts to this one (the first
  // order's), which merges them as it merges those of several tiles: by kind and code addresses.
  void set_orders(unsigned orders) noexcept { orders_ = orders; }
  void absorb(hazard_log& other);

  // Ends the launch's checking: findings kept launch-wide are added (when it ran to its end), the report
  // is made, and the counters are final. Null when nothing was found. `stopped_tile` >= 0: a check
  // stopped the launch in that tile, and only its finding is reported. Called once, after every task.
  std::exception_ptr report(std::int64_t stopped_tile = -1);
  // The launch-wide checks' findings (races between tiles), added once when the launch ran to its end.
  void end_launch_checks();
  // This launch's counters (final after report(); a launch that ended in a kernel failure reports no
  // findings, and counts none).
  check_counters counters() const noexcept;

 private:
  const launch_memory& launch_;
  bool tiled_;
  thread_namer names_;
  std::uint64_t seed_;
  unsigned orders_ = 1;
  bool launch_checks_ended_ = false;
  check_config config_;
  std::once_flag modules_once_;  // every tile's start notes the modules; the first one copies them
  std::vector<std::string> tile_static_modules_;
  std::unique_ptr<cross_tile_table> tiles_;
  std::uint64_t id_;
  std::atomic<int> running_{0};
  std::atomic<int> stalled_{0};
  std::atomic<std::uint64_t> accesses_{0};
  mutable std::mutex mutex_;
  std::map<std::tuple<int, const void*, const void*>, finding> by_sites_;
  std::uint64_t recorded_ = 0;  // every finding recorded, merged or not (under mutex_)
  bool report_made_ = false;  // false: a kernel failure took the findings' place (MEM-8)
  std::uint64_t reported_ = 0;
  std::uint64_t symbolization_failures_ = 0;
};

}  // namespace tessera::emulator::detail
