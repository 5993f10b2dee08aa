// tile_runner: runs one tile, its kernel threads on the worker's fibers, with a real barrier rendezvous.
//
// Threads of a tile run one at a time on the worker's thread. A barrier phase runs every thread in the
// phase's order until it reaches a barrier or ends; a thread that stops hands the CPU directly to the next
// thread of the phase (one context switch, no scheduler in between; none at all when it ended and the next
// has not started: that one runs on the same stack). The last thread of a phase checks the
// rendezvous: all at one barrier call site -> the next phase starts; all finished -> the tile is done;
// anything else is barrier divergence, reported with the call sites and threads, never a hang. Threads
// still parked are then unwound (their destructors run) and the worker gets the outcome.
#pragma once

#include "../checks/access_monitor.hpp"
#include "fiber_switch.hpp"
#include "stack_pool.hpp"

#include <tessera/emulator/launch.hpp>
#include <tessera/emulator/loop_round.hpp>
#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

#include <array>
#include <csetjmp>
#include <cstdint>
#include <exception>
#include <utility>
#include <vector>

namespace tessera::emulator::detail {

// Thrown inside a parked thread to unwind its stack when its tile is abandoned. Kernel code cannot catch
// it: try/catch is not allowed in kernels (GEN-5).
struct fiber_unwind {};

// Cache lines above a parked thread's saved stack pointer that it touches first when it resumes: the
// saved registers, the barrier path's frame, the kernel's frame.
inline constexpr int resumed_stack_lines = 4;

// One launch as a worker runs its tiles, made by the scheduler for each share of them and passed down:
// the launch, the seed of its threads' order, the size of the fibers' stacks, and the worker's share of
// the launch's hazard log (null: checks off).
struct tile_job {
  const tiled_launch& launch;
  std::uint64_t seed;
  std::size_t stack_bytes;
  hazard_log::share* checks;
};

class tile_runner {
 public:
  explicit tile_runner(stack_pool& stacks) : stacks_(stacks) {}

  // Runs one tile of the job's launch. Returns nullptr on success, else the exception the launch should throw.
  std::exception_ptr run(const tile_job& job, std::int64_t tile);

  // Called from kernel code through tile_barrier (the running thread parks until the phase turns). `pc`:
  // where the kernel's code called the barrier; with site.caller, the barrier's place in the call chain.
  // Defined below, in this header: the whole crossing (bookkeeping, picking the next thread, the switch)
  // is compiled into the one function kernel code calls (execution_hooks.cpp), whatever the build.
  [[gnu::always_inline]] inline void barrier_wait(memory_scope scope, source_site site, const void* pc);
  // Called by the checks when the running thread polls memory without a barrier: the other threads of
  // the phase run (until they stop) before it goes on (spin_watch).
  void yield_polling();

  // The runner whose tile is executing on this thread, or nullptr outside tiled kernels.
  static tile_runner* current() noexcept { return current_; }

  // The kernel thread on the CPU now (its local index, linearized), or -1 when the worker itself runs.
  int running_thread() const noexcept { return running_; }
  // Whether a thread of the running tile has stopped for this phase (parked at a barrier, finished or
  // failed: it changes no memory until the phase turns), or is polling (queued again in this phase by
  // yield_polling). Read by the spin-wait check.
  bool stopped(int thread) const noexcept {
    const state st = threads_[thread].st;
    return st == state::at_barrier || st == state::finished || st == state::threw;
  }
  bool polling(int thread) const noexcept { return threads_[thread].st == state::polling; }
  int threads() const noexcept { return n_; }
  // Where the running kernel thread keeps its innermost loop_round (loop_round.hpp); null for the worker.
  loop_round** running_loop_rounds() noexcept { return running_ >= 0 ? &threads_[running_].rounds : nullptr; }

  // Async-signal-safe: is addr in a guard page of this runner's stacks?
  bool in_guard(const void* addr) const noexcept { return stacks_.in_guard(addr); }
  // The stack overflow path (guard-page handler): leave the tile for good.
  [[noreturn]] void abandon_after_overflow() noexcept;

