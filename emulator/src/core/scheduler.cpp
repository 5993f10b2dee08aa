// Distributes a launch over the worker threads and picks the one outcome it reports.
//
// Tiles (or ranges of points, for non-tiled launches) run on a oneTBB arena of the configured size; with
// one worker they run in order on the calling thread. When something fails, the failure reported is the
// one with the lowest tile (or point) index: work below it always runs to completion, work above a known
// failure is skipped, so the report is the same at every worker count.
#include "../checks/hazard_log.hpp"
#include "../checks/hook_runtime.hpp"
#include "guard_page_handler.hpp"
#include "kernel_code.hpp"
#include "../report/check_summary.hpp"
#include "../report/kernel_failure_report.hpp"
#include "../report/thread_names.hpp"
#include "worker.hpp"

#include <tessera/emulator/launch.hpp>
#include <tessera/emulator/options.hpp>
#include <tessera/exceptions.hpp>
#include <tessera/kernel_failures.hpp>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>

namespace tessera::emulator::detail {
namespace {

// The lowest-indexed failure of a launch.
class first_failure {
 public:
  std::int64_t index() const noexcept { return lowest_.load(std::memory_order_relaxed); }
  bool stopped_by_check() const {
    if (!error_) return false;
    try {
      std::rethrow_exception(error_);
    } catch (const check_stop&) {
      return true;
    } catch (...) {
      return false;
    }
  }
  bool beyond(std::int64_t index) const noexcept { return index > lowest_.load(std::memory_order_relaxed); }
  void offer(std::int64_t index, std::exception_ptr error) {
    std::lock_guard g(mutex_);
    if (index < lowest_.load(std::memory_order_relaxed)) {
      lowest_.store(index, std::memory_order_relaxed);
      error_ = std::move(error);
    }
  }
  std::exception_ptr error() const { return error_; }

 private:
  std::atomic<std::int64_t> lowest_{std::numeric_limits<std::int64_t>::max()};
  std::mutex mutex_;
  std::exception_ptr error_;
};

// One arena per worker count; a launch holds its arena, so changing the count never frees one in use.
// oneTBB caps its thread pool at the hardware threads unless told otherwise, so the arena comes with a
// global_control that allows as many threads as workers were asked for: 8 workers are 8 threads even on
// a 2-core machine (the determinism tests rely on it).
struct worker_arena {
  explicit worker_arena(unsigned workers)
      : allow(tbb::global_control::max_allowed_parallelism, workers), arena(static_cast<int>(workers)) {}
  tbb::global_control allow;
  tbb::task_arena arena;
};

std::shared_ptr<worker_arena> arena_for(unsigned workers) {
  static std::mutex m;
  static std::shared_ptr<worker_arena> current;
  std::lock_guard g(m);
  if (!current || current->arena.max_concurrency() != static_cast<int>(workers)) {
    current.reset();  // its limit must go before the new one is made
    current = std::make_shared<worker_arena>(workers);
  }
  return current;
}

// Kernel code must not launch: there is no nested parallelism in the model, and a nested launch would
// run tiles on fibers of a tile that is itself mid-flight.
thread_local bool in_kernel_code = false;

}  // namespace

bool running_kernel_code() noexcept {
  return in_kernel_code || tile_runner::current() != nullptr || phase_runner::current() != nullptr;
}

namespace {

void refuse_nested_launch() {
  if (running_kernel_code())
    throw unsupported_feature("parallel_for_each called from kernel code; launch from host code only");
}

// The most tiles a worker runs in tile loops in one call (phase_runner::run_tile_loops): between calls it
// looks whether a lower tile failed on another worker, which ends the launch.
constexpr std::int64_t tiles_a_call = 256;

struct kernel_code_scope {
  kernel_code_scope() noexcept { in_kernel_code = true; }
  ~kernel_code_scope() { in_kernel_code = false; }
};

// The fewest points a worker takes at a time: workers * 16 tasks in all, enough for an even load, each a
// block of neighbours, so that each task's set-up (the worker's share of the log) is paid rarely.
std::int64_t task_grain(std::int64_t count, unsigned workers) {
  const std::int64_t tasks = static_cast<std::int64_t>(workers) * 16;
  return std::max<std::int64_t>(count / tasks, 1);
}

// The fewest tiles: as many as make `min_threads` threads, but no more than points would get. Tiles of a
// few threads split down to single tiles put neighbouring tiles on different workers, which wrote the
// same cache lines of the launch's views and of the checks' tables (a checked 2x2 tile average of 256x256
// on 16 workers spent a third of its time recording its stores, and some launches took twice as long);
// a tile of many threads is a task's worth of work alone, and workers that finish early take what is left
// tile by tile (16x16 tiles on 16 workers: a tile average and a matmul 7% faster than in blocks of
// tiles / (workers * 16)). bench/RESULTS-emulator.md has both.
std::int64_t tile_grain(std::int64_t tiles, unsigned workers, std::int64_t threads_per_tile) {
  constexpr std::int64_t min_threads = 256;
  const std::int64_t enough = std::max<std::int64_t>(min_threads / std::max<std::int64_t>(threads_per_tile, 1), 1);
  return std::min(task_grain(tiles, workers), enough);
}

template <class Body>
void for_each_task(std::int64_t count, std::int64_t grain, unsigned workers, const Body& body) {
  if (workers <= 1) {
    for (std::int64_t first = 0; first < count; first += grain) body(first, first + grain < count ? first + grain : count);
    return;
  }
  arena_for(workers)->arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, count, static_cast<std::size_t>(grain)),
                      [&](const tbb::blocked_range<std::int64_t>& r) { body(r.begin(), r.end()); });
  });
}

