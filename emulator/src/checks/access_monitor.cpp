#include "access_monitor.hpp"

#include <pthread.h>

#include <cstring>

namespace tessera::emulator::detail {
namespace {

// The calling thread's stack as pthread reports it (access_monitor::use_worker_stack takes its TLS out).
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

// --- the context every check shares ---------------------------------------------------------------

finding check_context::make_finding(hazard_kind kind, const classified& where, const access_event& e, const conflict* earlier,
                                    const interval_state* interval) const noexcept {
  finding f{};
  f.kind = kind;
  f.memory = where.cls;
  f.unit = where.unit;
  f.offset = where.offset;
  f.tile = tile_;
  if (earlier == nullptr) {  // a finding about one access
    f.first_pc = e.pc;
    f.first_thread = e.thread;
    f.first_access = e.kind;
  } else {
    f.first_pc = earlier->pc;
    f.first_thread = earlier->thread;
    f.first_access = earlier->access;
    f.second_pc = e.pc;
    f.second_thread = e.thread;
    f.second_access = e.kind;
  }
  if (interval != nullptr) {
    f.interval = interval->number;
    f.barrier = interval->opened_by;
  }
  return f;
}

void check_context::report(const finding& f) {
  log_->record(f);
  if (config_.stop_at_first) stop();
}

void check_context::stop() {
  if (stop_exit_ != nullptr) std::longjmp(*stop_exit_, 1);
  throw check_stop{};
}

void check_context::report_race(const finding& f) {
  if (held_.active) {  // a held write: its finding waits until the write is known to change memory
    if (!held_.has_finding) {
      held_.has_finding = true;
      held_.first = f;
    }
    return;
  }
  report(f);
}

// --- the monitor --------------------------------------------------------------------------------

void access_monitor::begin(hazard_log::share& share, check_set runs) {
  share_ = &share;
  log_ = &share.log();
  config_ = log_->config();
  enabled_ = config_.enabled.bits() & runs.bits();
  follow_looks_ = (enabled_ & static_cast<unsigned>(check::spin_waits)) != 0;
  held_.active = false;
  accesses_ = 0;
  forget_looks();
  checks_begun_ = false;
  active_ = this;
}

// The checks' per-task state is set up at the task's first access, not when it begins: a kernel built
// without the instrumentation never gets here, and pays nothing per tile for checks it cannot have.
void access_monitor::begin_checks() {
  // Called from inside kernel code (an access hook): Tessera's own set-up must not be taken for the
  // kernel's accesses where it runs template code shared with instrumented translation units.
  const pause unwatched;
  checks_begun_ = true;
  map_.prepare_worker();
  // Reads of a read-only view reach no check but the spin-wait one (global_races drops them): without
  // it, they end in the hook.
  map_.set_read_only_views(!follow_looks_, [&](std::size_t unit) { return log_->tiles().read_only(unit); });
  quiet_.resize(map_.tile_static_bytes());
  log_->note_tile_static_modules(map_);
  each_enabled([&](auto& c) { c.on_tile_begin(*this); });
}

void access_monitor::end() noexcept {
  if (active_ == this && checks_begun_) share_->count_accesses(accesses_);
  checks_begun_ = false;
  held_.active = false;  // a thread that failed or was unwound: its last write is not settled
  active_ = nullptr;
}

void access_monitor::begin_tiles(tile_threads& runner, const tiled_launch& launch, hazard_log::share& share, const void* runner_memory,
                                 std::size_t runner_bytes) {
  runner_ = &runner;
  running_ = &runner.running_thread();
  stacks_ = runner.stacks();
  if (stacks_.stride == 0) use_worker_stack();  // every thread on the worker's own stack (tile loops)
  point_ = nullptr;
  threads_ = launch.threads_per_tile;
  map_.set_launch(share.log().id(), launch, &launch, sizeof launch, runner_memory, runner_bytes);
  begin(share, stacks_.stride == 0 ? in_tile_loops : check_set{});
}

void access_monitor::next_tile(std::int64_t tile) {
  stack_known_for_ = not_yet;  // a thread may run on another stack in this tile
  tile_ = tile;
  for (interval_state* s : {&tile_static_, &global_}) {
    s->first_epoch = ++s->epoch;
    s->number = 0;
    s->opened_by = source_site{nullptr, 0};
  }
  held_.active = false;  // a tile a check stopped: its last write is not settled
  forget_looks();
  // Before the run's first access the checks are not set up; that access sets them up for this tile.
  if (checks_begun_) each_enabled([&](auto& c) { c.on_tile_begin(*this); });
}

void access_monitor::tile_ended() noexcept {
  if (active_ == this && checks_begun_) each_enabled([&](auto& c) { c.on_tile_end(*this); });
}

void access_monitor::end_tiles() noexcept { end(); }

void access_monitor::begin_points(const simple_launch& launch, const std::int64_t* point, hazard_log::share& share) {
  runner_ = nullptr;
  running_ = &only_thread;
  stack_known_for_ = not_yet;  // known at the range's first access, which begins the checks
  point_ = point;
  threads_ = 1;
  tile_ = *point;
  ++tile_static_.epoch;  // no word quiet in a tile is quiet here: points have no tile_static interval
  map_.set_launch(share.log().id(), launch, &launch, sizeof launch, launch.extent, sizeof(int) * static_cast<std::size_t>(launch.rank));
  use_worker_stack();
  begin(share);
}

void access_monitor::use_worker_stack() {
  if (worker_stack_high_ == 0) {
    const pause unwatched;  // prepare_worker runs template code that instrumented units share
    map_.prepare_worker();
    thread_stack(worker_stack_low_, worker_stack_high_);
    worker_stack_high_ = map_.below_tls(worker_stack_low_, worker_stack_high_);
  }
  map_.set_private_stack(worker_stack_low_, worker_stack_high_);
}

void access_monitor::end_points() noexcept {
  if (active_ == this) {
    try {
      if (held_.active) settle_held_write();
    } catch (...) {  // stop mode: the finding is recorded; the range has ended anyway
    }
  }
  tile_ended();
  end();
}

void access_monitor::phase_turn(memory_scope scope, source_site site) noexcept {
  for (auto [s, kind] : {std::pair{&tile_static_, memory_scope::tile_static_memory}, std::pair{&global_, memory_scope::global_memory}})
    if (covers(scope, kind)) {
      ++s->epoch;
      ++s->number;
      s->opened_by = site;
    }
  forget_looks();
  if (checks_begun_) each_enabled([&](auto& c) { c.on_phase_turn(*this, scope); });
}

// Checks begin here (a task's first access), so the inline path, which needs the running thread's stack
// known, never skips them.
void access_monitor::on_watched_access(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed,
                                       bool overwrites, bool looks) {
  if (!checks_begun_) [[unlikely]] begin_checks();
  if (held_.active) settle_held_write();
  int thread = 0;
  if (runner_ != nullptr) {
    thread = *running_;
    if (thread < 0) return;
    if (thread != stack_known_for_) [[unlikely]] take_thread(thread);
  } else {
    if (tile_ != *point_) forget_looks();  // another point: another thread
    tile_ = *point_;
    stack_known_for_ = 0;  // the worker's stack, set when the range began
  }
  ++accesses_;
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  bool a_look = false, keep_looks = false;
  if (follow_looks_ && repeats_look(a, size, kind, pc, changed, a_look, keep_looks)) return;
  access_event e{a, size, kind, pc, thread, map_.classify(a), changed, overwrites, looks};
  if (follow_looks_ && (e.where.cls == memory_class::tile_static || e.where.cls == memory_class::global))
    remember_look(e, a_look, keep_looks);
  const bool may_hold = kind == access_kind::write && config_.allow_same_value && size <= held_write::max_bytes;
  switch (e.where.cls) {
    case memory_class::private_stack:
    case memory_class::argument: return;  // the thread's own, and the kernel's captures: never shared
    case memory_class::constant:
      if (kind == access_kind::read) return;
      e.where = classified{memory_class::host, 0, a};  // a store to read-only data: memory no view holds
      deliver<memory_class::host>(e);
      return;
    case memory_class::tile_static:
      if (runner_ != nullptr) take_tile_static(e);
      else deliver<memory_class::tile_static>(e);  // no check of a non-tiled launch holds tile_static state
      return;
    case memory_class::global:
      if (may_hold) hold_write(e);
      deliver<memory_class::global>(e);
      return;
    case memory_class::host: deliver<memory_class::host>(e); return;
  }
}

bool access_monitor::took_running_thread() noexcept {
  const int thread = *running_;
  if (runner_ == nullptr || !checks_begun_ || thread < 0) return false;
  take_thread(thread);
  return true;
}

void access_monitor::take_thread(int thread) noexcept {
  // Another thread runs: its stack is the private one. Called from its access hooks, on that stack: the
  // stack is worked out from this frame's address (no lookup of the thread's stack, which a tile of many
  // threads has pushed out of the cache by the time the thread runs again). Threads that share the
  // worker's stack (tile loops) keep the one set when the tile began.
  if (stacks_.stride == 0) {
    stack_known_for_ = thread;
    forget_looks();
    return;
  }
  const auto offset = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) - stacks_.base;
  const auto region = static_cast<std::uint64_t>((static_cast<unsigned __int128>(offset) * stacks_.reciprocal) >> 64);
  const std::uintptr_t low = stacks_.base + region * stacks_.stride;
  map_.set_private_stack(low + stacks_.guard_bytes, low + stacks_.stride);
  stack_known_for_ = thread;
  forget_looks();  // the last thread's looks are not this one's
}

template <memory_class C, access_kind Kind>
void access_monitor::on_word(std::uintptr_t a, const void* pc, bool changed, bool overwrites, bool looks) {
  if (runner_ == nullptr) [[unlikely]]  // a non-tiled launch's point: the general path keeps its number
    return on_watched_access(reinterpret_cast<const void*>(a), 4, Kind, pc, changed, overwrites, looks);
  ++accesses_;
  bool a_look = false, keep_looks = false;
  if (follow_looks_ && repeats_look(a, 4, Kind, pc, changed, a_look, keep_looks)) return;
  const access_event e{a, 4, Kind, pc, *running_, C == memory_class::tile_static ? map_.hot_tile_static(a) : map_.hot_global(a),
                       changed, overwrites, looks};
  if (follow_looks_) remember_look(e, a_look, keep_looks);
  if constexpr (C == memory_class::tile_static) {
    take_tile_static(e);
  } else {
    if (Kind == access_kind::write && config_.allow_same_value) hold_write(e);
    deliver<memory_class::global>(e);
  }
}
template void access_monitor::on_word<memory_class::tile_static, access_kind::read>(std::uintptr_t, const void*, bool, bool, bool);
template void access_monitor::on_word<memory_class::tile_static, access_kind::write>(std::uintptr_t, const void*, bool, bool, bool);
template void access_monitor::on_word<memory_class::tile_static, access_kind::atomic>(std::uintptr_t, const void*, bool, bool, bool);
template void access_monitor::on_word<memory_class::global, access_kind::read>(std::uintptr_t, const void*, bool, bool, bool);
template void access_monitor::on_word<memory_class::global, access_kind::write>(std::uintptr_t, const void*, bool, bool, bool);
template void access_monitor::on_word<memory_class::global, access_kind::atomic>(std::uintptr_t, const void*, bool, bool, bool);

void access_monitor::hold_write(const access_event& e) noexcept {
  // The hook runs before the store: the bytes are still the old ones.
  held_.active = true;
  held_.addr = e.addr;
  held_.size = e.size;
  std::memcpy(held_.old_bytes, reinterpret_cast<const void*>(e.addr), e.size);
  held_.has_finding = false;
}

void access_monitor::settle_held_write() {
  held_.active = false;
  const bool changed = std::memcmp(reinterpret_cast<const void*>(held_.addr), held_.old_bytes, held_.size) != 0;
  each_enabled([&](auto& c) { c.on_write_settled(*this, changed); });
  if (changed && held_.has_finding) report(held_.first);
}

}  // namespace tessera::emulator::detail
