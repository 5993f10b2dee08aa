#include "access_monitor.hpp"

#include "../tile_runner.hpp"
#include "cross_tile_table.hpp"

#include <tessera/limits.hpp>

#include <execinfo.h>
#include <pthread.h>

#include <algorithm>
#include <cstring>
#include <thread>

namespace tessera::emulator::detail {
namespace {

// The calling thread's stack (non-tiled kernels run on the worker's own stack).
void thread_stack(std::uintptr_t& low, std::uintptr_t& high) {
  pthread_attr_t attr;
  low = high = 0;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  void* base = nullptr;
  std::size_t size = 0;
  if (pthread_attr_getstack(&attr, &base, &size) == 0) {
    low = reinterpret_cast<std::uintptr_t>(base);
    high = low + size;
  }
  pthread_attr_destroy(&attr);
}

}  // namespace

void access_monitor::begin(hazard_log* log) {
  log_ = log;
  config_ = log->config();
  map_.prepare_worker();
  if (shadow_.size() != map_.tile_static_bytes()) shadow_.assign(map_.tile_static_bytes(), shadow_cell{});
  log->note_tile_static_modules(map_);
  pending_.active = false;
  active_ = this;
}

void access_monitor::begin_tile(tile_runner& runner, const tiled_launch& launch, std::int64_t tile) {
  hazard_log* log = hazard_log::current();
  if (log == nullptr) return;
  runner_ = &runner;
  point_ = nullptr;
  tile_ = tile;
  map_.set_launch(launch, &launch, sizeof launch, nullptr, 0);
  begin(log);
  for (interval_state* s : {&tile_static_, &global_}) {
    s->first_epoch = ++s->epoch;
    s->number = 0;
    s->opened_by = source_site{nullptr, 0};
  }
  words_.clear();
  tile_static_low_ = tile_static_high_ = 0;
  over_budget_reported_ = false;
  spins_.reset(launch.threads_per_tile);
}

void access_monitor::end_tile() noexcept {
  if (active_ == this) {
    set_stalled(false);
  }
  pending_.active = false;  // a thread that failed or was unwound: its last write is not settled
  active_ = nullptr;
}

void access_monitor::begin_points(const simple_launch& launch, const std::int64_t* point) {
  hazard_log* log = hazard_log::current();
  if (log == nullptr) return;
  runner_ = nullptr;
  point_ = point;
  map_.set_launch(launch, &launch, sizeof launch, launch.extent, sizeof(int) * static_cast<std::size_t>(launch.rank));
  std::uintptr_t low, high;
  thread_stack(low, high);
  map_.set_private_stack(low, high);
  begin(log);
  last_point_ = last_recorded_point_ = -1;
  spins_.reset(1);
}

void access_monitor::end_points() noexcept {
  if (active_ == this) {
    try {
      if (pending_.active) settle_pending_write();
    } catch (...) {  // stop mode: the finding is recorded; the range has ended anyway
    }
    set_stalled(false);
  }
  pending_.active = false;
  active_ = nullptr;
}

void access_monitor::phase_turn(memory_scope scope, source_site site) noexcept {
  for (auto [s, kind] : {std::pair{&tile_static_, memory_scope::tile_static_memory}, std::pair{&global_, memory_scope::global_memory}})
    if (covers(scope, kind)) {
      ++s->epoch;
      ++s->number;
      s->opened_by = site;
    }
}

void access_monitor::on_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                               bool overwrites, bool looks) {
  if (pending_.active) settle_pending_write();
  int thread = 0;
  if (runner_ != nullptr) {
    thread = runner_->running_thread();
    if (thread < 0) return;
    const auto stack = runner_->stack_of(thread);
    map_.set_private_stack(stack.first, stack.second);
  } else if (*point_ != last_point_) {
    last_point_ = *point_;
    tile_ = last_point_;
    spins_.progress(0);
  }
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  const classified where = map_.classify(a);
  switch (where.cls) {
    case memory_class::private_stack:
    case memory_class::argument: return;
    case memory_class::constant:
      if (kind == access_kind::read) return;
      [[fallthrough]];
    case memory_class::host:
      if (config_.enabled.has(check::host_memory)) report_host(a, kind, pc, thread);
      return;
    case memory_class::tile_static:
      if (runner_ != nullptr) touch_tile_static(where, a, size, kind, pc, thread, overwrites);
      break;
    case memory_class::global:
      if (runner_ != nullptr) touch_global(where, a, size, kind, pc, thread);
      else touch_point_global(where, a, size, kind, pc);
      break;
  }
  if (config_.enabled.has(check::spin_waits) && (looks || changed)) poll(a, size, kind, changed, where, pc, thread);
}