 private:
  enum class state : unsigned char { fresh, running, at_barrier, polling, finished, threw };
  // Everything the barrier path touches for one thread: its saved context, where it stopped and how.
  struct thread_slot {
    fiber_context context;
    const char* file;  // the barrier's call site, when state == at_barrier
    int line;
    memory_scope scope;
    state st;
    std::uint16_t fiber;  // the fiber (and stack) that runs it: tiles hold at most 1024 threads
    const void* pc;       // where the kernel's machine code called it
    const void* caller;   // where the function that called it returns to
    loop_round* rounds;   // the innermost loop around it (rewritten kernels: loop_round.hpp); null: none
  };

  // A fiber runs kernel threads one after another for as long as the worker lives: when its thread ends,
  // it picks the next thread of the phase; one that has not started yet it runs itself, on the stack it
  // is on (a tile whose threads meet no barrier runs on one stack, without a switch), any other it
  // switches to, and it waits, idle, until a thread is started on it again. So a fiber is made once per
  // stack, not once per thread of every tile.
  static void fiber_main(void* runner);
  void prepare_fibers(const std::vector<fiber_stack>& stacks);  // every thread of the tile gets an idle fiber of its own (made the first time)
  [[gnu::always_inline]] int next_after_stop() {  // pick who runs after the current thread stopped; -1: the worker
    if (++pos_ < static_cast<int>(order_.size())) return order_[pos_];
    return end_phase();
  }
  int end_phase();  // the rendezvous check, once per phase: out of line
  // From the running thread (or the worker) to target.
  [[gnu::always_inline]] void switch_to(int target) noexcept {
    fiber_context* save = running_ < 0 ? &worker_ctx_ : &threads_[running_].context;
    running_ = target;
    fiber_switch(save, target < 0 ? worker_ctx_ : threads_[target].context);
  }

  // What the checks see of this tile: the runner's answers behind the checks' interface.
  class threads_view final : public tile_threads {
   public:
    explicit threads_view(tile_runner& r) : r_(r) {}
    const int& running_thread() const noexcept override { return r_.running_; }
    stack_regions stacks() const noexcept override { return r_.stacks_.layout(); }
    int threads() const noexcept override { return r_.threads(); }
    bool stopped(int thread) const noexcept override { return r_.stopped(thread); }
    bool polling(int thread) const noexcept override { return r_.polling(thread); }
    void yield_polling() override { r_.yield_polling(); }

   private:
    tile_runner& r_;
  };
  void unwind_parked();
  std::exception_ptr divergence_report() const;
  bool call_chains_differ() const;  // threads waiting at one line: do they wait there from one place?
  std::uint32_t call_chain_number_of(const void* pc, const void* caller) const;
  // An arrival at this phase's line from another (pc, caller) than the first arrival's.
  [[gnu::always_inline]] void note_other_place(const void* pc, const void* caller) {
    chain_mismatch_ = true;
    const std::pair<const void*, const void*> place{pc, caller};
    for (int i = 0; i < other_place_count_ && i < listed_places; ++i)
      if (other_places_[i] == place) return;
    if (other_place_count_ < listed_places) other_places_[other_place_count_] = place;
    if (other_place_count_ <= listed_places) ++other_place_count_;
  }
  std::vector<source_line> call_chain(const thread_slot& t, bool for_report) const;
  std::exception_ptr exception_report() const;
  std::exception_ptr overflow_report() const;

  static inline thread_local tile_runner* current_ = nullptr;  // read on every barrier: keep it one load

