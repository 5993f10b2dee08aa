#include "phase_runner.hpp"

#include "../report/kernel_failure_report.hpp"
#include "../report/thread_names.hpp"
#include "schedule_order.hpp"

#include <tessera/detail/row_major.hpp>
#include <tessera/exceptions.hpp>

#include <algorithm>
#include <bit>
#include <csetjmp>
#include <cstring>

namespace tessera::emulator::detail {

void frame_arena::reset() {
  if (!spills_.empty()) {  // the tile needed more: one block of all of it from now on
    size_ += spilled_;
    block_ = std::make_unique_for_overwrite<std::byte[]>(size_);
    spills_.clear();
    spilled_ = 0;
  }
  used_ = 0;
}

void* frame_arena::spill(std::size_t bytes) {
  spills_.push_back(std::make_unique_for_overwrite<std::byte[]>(bytes));
  spilled_ += bytes;
  return spills_.back().get();
}

void* phase_frame_allocate(std::size_t bytes) {
  if (phase_runner* r = phase_runner::current()) [[likely]] return r->frames().allocate(bytes);
  throw unsupported_feature(
      "a kernel rewritten for the compiled path was called outside parallel_for_each; kernels run only as "
      "launches (PFE-1)");
}

void phase_thread_threw(std::exception_ptr error) noexcept {
  if (phase_runner* r = phase_runner::current()) r->thread_threw(std::move(error));
}

tile_loop_state& running_tile_loop() {
  if (phase_runner* r = phase_runner::current()) [[likely]] return r->tile_loop();
  throw unsupported_feature(
      "a kernel rewritten for the compiled path was called outside parallel_for_each; kernels run only as "
      "launches (PFE-1)");
}

void tile_loop_thread_threw(int local) noexcept {
  if (phase_runner* r = phase_runner::current()) r->tile_loop_thread_threw(local, std::current_exception());
}

void tile_loop_next_order() { phase_runner::current()->tile_loop_next_order(); }

void tile_loop_barrier(memory_scope scope, const source_site& site) { phase_runner::current()->tile_loop_barrier(scope, site); }

void tile_loop_runs(int local) noexcept { phase_runner::current()->tile_loop_runs(local); }

const tile_position& phase_runner::position_of(const tiled_launch& launch, std::int64_t tile) noexcept {
  // A worker takes its tiles in runs of consecutive numbers: the next one's position is the last one's
  // stepped in row-major order, without the divisions (a quarter of a tile of 4 threads' time), when the
  // grid of tiles has the same shape (the position depends on nothing else, whichever launch it is). A
  // dimension beyond the rank has one tile: it carries on at once, so every rank steps alike.
  const int* dims = launch.tiles_per_dim;
  if (tile == last_tile_ + 1 && launch.rank == last_rank_ && dims[0] == last_tiles_per_dim_[0] &&
      dims[1] == last_tiles_per_dim_[1] && dims[2] == last_tiles_per_dim_[2]) {
    step_row_major(last_position_, dims);
  } else {
    last_position_ = tile_position{};
    tessera::detail::delinearize(tile, dims, launch.rank, last_position_.index);
    last_rank_ = launch.rank;
    for (int d = 0; d < 3; ++d) last_tiles_per_dim_[d] = dims[d];
  }
  last_tile_ = tile;
  return last_position_;
}

tile_loop_state& tile_loop_block::reset(int threads) {
  if (threads > threads_ || block_ == nullptr) {
    threads_ = threads;
    block_ = std::make_unique_for_overwrite<std::byte[]>(bytes());
  }
  return *new (block_.get()) tile_loop_state{};
}

tiles_run phase_runner::run_tile_loops(const tile_job& job, std::int64_t first, std::int64_t last) {
  const tiled_launch& launch = job.launch;
  const int n = launch.threads_per_tile;
  tile_loop_state& state = loop_.reset(n);
  loop_job_ = &job;
  loop_tile_ = first;
  loop_phase_ = 0;
  const running_tile running(this);
  if (job.seed == 0 && job.checks == nullptr) {
    // The threads' own order, no checks: the tiles one after another in one call (a tile whose thread
    // threw ends it). The state stays fresh from tile to tile: only a throw changes it.
    tile_position at = position_of(launch, first);
    const std::int64_t ran = launch.whole_tiles(launch, at, last - first, state.failed);
    loop_tile_ = last_tile_ = first + ran - 1;  // where position_of steps on from
    last_position_ = at;
    return {first + ran, state.failed ? exception_report(launch, loop_tile_) : nullptr};
  }
  if (job.checks != nullptr) return run_checked_tile_loops(job, first, last);
  // One tile in its own order of the threads (a seed other than 0).
  schedule_order(job.seed, first, 0, loop_.order(), n);
  state.order = loop_.order();
  launch.whole_tile(launch, position_of(launch, first));  // read by the kernel's call, field by field
  return {first + 1, state.failed ? exception_report(launch, first) : nullptr};
}

tiles_run phase_runner::run_checked_tile_loops(const tile_job& job, std::int64_t first, std::int64_t last) {
  const tiled_launch& launch = job.launch;
  const int n = launch.threads_per_tile;
  // The checks are set up once for the run, each tile begun and ended in it. The kernel's instrumented
  // code reads the tile's position and state, so both lie where the checks take them for its own (its
  // stack, the block shown as the launch's).
  monitor_.begin_tiles(loop_view_, launch, *job.checks, loop_.begin(), loop_.bytes());
  tiles_run run{first, nullptr};
  while (run.end < last) {
    const std::int64_t tile = run.end++;
    tile_loop_state& state = loop_.reset(n);  // fresh: a check that stopped the last tile left it mid-phase
    state.checked = true;
    loop_tile_ = tile;
    loop_phase_ = 0;
    if (job.seed != 0) {
      schedule_order(job.seed, tile, 0, loop_.order(), n);
      state.order = loop_.order();
    }
    monitor_.next_tile(tile);
    const bool stopped = run_checked_tile(launch, position_of(launch, tile));
    monitor_.tile_ended();
    // As on the fiber path: a check that stopped the tile ends the launch in stop mode, and only the tile
    // in report mode (its finding is in the log); a thread that threw ends the run and the launch.
    if (stopped && job.checks->log().config().stop_at_first) run.error = std::make_exception_ptr(check_stop{});
    else if (!stopped && state.failed) run.error = exception_report(launch, tile);
    if (run.error) break;
  }
  monitor_.end_tiles();
  return run;
}

// Apart from the run's loop: a function that calls setjmp keeps its registers on the stack around every
// call. A check that stops the tile jumps back here (check_context::stop says why it cannot throw),
// leaving the kernel's frame as it is: the locals kept across barriers are plain values, and a local of a
// class with a destructor in a thread's run (which kernel code for a GPU has not) is not destroyed.
bool phase_runner::run_checked_tile(const tiled_launch& launch, const tile_position& position) {
  const tile_position at = position;  // the kernel's own copy, on the stack the checks take for its own
  std::jmp_buf stop_exit;
  if (setjmp(stop_exit) != 0) {
    monitor_.set_stop_exit(nullptr);
    return true;
  }
  monitor_.set_stop_exit(&stop_exit);
  launch.whole_tile(launch, at);
  monitor_.thread_done();  // the last thread's write held by allow-same-value is settled
  monitor_.set_stop_exit(nullptr);
  return false;
}

void phase_runner::tile_loop_thread_threw(int local, std::exception_ptr error) noexcept {
  tile_loop_state& state = loop_.state();
  const std::size_t n = static_cast<std::size_t>(loop_job_->launch.threads_per_tile);
  if (!state.failed) {
    errors_.assign(n, nullptr);
    std::fill_n(loop_.out(), n, 0);
    state.out = loop_.out();
    state.failed = true;
  }
  errors_[static_cast<std::size_t>(local)] = std::move(error);
  loop_.out()[local] = 1;
}

void phase_runner::tile_loop_next_order() {
  schedule_order(loop_job_->seed, loop_tile_, ++loop_phase_, loop_.order(), loop_job_->launch.threads_per_tile);
}

void phase_runner::tile_loop_runs(int local) noexcept {
  loop_.state().running = local;
  monitor_.thread_runs(local);
}

void phase_runner::tile_loop_barrier(memory_scope scope, const source_site& site) {
  monitor_.before_barrier();  // the last thread's held write is settled (a finding in stop mode jumps back to run_tile_loops)
  monitor_.phase_turn(scope, site);
}

std::exception_ptr phase_runner::run(const tile_job& job, std::int64_t tile) {
  const tiled_launch& launch = job.launch;
  const int n = launch.threads_per_tile;
  const tile_position position = position_of(launch, tile);
  // Seed 0 runs every phase in local-index order, which needs no table (run_phase<false>).
  if (job.seed != 0) {
    order_.resize(n);
    schedule_order(job.seed, tile, 0, order_);
  }

  // This runner is the thread's way in for the frames' allocations, until the tile ends however it ends.
  const running_tile running(this);
  frames_.reset();
  threads_.clear();
  rounds_.assign(static_cast<std::size_t>(n), nullptr);
  try {
    for (int i = 0; i < n; ++i) threads_.push_back(phased::handle::from_address(launch.start(launch, position, i)));
  } catch (...) {  // no memory for a frame: the threads made so far have not started
    destroy_threads();
    throw;
  }

  std::exception_ptr outcome;
  for (std::uint64_t phase = 0;; ++phase) {
    if (phase > 0 && job.seed != 0) schedule_order(job.seed, tile, phase, order_);
    const phase_tally t = job.seed == 0 ? run_phase<false>() : run_phase<true>();
    if (t.threw > 0) {
      outcome = exception_report(launch, tile);
      break;
    }
    if (t.waiting == 0) break;  // every thread finished: the tile is done
    if (t.finished > 0 || t.mismatch) {
      outcome = divergence_report(launch, tile);
      break;
    }
  }
  // A thread that finished has nothing left to destroy in its frame: its locals are gone, and what remains
  // (the promise, the copy of its tiled_index, the kernel's address) is trivially destructible; the arena
  // takes the frames back at once. Threads still parked (an abandoned tile) have their locals destroyed.
  if (outcome) destroy_threads();
  return outcome;
}

namespace {

// One barrier call: the same source_location object (one pointer: compared inline), or (a header's call
// compiled into two translation units) the same file, line and column.
[[gnu::noinline]] bool same_place(const std::source_location& x, const std::source_location& y) noexcept {
  if (x.line() != y.line() || x.column() != y.column()) return false;
  return x.file_name() == y.file_name() || std::strcmp(x.file_name(), y.file_name()) == 0;
}

inline bool same_barrier(const phase_state& a, const phase_state& b) noexcept {
  if (a.scope != b.scope || a.rounds != b.rounds) return false;  // one call in two rounds of a loop: two barriers
  if constexpr (sizeof a.site == sizeof(void*))
    if (std::bit_cast<const void*>(a.site) == std::bit_cast<const void*>(b.site)) return true;
  return same_place(a.site, b.site);
}

}  // namespace

// Every thread of the tile once, in the phase's order (seed 0: local-index order, without looking it up).
template <bool Shuffled>
phase_runner::phase_tally phase_runner::run_phase() {
  phase_tally t;
  const int n = static_cast<int>(threads_.size());
  const phase_state* first = nullptr;  // the phase's first arrival at a barrier
  for (int k = 0; k < n; ++k) {
    const int i = Shuffled ? order_[k] : k;
    const phased::handle h = threads_[i];
    running_ = i;
    h.resume();
    const phased::promise_type& p = h.promise();
    if (p.stop == phase_stop::at_barrier) [[likely]] {
      if (t.waiting++ == 0) first = &p;
      else if (!same_barrier(p, *first)) t.mismatch = true;
    } else if (p.stop == phase_stop::finished) {
      ++t.finished;
    } else {  // threw: a resumed coroutine stops in one of these three ways
      if (t.threw++ == 0) errors_.assign(threads_.size(), nullptr);
      errors_[i] = std::move(pending_error_);
    }
  }
  running_ = -1;
  return t;
}

void phase_runner::destroy_threads() noexcept {
  // As the fiber path unwinds a parked thread.
  for (phased::handle& h : threads_) h.destroy();
}

std::exception_ptr phase_runner::divergence_report(const tiled_launch& launch, std::int64_t tile) const {
  // Two barriers on one line are told apart by their columns: name them when the lines agree.
  const int n = static_cast<int>(threads_.size());
  bool columns_differ = false, rounds_differ = false;
  const phased::promise_type* first = nullptr;
  for (const phased::handle& h : threads_) {
    const phased::promise_type& p = h.promise();
    if (p.stop != phase_stop::at_barrier) continue;
    if (first == nullptr) first = &p;
    else if (p.site.line() == first->site.line() && p.site.column() != first->site.column()) columns_differ = true;
    if (first != &p && p.rounds != first->rounds) rounds_differ = true;
  }
  std::vector<thread_stop> stops(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const phased::promise_type& p = threads_[i].promise();
    thread_stop& s = stops[i];
    if (p.stop != phase_stop::at_barrier) {
      s.at_end = true;
      continue;
    }
    s.call = source_line{p.site.file_name(), static_cast<int>(p.site.line())};
    s.call.column = static_cast<int>(p.site.column());
    s.scope = p.scope;
    s.name_column = columns_differ;
    if (rounds_differ) s.rounds = rounds_text(rounds_[static_cast<std::size_t>(i)]);  // its frame is still there
  }
  return divergence_error(launch, tile, stops);
}

std::exception_ptr phase_runner::exception_report(const tiled_launch& launch, std::int64_t tile) const {
  const int n = static_cast<int>(errors_.size());
  for (int i = 0; i < n; ++i)
    if (errors_[i]) return kernel_threw(errors_[i], thread_description(launch, tile, i));
  return nullptr;
}

}  // namespace tessera::emulator::detail