raw_hazard access_monitor::finding(hazard_kind k, const classified& where, const conflict& earlier, access_kind kind,
                                   const void* pc, int thread, const interval_state* interval) const {
  raw_hazard h{};
  h.kind = k;
  h.memory = where.cls;
  h.unit = where.unit;
  h.offset = where.offset;
  h.tile = tile_;
  if (earlier.kind == hazard_kind::none) {  // a finding about one access
    h.first_pc = pc;
    h.first_thread = thread;
    h.first_access = kind;
  } else {
    h.first_pc = earlier.pc;
    h.first_thread = earlier.thread;
    h.first_access = earlier.access;
    h.second_pc = pc;
    h.second_thread = thread;
    h.second_access = kind;
  }
  if (interval != nullptr) {
    h.interval = interval->number;
    h.barrier = interval->opened_by;
  }
  return h;
}

void access_monitor::emit(const raw_hazard& h) {
  if (pending_.active) {  // a held write: its finding waits until the write is known to change memory
    if (!pending_.has_finding) {
      pending_.has_finding = true;
      pending_.finding = h;
    }
    return;
  }
  log_->record(h);
  if (config_.stop_at_first) throw check_stop{};
}

void access_monitor::start_holding() {
  pending_.tile_static_cells.clear();
  pending_.global_cells.clear();
  pending_.table_words.clear();
}

void access_monitor::hold_write(std::uintptr_t a, std::size_t size, int thread, const void* pc) {
  pending_.active = true;
  pending_.addr = a;
  pending_.size = size;
  std::memcpy(pending_.old_bytes, reinterpret_cast<const void*>(a), size);
  pending_.has_finding = false;
  pending_.thread = thread;
  pending_.pc = pc;
}

void access_monitor::settle_pending_write() {
  pending_.active = false;
  const bool unchanged = std::memcmp(reinterpret_cast<const void*>(pending_.addr), pending_.old_bytes, pending_.size) == 0;
  if (unchanged) {  // the same value: no race, but the bytes count as written (initialized)
    for (auto& [cell, before] : pending_.tile_static_cells) {
      *cell = before;
      cell->written_in = tile_static_.first_epoch;
    }
    for (auto& [cell, before] : pending_.global_cells) *cell = before;
    return;
  }
  for (std::uintptr_t w : pending_.table_words) log_->tiles().record(w, access_kind::write, tile_, pending_.thread, pending_.pc);
  if (pending_.has_finding) emit(pending_.finding);
}

void access_monitor::touch_tile_static(const classified& where, std::uintptr_t a, std::size_t size, access_kind kind,
                                       const void* pc, int thread, bool overwrites) {
  // The 32 KiB budget (TS-7), estimated from the span of bytes the tile touched.
  if (tile_static_high_ == 0) {
    tile_static_low_ = a;
    tile_static_high_ = a + size;
  } else {
    tile_static_low_ = std::min(tile_static_low_, a);
    tile_static_high_ = std::max(tile_static_high_, a + size);
  }
  if (!over_budget_reported_ && tile_static_high_ - tile_static_low_ > static_cast<std::uintptr_t>(limits::tile_static_bytes) &&
      config_.enabled.has(check::tile_static_budget)) {
    over_budget_reported_ = true;
    classified span = where;
    span.offset = tile_static_high_ - tile_static_low_;
    emit(finding(hazard_kind::over_budget, span, conflict{}, kind, pc, thread, nullptr));
  }
  const bool races = config_.enabled.has(check::tile_static_races);
  const bool uninitialized = config_.enabled.has(check::uninitialized_reads);
  if (!races && !uninitialized) return;
  const bool hold = kind == access_kind::write && holding_writes() && size <= sizeof pending_.old_bytes;
  if (hold) start_holding();
  const std::size_t base = map_.shadow_index(where);
  const std::size_t end = std::min(base + size, shadow_.size());
  conflict first_conflict;
  std::size_t conflict_byte = 0;
  for (std::size_t i = base; i < end; ++i) {
    shadow_cell& c = shadow_[i];
    if (hold) pending_.tile_static_cells.emplace_back(&c, c);
    const conflict found = apply_access(c, tile_static_.epoch, tile_static_.first_epoch, kind, pc, static_cast<std::uint16_t>(thread),
                                        uninitialized && !overwrites);
    if (found.kind == hazard_kind::none || first_conflict.kind != hazard_kind::none) continue;
    if (found.kind == hazard_kind::uninitialized ? uninitialized : races) {
      first_conflict = found;  // one finding per access, however many bytes it spans
      conflict_byte = i - base;
    }
  }
  if (hold) hold_write(a, size, thread, pc);
  if (first_conflict.kind != hazard_kind::none) {
    classified at = where;
    at.offset += conflict_byte;
    const bool single = first_conflict.kind == hazard_kind::uninitialized;
    emit(finding(first_conflict.kind, at, single ? conflict{} : first_conflict, kind, pc, thread, &tile_static_));
  }
}