check_config config_of(const options& o) {
  return check_config{o.enabled_checks, o.allow_same_value, o.checks == check_mode::stop};
}

// A launch's checks let go inside its workers' arena: the tables they give back are zeroed for the next
// launch there, by every worker (zeroed_memory.cpp), not by this thread alone.
void let_go(std::optional<hazard_log>& hazards, unsigned workers) {
  if (hazards && workers > 1) arena_for(workers)->arena.execute([&] { hazards.reset(); });
  hazards.reset();
}

// How a launch ends: the lowest failure, unless a check stopped it; then the checks' report. Divergence
// and faults come before the hazards they may cause (MEM-8). The checks' counters are kept either way,
// and the checks let go before the outcome is thrown.
void finish(const first_failure& failure, std::optional<hazard_log>& hazards, check_summary summary, unsigned workers) {
  std::exception_ptr outcome;
  if (hazards && failure.stopped_by_check()) {
    const std::int64_t stopped = hazards->config().stop_at_first ? failure.index() : -1;
    outcome = hazards->report(stopped);
  } else {
    outcome = failure.error();
    if (!outcome && hazards) outcome = hazards->report();
  }
  if (hazards) count_launch(hazards->counters(), summary);
  let_go(hazards, workers);
  if (outcome) std::rethrow_exception(outcome);
}

// A launch with the checks on whose kernel is not instrumented: counted as one that saw no access (the
// exit line says how to build kernels for the checks), run once as with the checks off.
check_counters uninstrumented_launch() {
  check_counters c;
  c.launches = 1;
  return c;
}

// The bytes of every view a launch captured, so that a launch run in several thread orders starts each
// from the same memory (views over one buffer are copied, and put back, in the same order).
class captured_bytes {
 public:
  explicit captured_bytes(const launch_memory& l) : launch_(l) {
    for (std::size_t i = 0; i < l.global_count; ++i) {
      const auto* begin = static_cast<const unsigned char*>(l.globals[i].begin);
      saved_.emplace_back(begin, begin + l.globals[i].bytes);
    }
  }
  void restore() const {
    for (std::size_t i = 0; i < launch_.global_count; ++i)
      // Only what changed is written back: a read-only view may lie in read-only memory.
      if (!saved_[i].empty() && std::memcmp(launch_.globals[i].begin, saved_[i].data(), saved_[i].size()) != 0)
        std::memcpy(const_cast<void*>(launch_.globals[i].begin), saved_[i].data(), saved_[i].size());
  }

 private:
  const launch_memory& launch_;
  std::vector<std::vector<unsigned char>> saved_;
};

}  // namespace

