// phase_runner: runs one tile of a kernel rewritten for the compiled path, in either of its forms:
// coroutines (tessera/emulator/phased.hpp) or tile loops (tessera/emulator/looped.hpp).
//
// Each kernel thread is a coroutine that suspends at every barrier; a phase is a loop over the tile's
// threads, resuming each until it stops, in the phase order the fiber path uses (schedule_order.hpp).
// No stack per thread, no context switch: what remains per thread and phase is a call, and the frames
// of a tile lie side by side in one arena. The rendezvous is checked as tile_runner checks it: all at one
// barrier (one line, column and fence) -> the next phase; all finished -> done; anything else is barrier
// divergence, reported with the places and threads. A thread that throws ends the tile after its phase
// with the lowest such thread's exception.
//
// A kernel in tile loops runs its threads itself, in one call per tile (per run of tiles, unchecked in the
// threads' own order); the runner gives it each phase's order and keeps the exceptions of its threads
// (tile_loop_state), and reports them as above. Built with the checks as well (tessera_checked_kernels),
// its tiles are checked: the monitor takes the thread the loops run (tile_loop_state::running), the
// worker's stack as every thread's own, and each barrier's end of an interval from the kernel
// (tile_loop_barrier).
#pragma once

#include "tile_runner.hpp"

#include <tessera/emulator/launch.hpp>
#include <tessera/emulator/looped.hpp>
#include <tessera/emulator/phased.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <vector>

namespace tessera::emulator::detail {

// Where a run of tiles in tile loops stopped: `end` is one past the last tile that ran; `error`, the
// exception the launch should throw for tile end - 1, or nullptr.
struct tiles_run {
  std::int64_t end;
  std::exception_ptr error;
};

// The frames of one tile's coroutines: bumped, freed all at once when the tile ends. It grows to the
// largest tile seen and then allocates nothing.
class frame_arena {
 public:
  void* allocate(std::size_t bytes) {
    bytes = (bytes + alignment - 1) & ~(alignment - 1);
    if (used_ + bytes > size_) return spill(bytes);
    void* p = block_.get() + used_;
    used_ += bytes;
    return p;
  }
  // Every frame of the last tile is gone: the next tile starts from the front, in one block of the size
  // the last one needed.
  void reset();

 private:
  static constexpr std::size_t alignment = __STDCPP_DEFAULT_NEW_ALIGNMENT__;
  void* spill(std::size_t bytes);

  std::unique_ptr<std::byte[]> block_;
  std::size_t size_ = 0;
  std::size_t used_ = 0;
  std::size_t spilled_ = 0;  // bytes this tile took beyond the block
  std::vector<std::unique_ptr<std::byte[]>> spills_;
};

// What a kernel in tile loops reads of its tile's state, in one block: the state, the phase's order and
// which threads sit out. A checked tile shows the block to the checks as the launch's own memory (the
// kernel's instrumented code reads it), so they never take it for shared or host memory.
class tile_loop_block {
 public:
  // Room for a tile of `threads`; the state fresh, the order and sit-out flags unset.
  tile_loop_state& reset(int threads);
  tile_loop_state& state() noexcept { return *std::launder(reinterpret_cast<tile_loop_state*>(block_.get())); }
  int* order() noexcept { return reinterpret_cast<int*>(block_.get() + order_at); }
  unsigned char* out() noexcept { return reinterpret_cast<unsigned char*>(block_.get() + order_at) + sizeof(int) * threads_; }
  const void* begin() const noexcept { return block_.get(); }
  std::size_t bytes() const noexcept { return order_at + (sizeof(int) + 1) * static_cast<std::size_t>(threads_); }

 private:
  static constexpr std::size_t order_at = (sizeof(tile_loop_state) + alignof(int) - 1) / alignof(int) * alignof(int);
  std::unique_ptr<std::byte[]> block_;
  int threads_ = 0;
};

class phase_runner {
 public:
  // Runs one tile of the job's launch (its `start` is set). Returns nullptr on success, else the exception
  // the launch should throw.
  std::exception_ptr run(const tile_job& job, std::int64_t tile);
  // The same for a kernel rewritten into tile loops (its `whole_tile` is set), from tile `first` on: up to
  // `last` in one call, stopping after a tile that fails (at a seed other than 0 unchecked: one tile).
  tiles_run run_tile_loops(const tile_job& job, std::int64_t first, std::int64_t last);