void access_monitor::touch_global(const classified& where, std::uintptr_t a, std::size_t size, access_kind kind, const void* pc,
                                  int thread) {
  if (!config_.enabled.has(check::global_races)) return;
  const bool hold = kind == access_kind::write && holding_writes() && size <= sizeof pending_.old_bytes;
  if (hold) start_holding();
  conflict first_conflict;
  std::uintptr_t conflict_word = 0;
  for (std::uintptr_t w = a & ~std::uintptr_t{3}; w < a + size; w += 4) {
    global_cell& c = words_[w];
    if (hold) pending_.global_cells.emplace_back(&c, c);
    // Races between tiles: each tile's first access of each kind goes to the launch's table.
    bool& seen = kind == access_kind::read ? c.tile_read : kind == access_kind::write ? c.tile_wrote : c.tile_atomic;
    if (!seen) {
      seen = true;
      if (hold) pending_.table_words.push_back(w);
      else log_->tiles().record(w, kind, tile_, thread, pc);
    }
    const conflict found = apply_access(c, global_.epoch, global_.first_epoch, kind, pc, static_cast<std::uint16_t>(thread), false);
    if (found.kind != hazard_kind::none && first_conflict.kind == hazard_kind::none) {
      first_conflict = found;
      conflict_word = w;
    }
  }
  if (hold) hold_write(a, size, thread, pc);
  if (first_conflict.kind != hazard_kind::none) {
    classified at = where;
    at.offset -= a - conflict_word;  // the conflicting word's offset
    emit(finding(first_conflict.kind, at, first_conflict, kind, pc, thread, &global_));
  }
}

void access_monitor::touch_point_global(const classified&, std::uintptr_t a, std::size_t size, access_kind kind, const void* pc) {
  if (!config_.enabled.has(check::global_races)) return;
  const bool hold = kind == access_kind::write && holding_writes() && size <= sizeof pending_.old_bytes;
  if (hold) start_holding();
  for (std::uintptr_t w = a & ~std::uintptr_t{3}; w < a + size; w += 4) {
    if (w == last_word_ && kind == last_kind_ && tile_ == last_recorded_point_ && !hold) continue;
    last_word_ = w;
    last_kind_ = kind;
    last_recorded_point_ = tile_;
    if (hold) pending_.table_words.push_back(w);
    else log_->tiles().record(w, kind, tile_, 0, pc);
  }
  if (hold) hold_write(a, size, 0, pc);
}

void access_monitor::report_host(std::uintptr_t a, access_kind kind, const void* pc, int thread) {
  raw_hazard h = finding(hazard_kind::host_memory, classified{memory_class::host, 0, 0}, conflict{}, kind, pc, thread, nullptr);
  h.unit = a;  // named at report time (a global variable's name), never printed as a number
  // The access may sit in library code the kernel called (an array's extent read through a reference):
  // keep its callers, once per launch and access, for the report to find the kernel's line among them.
  if (callers_launch_ != log_->id()) {
    callers_launch_ = log_->id();
    callers_captured_.clear();
  }
  if (callers_captured_.insert(pc).second) {
    void* frames[12];
    const int n = backtrace(frames, 12);
    // frames[0] is this function; frames[1] the hook that called it. The rest are the access's callers.
    for (int i = 2; i < n && h.first_caller_count < static_cast<int>(h.first_callers.size()); ++i)
      h.first_callers[h.first_caller_count++] = frames[i];
  }
  emit(h);
}