void run_simple(const simple_launch& l) {
  refuse_nested_launch();
  const options o = get_options();
  const unsigned workers = effective_workers();
  const std::int64_t grain = task_grain(l.points, workers);
  first_failure failure;
  std::optional<hazard_log> hazards;
  if (o.checks != check_mode::off && l.instrumented) {
    require_own_hooks();  // under libtsan the checks would be silently off
    hazards.emplace(l, false, [&l](std::int64_t point, int) { return "thread " + point_name(l, point) + " of a non-tiled launch"; },
                    o.seed, config_of(o));
  }
  for_each_task(l.points, grain, workers, [&](std::int64_t first, std::int64_t last) {
    if (failure.beyond(first)) return;
    std::optional<hazard_log::share> share;
    if (hazards) share.emplace(*hazards);
    std::int64_t at = first;
    access_monitor& monitor = worker::here().points;
    if (share) monitor.begin_points(l, &at, *share);
    try {
      kernel_code_scope scope;
      l.body(l, first, last, at);
      monitor.end_points();
    } catch (const check_stop&) {
      monitor.end_points();
      failure.offer(at, std::current_exception());
    } catch (...) {
      monitor.end_points();
      failure.offer(at, kernel_threw(std::current_exception(), "thread " + point_name(l, at) + " of a non-tiled launch"));
    }
  });
  if (o.checks != check_mode::off && !l.instrumented) count_launch(uninstrumented_launch(), o.summary);
  finish(failure, hazards, o.summary, workers);
}

void run_tiled(const tiled_launch& l) {
  refuse_nested_launch();
  const options o = get_options();
  const unsigned workers = effective_workers();
  const auto names = [&l](std::int64_t tile, int local) { return thread_description(l, tile, local); };
  // One run at one seed: every tile, the lowest failure kept, the findings into `log`. One worker takes
  // every tile in one call: the per-call set-up (the worker's share of the log, the worker's lookup) is
  // paid once, not per tile.
  const auto run_order = [&](std::uint64_t seed, first_failure& failure, hazard_log* log) {
    const std::int64_t grain = workers <= 1 ? std::max<std::int64_t>(l.tiles, 1) : tile_grain(l.tiles, workers, l.threads_per_tile);
    for_each_task(l.tiles, grain, workers, [&](std::int64_t first, std::int64_t last) {
      std::optional<hazard_log::share> share;
      if (log != nullptr) share.emplace(*log);
      const tile_job job{l, seed, o.stack_bytes, share ? &*share : nullptr};
      worker& w = worker::here();
      for (std::int64_t t = first; t < last;) {
        if (failure.beyond(t)) return;
        // A kernel rewritten for the compiled path runs its threads in loops (up to a run of tiles a call,
        // short enough for a failure elsewhere to be seen soon) or as coroutines, the others on fibers.
        if (l.whole_tile) {
          tiles_run run = w.phases.run_tile_loops(job, t, std::min(last, t + tiles_a_call));
          if (run.error) failure.offer(run.end - 1, std::move(run.error));
          t = run.end;
          continue;
        }
        std::exception_ptr e = l.start ? w.phases.run(job, t) : w.runner.run(job, t);
        if (e) failure.offer(t, std::move(e));
        ++t;
      }
    });
  };
  first_failure failure;
  std::optional<hazard_log> hazards;
  if (o.checks == check_mode::off || !l.instrumented) {
    run_order(o.seed, failure, nullptr);
    if (o.checks != check_mode::off) count_launch(uninstrumented_launch(), o.summary);
    finish(failure, hazards, o.summary, workers);
    return;
  }
  require_own_hooks();  // under libtsan the checks would be silently off
  hazards.emplace(l, true, names, o.seed, config_of(o));
  hazards->set_orders(o.seeds);
  // Further thread orders (TESSERA_SEEDS): each from the memory the launch started with, its findings
  // merged into the first order's log; a failure (or, in stop mode, a finding) ends the launch at that
  // order, reported as a single run would report it. The memory the launch leaves is the last order's.
  std::optional<captured_bytes> start;
  if (o.seeds > 1) start.emplace(l);
  run_order(o.seed, failure, &*hazards);
  if (failure.error()) return finish(failure, hazards, o.summary, workers);
  for (unsigned k = 1; k < o.seeds; ++k) {
    start->restore();
    first_failure again;
    std::optional<hazard_log> more;
    more.emplace(l, true, names, o.seed + k, config_of(o));
    run_order(o.seed + k, again, &*more);
    if (again.error()) return finish(again, more, o.summary, workers);
    hazards->absorb(*more);
    let_go(more, workers);
  }
  finish(failure, hazards, o.summary, workers);
}

}  // namespace tessera::emulator::detail