  // The runner whose tile is executing on this thread, or nullptr.
  static phase_runner* current() noexcept { return current_; }
  frame_arena& frames() noexcept { return frames_; }
  // From the promise of the thread being resumed, when an exception left its body.
  void thread_threw(std::exception_ptr error) noexcept { pending_error_ = std::move(error); }
  // Where the thread being resumed keeps its innermost loop_round (loop_round.hpp); null between resumes.
  loop_round** running_loop_rounds() noexcept { return running_ >= 0 ? &rounds_[static_cast<std::size_t>(running_)] : nullptr; }

  // The running tile-loop kernel's (looped.hpp): its state, a thread's exception, the next phase's order,
  // a barrier of a checked tile.
  tile_loop_state& tile_loop() noexcept { return loop_.state(); }
  void tile_loop_thread_threw(int local, std::exception_ptr error) noexcept;
  void tile_loop_next_order();
  void tile_loop_barrier(memory_scope scope, const source_site& site);
  void tile_loop_runs(int local) noexcept;

 private:
  // How the threads of one phase stopped.
  struct phase_tally {
    int waiting = 0;
    int finished = 0;
    int threw = 0;
    bool mismatch = false;  // not all at one barrier
  };
  template <bool Shuffled>
  phase_tally run_phase();
  // Checked tile loops: tiles first..last-1 with the checks set up once, stopping after a tile that fails.
  tiles_run run_checked_tile_loops(const tile_job& job, std::int64_t first, std::int64_t last);
  // One checked tile; true when a check stopped it.
  [[gnu::noinline]] bool run_checked_tile(const tiled_launch& launch, const tile_position& position);
  const tile_position& position_of(const tiled_launch& launch, std::int64_t tile) noexcept;
  std::exception_ptr divergence_report(const tiled_launch& launch, std::int64_t tile) const;
  std::exception_ptr exception_report(const tiled_launch& launch, std::int64_t tile) const;
  void destroy_threads() noexcept;

  static inline thread_local phase_runner* current_ = nullptr;
  // This runner is the worker's way in (current()) while one of its tiles runs, however the tile ends.
  struct running_tile {
    explicit running_tile(phase_runner* r) noexcept { current_ = r; }
    ~running_tile() { current_ = nullptr; }
  };

  frame_arena frames_;
  std::vector<phased::handle> threads_;
  std::vector<std::exception_ptr> errors_;  // per thread; only a tile in which a thread threw fills it
  std::exception_ptr pending_error_;
  std::vector<int> order_;  // the phase's order, for seeds other than 0
  std::vector<loop_round*> rounds_;  // per thread: the innermost loop it is in (its frame holds the chain)
  int running_ = -1;                 // the thread being resumed

  // The last tile's position (position_of): the next tile's is found from it.
  int last_rank_ = 0;
  int last_tiles_per_dim_[3] = {};
  std::int64_t last_tile_ = -1;
  tile_position last_position_{};

  // A tile-loop kernel's tile: its state, which threads threw, where the phases are.
  tile_loop_block loop_;
  const tile_job* loop_job_ = nullptr;
  std::int64_t loop_tile_ = 0;
  std::uint64_t loop_phase_ = 0;

  // The checks of a tile in tile loops: every thread runs on the worker's stack, one after another, and
  // none can wait for another between barriers (nothing else runs until it moves on).
  class loop_threads final : public tile_threads {
   public:
    explicit loop_threads(phase_runner& r) : r_(r) {}
    const int& running_thread() const noexcept override { return r_.loop_.state().running; }
    stack_regions stacks() const noexcept override { return {}; }  // stride 0: one stack, the worker's
    int threads() const noexcept override { return r_.loop_job_->launch.threads_per_tile; }
    bool stopped(int) const noexcept override { return true; }
    bool polling(int) const noexcept override { return false; }
    void yield_polling() override {}

   private:
    phase_runner& r_;
  };
  loop_threads loop_view_{*this};
  access_monitor monitor_;
};

}  // namespace tessera::emulator::detail
