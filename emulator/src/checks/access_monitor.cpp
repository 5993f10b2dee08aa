#include "access_monitor.hpp"

#include "../tile_runner.hpp"
#include "hazard_log.hpp"

#include <link.h>

#include <algorithm>

namespace tessera::emulator::detail {

void access_monitor::begin_tile(const tile_runner& runner, const tiled_launch& launch, std::int64_t tile) {
  runner_ = &runner;
  launch_ = &launch;
  tile_ = tile;
  tile_epoch_ = ++epoch_;
  shadow_clean_ = false;
  if (hazard_log::current() != nullptr) active_ = this;
}

void access_monitor::phase_turn(memory_scope scope) noexcept {
  if (covers(scope, memory_scope::tile_static_memory)) ++epoch_;
}

// tile_static storage is the worker thread's static TLS (the dialect makes it static thread_local), so
// the ranges are this thread's TLS blocks, found once per worker.
void access_monitor::find_tile_static_ranges() {
  ranges_.clear();
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* self) {
        auto* m = static_cast<access_monitor*>(self);
        if (info->dlpi_tls_data == nullptr) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          if (info->dlpi_phdr[i].p_type != PT_TLS) continue;
          const auto begin = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
          std::size_t offset = 0;
          for (const auto& r : m->ranges_) offset += r.end - r.begin;
          m->ranges_.push_back(range{begin, begin + info->dlpi_phdr[i].p_memsz, offset});
        }
        return 0;
      },
      this);
  std::size_t total = 0;
  for (const auto& r : ranges_) total += r.end - r.begin;
  shadow_.assign(total, cell{});
}

access_monitor::cell* access_monitor::shadow_of(std::uintptr_t a) noexcept {
  for (const auto& r : ranges_)
    if (a >= r.begin && a < r.end) return &shadow_[r.shadow_offset + (a - r.begin)];
  return nullptr;
}

void access_monitor::on_access(const void* addr, std::size_t size, access_kind kind, const void* pc) {
  const int thread = runner_->running_thread();
  if (thread < 0) return;
  if (ranges_.empty()) find_tile_static_ranges();
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  if (shadow_of(a) == nullptr) return;  // not tile_static: other memory kinds are not checked yet
  if (!shadow_clean_) {
    std::fill(shadow_.begin(), shadow_.end(), cell{});
    shadow_clean_ = true;
  }
  touch_tile_static(a, size, kind, pc, thread);
}

void access_monitor::touch_tile_static(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread) {
  hazard_log* log = hazard_log::current();
  const auto t = static_cast<std::uint16_t>(thread);
  bool reported = false;  // one finding per access, however many bytes it spans
  auto report = [&](int k, const cell& c, bool against_write) {
    if (reported || log == nullptr) return;
    reported = true;
    raw_hazard h{};
    h.kind = k;
    h.tile = tile_;
    h.offset = 0;
    for (const auto& r : ranges_)
      if (a >= r.begin && a < r.end) h.offset = a - r.begin;
    if (k == hazard_log::uninitialized) {
      h.first_pc = pc;
      h.first_thread = thread;
      h.first_access = static_cast<int>(kind);
    } else {
      h.first_pc = against_write ? c.write_pc : c.read_pc;
      h.first_thread = against_write ? c.writer : c.reader;
      h.first_access = against_write ? (c.write_atomic ? 2 : 1) : 0;
      h.second_pc = pc;
      h.second_thread = thread;
      h.second_access = static_cast<int>(kind);
    }
    log->record(h);
  };
  for (std::size_t i = 0; i < size; ++i) {
    cell* c = shadow_of(a + i);
    if (c == nullptr) continue;
    const bool written = c->write_epoch >= tile_epoch_;
    const bool other_wrote_now = c->write_epoch == epoch_ && c->writer != t;
    const bool other_read_now = c->read_epoch == epoch_ && (c->many_readers || c->reader != t);
    switch (kind) {
      case access_kind::read:
        if (!written) report(hazard_log::uninitialized, *c, false);
        else if (other_wrote_now && !c->write_atomic) report(hazard_log::raw, *c, true);
        if (c->read_epoch == epoch_ && c->reader != t) c->many_readers = true;
        else if (c->read_epoch != epoch_) {
          c->read_epoch = epoch_;
          c->reader = t;
          c->many_readers = false;
          c->read_pc = pc;
        }
        break;
      case access_kind::write:
        if (other_wrote_now) report(c->write_atomic ? hazard_log::write_atomic : hazard_log::waw, *c, true);
        else if (other_read_now) report(hazard_log::war, *c, false);
        c->write_epoch = epoch_;
        c->writer = t;
        c->write_atomic = false;
        c->write_pc = pc;
        break;
      case access_kind::atomic:
        if (!written) report(hazard_log::uninitialized, *c, false);
        else if (other_wrote_now && !c->write_atomic) report(hazard_log::write_atomic, *c, true);
        c->write_epoch = epoch_;
        c->writer = t;
        c->write_atomic = true;
        c->write_pc = pc;
        break;
    }
  }
}

}  // namespace tessera::emulator::detail