  stack_pool& stacks_;
  access_monitor monitor_;
  const tiled_launch* launch_ = nullptr;
  std::int64_t tile_ = 0;
  tile_position tile_index_{};  // tile_ in the launch's grid of tiles (rank components), for every thread
  hazard_log::share* checks_ = nullptr;  // the launch's checks (null: off): they hear of tiles and phases
  std::uint64_t seed_ = 0;
  std::size_t stack_bytes_ = 0;
  std::uint64_t phase_ = 0;
  int n_ = 0;
  int pos_ = 0;          // position of the running thread in order_
  int running_ = -1;     // thread now on the CPU; -1 is the worker
  threads_view view_{*this};
  bool unwinding_ = false;
  bool divergent_ = false;
  bool stopped_by_check_ = false;  // a check ended the tile (check_stop)
  bool order_grown_ = false;       // polling threads were queued again in this phase
  fiber_context worker_ctx_ = nullptr;
  std::vector<fiber_context> idle_;  // the idle fibers' contexts, one per stack; empty: none made yet
  unsigned long fibers_generation_ = 0;  // the pool's generation of stacks idle_'s fibers were made on
  std::vector<thread_slot> threads_;
  std::vector<int> order_;
  int identity_order_of_ = -1;  // order_ holds 0..n-1 for this n (seed 0), so a tile need not refill it
  // This phase so far, so that its end is checked in constant time.
  int waiting_ = 0;
  int finished_ = 0;
  int threw_ = 0;
  bool mismatch_ = false;
  bool chain_mismatch_ = false;  // same line, but the machine code or the calling function differs
  bool chains_diverged_ = false;  // ... and the call chains differ: the report names them
  bool rounds_differ_ = false;    // threads wait in different rounds of the loops around a barrier
  std::uint64_t phase_rounds_ = 0;  // the phase's first arrival's round_key
  // call_chain_number()'s answers for the (pc, caller) pairs this worker has met, direct-mapped: a kernel
  // whose barrier call the compiler duplicated asks for the same few at every barrier of every tile.
  struct chain_number_memo {
    const void* pc = nullptr;
    const void* caller = nullptr;
    std::uint32_t number = 0;
  };
  mutable std::array<chain_number_memo, 64> chain_numbers_{};
  // This phase's other (pc, caller) pairs, listed as they arrive (usually one: the call's other copy), so
  // the phase end compares a few numbers, not every thread's. listed_places + 1: more than fit; the phase
  // end looks at every thread.
  static constexpr int listed_places = 4;
  std::array<std::pair<const void*, const void*>, listed_places> other_places_{};
  int other_place_count_ = 0;
  const char* phase_file_ = nullptr;  // the phase's first arrival
  int phase_line_ = 0;
  const void* phase_pc_ = nullptr;
  const void* phase_caller_ = nullptr;
  memory_scope phase_scope_ = memory_scope::all_memory;
  std::vector<std::exception_ptr> thrown_;
  sigjmp_buf overflow_exit_;
  int overflowing_ = -1;  // the thread whose stack overflowed just now
  int overflowed_ = -1;   // the lowest thread of the tile whose stack overflowed
};

void tile_runner::barrier_wait(memory_scope scope, source_site site, const void* pc) {
  if (unwinding_) throw fiber_unwind{};
  monitor_.before_barrier();
  const int self = running_;
  thread_slot& me = threads_[self];
  me.st = state::at_barrier;
  me.file = site.file;
  me.line = site.line;
  me.scope = scope;
  me.pc = pc;
  me.caller = site.caller;
  const std::uint64_t rounds = round_key(me.rounds);  // me.rounds: the loops it is in (running_loop_rounds)
  if (waiting_++ == 0) {
    phase_file_ = site.file;
    phase_line_ = site.line;
    phase_scope_ = scope;
    phase_pc_ = pc;
    phase_caller_ = site.caller;
    phase_rounds_ = rounds;
    other_place_count_ = 0;
  } else {
    if (site.file != phase_file_ || site.line != phase_line_ || scope != phase_scope_) {
      // Different string literals may still name one file (the same header in two translation units).
      if (!(site == source_site{phase_file_, phase_line_}) || scope != phase_scope_) mismatch_ = true;
    }
    // One call in two rounds of a loop around it is two barriers (a `continue` some threads took).
    if (rounds != phase_rounds_) [[unlikely]] mismatch_ = rounds_differ_ = true;
  }
  // One line reached from two places (a helper that waits, called from both branches of an `if`) is two
  // barriers on a GPU. Told apart by addresses here; the phase end decides from the source lines (the
  // compiler may copy one barrier call into two places of the machine code).
  if (pc != phase_pc_ || site.caller != phase_caller_) note_other_place(pc, site.caller);
  const int next = next_after_stop();
  if (next == self) return;  // the phase turned and this thread runs first in the next one
  // The thread after `next` resumes from its saved registers at the top of its stack, which a tile of
  // many threads has long pushed out of the L1 cache, and goes on in the frames just above them (this
  // function's, the kernel's, whose first store is the next wait's source_site): fetch those lines while
  // `next` runs.
  if (pos_ + 1 < static_cast<int>(order_.size())) {
    const char* top = static_cast<const char*>(threads_[order_[pos_ + 1]].context);
    for (int line = 0; line < resumed_stack_lines; ++line) __builtin_prefetch(top + 64 * line, 1);
  }
  switch_to(next);
  if (unwinding_) throw fiber_unwind{};
}

}  // namespace tessera::emulator::detail