void access_monitor::poll(std::uintptr_t a, std::size_t size, access_kind kind, bool changed, const classified& where,
                          const void* pc, int thread) {
  if (kind == access_kind::write || changed) {
    spins_.progress(thread);
    set_stalled(false);
    return;
  }
  if (!spins_.polled(thread, a, size, kind == access_kind::atomic)) return;
  spin_watch::verdict v;
  if (runner_ != nullptr) {
    spins_.snapshot(thread);
    runner_->yield_polling();  // the other threads of the tile run a round
    v = spins_.after_round(thread);
  } else {  // a non-tiled thread cannot yield: other workers' threads run meanwhile, if any
    v = spins_.after_round(thread);
    spins_.snapshot(thread);
  }
  const interval_state* interval = where.cls == memory_class::tile_static ? &tile_static_ : runner_ != nullptr ? &global_ : nullptr;
  if (v == spin_watch::verdict::changed) {  // another thread stored what this one kept reading: it waited
    set_stalled(false);
    emit(finding(hazard_kind::spin_wait, where, conflict{}, kind, pc, thread, interval));
    return;
  }
  // Nothing changed. Re-reading memory no other thread could change is computing, not waiting; and a
  // thread that waits is stopped only once nothing can change what it waits for, so no kernel that would
  // have finished is stopped.
  const bool waits = polls_shared_memory(thread);
  spins_.set_waiting(thread, waits);
  if (!waits || spins_.unchanged_rounds(thread) < spin_watch::hang_rounds) return;
  if (!polled_memory_settled(thread)) {
    std::this_thread::yield();  // what can still change it may be another worker sharing this core
    return;
  }
  raw_hazard h = finding(hazard_kind::spin_wait, where, conflict{}, kind, pc, thread, interval);
  h.hung = true;
  emit(h);
  throw check_stop{};  // the thread would never get past this loop: its tile (or range) ends here
}

bool access_monitor::polls_shared_memory(int thread) const {
  for (int i = 0; i < spins_.count(thread); ++i) {
    // C++ AMP has no atomic load: an atomic that changes nothing is there to see other threads' atomics.
    if (spins_.atomic(thread, i)) return true;
    // A plain read waits for another thread only if that thread stores to the location unordered with the
    // read, which is a race: the same interval of the tile, or another tile (or point) of the launch.
    const std::uintptr_t a = spins_.address(thread, i);
    const classified where = map_.classify(a);
    if (where.cls == memory_class::tile_static && runner_ != nullptr) {
      const std::size_t base = map_.shadow_index(where);
      const std::size_t end = std::min(base + spins_.size(thread, i), shadow_.size());
      for (std::size_t b = base; b < end; ++b)
        if (shadow_[b].write_epoch == tile_static_.epoch && shadow_[b].writer != thread) return true;
    } else if (where.cls == memory_class::global) {
      for (std::uintptr_t w = a & ~std::uintptr_t{3}; w < a + spins_.size(thread, i); w += 4) {
        if (runner_ != nullptr)
          if (const auto it = words_.find(w); it != words_.end() && it->second.write_epoch == global_.epoch && it->second.writer != thread)
            return true;
        if (log_->tiles().written_by_other(w, tile_)) return true;
      }
    }
  }
  return false;
}

bool access_monitor::polled_memory_settled(int thread) {
  // Another thread of the tile that still runs in this phase may store; one parked at a barrier or
  // finished cannot, nor can one that itself waits (it changes nothing until its own wait ends).
  if (runner_ != nullptr)
    for (int other = 0; other < runner_->threads(); ++other)
      if (other != thread && !runner_->stopped(other) && !(runner_->polling(other) && spins_.waiting(other))) return false;
  // So this whole task waits. Global memory can still change while another tile (or range of points)
  // that is not itself stalled runs on another worker.
  set_stalled(true);
  bool global = runner_ == nullptr;
  for (int i = 0; i < spins_.count(thread) && !global; ++i)
    global = map_.classify(spins_.address(thread, i)).cls == memory_class::global;
  return !(global && log_->others_can_store());
}

void access_monitor::set_stalled(bool stalled) noexcept {
  if (stalled_ == stalled || log_ == nullptr) return;
  stalled_ = stalled;
  log_->task_stalled(stalled);
}

}  // namespace tessera::emulator::detail
