#include "tile_runner.hpp"

#include "../report/code_sites.hpp"
#include "schedule_order.hpp"
#include "../report/kernel_failure_report.hpp"
#include "../report/thread_names.hpp"

#include <tessera/detail/row_major.hpp>
#include <tessera/kernel_failures.hpp>

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

namespace tessera::emulator::detail {
std::exception_ptr tile_runner::run(const tile_job& job, std::int64_t tile) {
  const tiled_launch& launch = job.launch;
  launch_ = &launch;
  tile_ = tile;
  tessera::detail::delinearize(tile, launch.tiles_per_dim, launch.rank, tile_index_.index);
  // Checks off (no hazard log): the monitor has nothing to set up, follow or close for this tile.
  checks_ = job.checks;
  seed_ = job.seed;
  stack_bytes_ = job.stack_bytes;
  phase_ = 0;
  n_ = launch.threads_per_tile;
  unwinding_ = false;
  divergent_ = false;
  stopped_by_check_ = false;
  order_grown_ = false;
  overflowed_ = -1;
  running_ = -1;
  threads_.resize(n_);
  order_.resize(n_);
  // Only a tile in which a thread threw leaves anything in thrown_ (threw_ still counts them).
  if (threw_ != 0 || static_cast<int>(thrown_.size()) != n_) thrown_.assign(n_, nullptr);
  prepare_fibers(stacks_.reserve(n_, stack_bytes_));
  // Seed 0 runs every phase in local-index order: the order left by the previous tile of the same size
  // still is (polling threads queued again were appended after it and cut off by the resize).
  if (seed_ != 0 || identity_order_of_ != n_) {
    schedule_order(seed_, tile_, phase_, order_);
    identity_order_of_ = seed_ == 0 ? n_ : -1;
  }
  pos_ = 0;
  waiting_ = finished_ = threw_ = 0;
  mismatch_ = chain_mismatch_ = chains_diverged_ = rounds_differ_ = false;

  current_ = this;
  if (checks_ != nullptr) monitor_.begin_tile(view_, launch, tile, *checks_);
  // No signal mask is saved here (that is a system call per tile); the overflow path unblocks SIGSEGV,
  // which the handler it left had blocked.
  if (sigsetjmp(overflow_exit_, 0) != 0) {  // back from the guard-page handler, on the worker's stack
    idle_.clear();  // the overflowing thread's fiber is abandoned mid-flight: the next tile makes new fibers
    sigset_t segv;
    sigemptyset(&segv);
    sigaddset(&segv, SIGSEGV);
    pthread_sigmask(SIG_UNBLOCK, &segv, nullptr);
    // The thread's stack is lost: it ends here, as a thread that threw. The others of its phase still run
    // until they stop, so every thread that overflows in this phase does, whatever the thread order, and
    // the report names the lowest of them: the same at every seed.
    threads_[overflowing_].st = state::threw;
    ++threw_;
    if (overflowed_ < 0 || overflowing_ < overflowed_) overflowed_ = overflowing_;
    running_ = -1;
    if (const int next = next_after_stop(); next >= 0) switch_to(next);  // back here when the tile ends
  } else {
    switch_to(order_[0]);  // the tile runs; control returns here when a phase ends the tile
  }

  std::exception_ptr outcome;
  if (overflowed_ >= 0) {
    outcome = overflow_report();
  } else if (stopped_by_check_) {
    // The finding is in the launch's hazard log. In stop mode the launch ends at it; in report mode only
    // this tile did (its threads could not go on), and the launch continues.
    if (checks_ != nullptr && checks_->log().config().stop_at_first)
      outcome = std::make_exception_ptr(check_stop{});
  } else if (divergent_) {
    outcome = divergence_report();
  } else {
    outcome = exception_report();
  }
  if (checks_ != nullptr) monitor_.end_tile();  // unwinding runs destructors, not kernel code worth checking
  if (outcome || stopped_by_check_) unwind_parked();
  current_ = nullptr;
  return outcome;
}

void tile_runner::prepare_fibers(const std::vector<fiber_stack>& stacks) {
  if (fibers_generation_ != stacks_.generation()) {  // the pool has unmapped the old stacks: their fibers are gone
    idle_.clear();
    fibers_generation_ = stacks_.generation();
  }
  while (static_cast<int>(idle_.size()) < n_) {
    const fiber_stack& s = stacks[idle_.size()];
    idle_.push_back(make_fiber(s.top, s.usable, &tile_runner::fiber_main, this));
  }
  for (int i = 0; i < n_; ++i) {
    thread_slot& t = threads_[i];
    t.context = idle_[i];
    t.st = state::fresh;
    t.fiber = static_cast<std::uint16_t>(i);
    t.rounds = nullptr;
  }
}

void tile_runner::fiber_main(void* runner) {
  auto* r = static_cast<tile_runner*>(runner);
  for (;;) {  // one kernel thread per round; the thread to run is the one switched to (running_)
    const int self = r->running_;
    r->threads_[self].st = state::running;
    bool unwound = false;
    try {
      r->launch_->body(*r->launch_, r->tile_index_, self);
      r->monitor_.thread_done();
    } catch (const fiber_unwind&) {
      unwound = true;
    } catch (const check_stop&) {
      r->stopped_by_check_ = true;
      unwound = true;
    } catch (...) {
      r->thrown_[self] = std::current_exception();
    }
    // Go on only after the catch block has ended, so the thread's exception bookkeeping stays balanced.
    int next = -1;
    if (unwound) {
      r->threads_[self].st = state::finished;
    } else {
      if (r->thrown_[self]) {
        r->threads_[self].st = state::threw;
        ++r->threw_;
      } else {
        r->threads_[self].st = state::finished;
        ++r->finished_;
      }
      next = r->next_after_stop();
      if (next >= 0 && r->threads_[next].st == state::fresh) {  // not started yet: it runs here, on this stack
        r->threads_[next].fiber = r->threads_[self].fiber;
        r->running_ = next;
        continue;
      }
    }
    // This fiber is idle until a thread is started on it again (a later tile, or a later thread of this
    // one that has it as its own).
    const int fiber = r->threads_[self].fiber;
    r->running_ = next;
    fiber_switch(&r->idle_[fiber], next < 0 ? r->worker_ctx_ : r->threads_[next].context);
  }
}

void tile_runner::yield_polling() {
  if (unwinding_) throw fiber_unwind{};
  const int self = running_;
  threads_[self].st = state::polling;
  order_.push_back(self);  // its turn comes again after every thread still to run in this phase
  order_grown_ = true;
  const int next = next_after_stop();
  if (next != self) switch_to(next);
  if (unwinding_) throw fiber_unwind{};
  threads_[self].st = state::running;
}

int tile_runner::end_phase() {
  if (threw_ > 0) return -1;     // the worker reports the exception
  if (waiting_ == 0) return -1;  // every thread finished: the tile is done
  if (finished_ > 0 || mismatch_ || (chain_mismatch_ && call_chains_differ())) {
    chains_diverged_ = !mismatch_ && finished_ == 0;
    divergent_ = true;
    return -1;
  }
  chain_mismatch_ = false;
  // Rendezvous: every thread waits at one barrier. Their states stay at_barrier until each stops again,
  // which is what a parked thread is.
  ++phase_;
  if (checks_ != nullptr) monitor_.phase_turn(phase_scope_, source_site{phase_file_, phase_line_});
  if (order_grown_) {
    order_.resize(n_);
    order_grown_ = false;
    schedule_order(seed_, tile_, phase_, order_);
  } else if (seed_ != 0) {
    schedule_order(seed_, tile_, phase_, order_);
  }
  pos_ = 0;
  waiting_ = 0;
  return order_[0];
}

void tile_runner::unwind_parked() {
  unwinding_ = true;
  for (int i = 0; i < n_; ++i)
    if (threads_[i].st == state::at_barrier || threads_[i].st == state::polling) switch_to(i);
  unwinding_ = false;
}

void tile_runner::abandon_after_overflow() noexcept {
  overflowing_ = running_;
  siglongjmp(overflow_exit_, 1);
}

// Where a waiting thread's barrier call is, in the user's source: the call itself, the lines it is inlined
// through, then the lines its calling function returns to (the call and what it is inlined through).
// Library frames (Tessera's, the standard library's) drop out. Each place keeps its column: two barrier
// calls on one line, one in each branch of an `if`, are two barriers (BAR-6).
// Comparing places is not reporting them: code without line information found then is not counted as a
// symbolization failure (a kernel that never diverges reports nothing, and should count nothing).
std::vector<source_line> tile_runner::call_chain(const thread_slot& t, bool for_report) const {
  std::vector<source_line> chain = user_inline_chain(t.pc, for_report);
  if (t.caller != nullptr)
    // The caller is context: it may lie in Tessera's own runner (a wait in the kernel's body itself).
    for (source_line& line : user_inline_chain(t.caller, false)) chain.push_back(std::move(line));
  return chain;
}

std::uint32_t tile_runner::call_chain_number_of(const void* pc, const void* caller) const {
  const auto bits = reinterpret_cast<std::uintptr_t>(pc) ^ (reinterpret_cast<std::uintptr_t>(caller) >> 4);
  chain_number_memo& m = chain_numbers_[(bits ^ (bits >> 6)) % chain_numbers_.size()];
  if (m.pc != pc || m.caller != caller || m.pc == nullptr) {
    const access_monitor::pause unwatched;
    m = chain_number_memo{pc, caller, call_chain_number(pc, caller)};
  }
  return m.number;
}

bool tile_runner::call_chains_differ() const {
  const std::uint32_t first = call_chain_number_of(phase_pc_, phase_caller_);
  if (other_place_count_ <= listed_places) {
    for (int i = 0; i < other_place_count_; ++i)
      if (call_chain_number_of(other_places_[i].first, other_places_[i].second) != first) return true;
    return false;
  }
  for (int i = 0; i < n_; ++i) {  // more places than listed: every waiting thread's
    const thread_slot& t = threads_[i];
    if (t.st == state::at_barrier && call_chain_number_of(t.pc, t.caller) != first) return true;
  }
  return false;
}

std::exception_ptr tile_runner::divergence_report() const {
  std::vector<thread_stop> stops(static_cast<std::size_t>(n_));
  for (int i = 0; i < n_; ++i) {
    const thread_slot& t = threads_[i];
    thread_stop& s = stops[i];
    if (t.st != state::at_barrier) {
      s.at_end = true;
      continue;
    }
    s.call = source_line{t.file, t.line};
    s.scope = t.scope;
    if (rounds_differ_) s.rounds = rounds_text(t.rounds);
    // A wait in a helper is named with the kernel's lines that called it: the branch a thread took is
    // there, not at the helper's wait (one line, reached from different places, is named by its column
    // and callers too).
    std::vector<source_line> chain = call_chain(t, true);
    if (chain.empty()) continue;
    if (chains_diverged_) {
      s.call = chain[0];
      s.name_column = true;
    }
    if (chain.size() > 1) s.callers.assign(chain.begin() + 1, chain.end());
  }
  return divergence_error(*launch_, tile_, stops);
}

std::exception_ptr tile_runner::exception_report() const {
  if (threw_ == 0) return nullptr;  // the common case: no thread threw, nothing to look for
  int who = -1;
  for (int i = 0; i < n_ && who < 0; ++i)
    if (thrown_[i]) who = i;
  if (who < 0) return nullptr;
  return kernel_threw(thrown_[who], thread_description(*launch_, tile_, who));
}

std::exception_ptr tile_runner::overflow_report() const {
  return stack_overflow_error(*launch_, tile_, overflowed_, stack_bytes_);
}

}  // namespace tessera::emulator::detail
