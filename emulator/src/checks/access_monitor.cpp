#include "access_monitor.hpp"

#include "../tile_runner.hpp"
#include "cross_tile_table.hpp"
#include "hazard_log.hpp"

#include <tessera/limits.hpp>

#include <link.h>

#include <algorithm>

namespace tessera::emulator::detail {

void access_monitor::begin_tile(const tile_runner& runner, const tiled_launch& launch, std::int64_t tile) {
  runner_ = &runner;
  launch_ = &launch;
  tile_ = tile;
  tile_epoch_ = ++epoch_;
  tile_gepoch_ = ++gepoch_;
  shadow_clean_ = false;
  if (hazard_log::current() != nullptr) active_ = this;
}

void access_monitor::phase_turn(memory_scope scope) noexcept {
  if (covers(scope, memory_scope::tile_static_memory)) ++epoch_;
  if (covers(scope, memory_scope::global_memory)) ++gepoch_;
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

bool access_monitor::is_global(std::uintptr_t a) const noexcept {
  for (std::size_t i = 0; i < launch_->global_count; ++i) {
    const auto b = reinterpret_cast<std::uintptr_t>(launch_->globals[i].begin);
    if (a >= b && a < b + launch_->globals[i].bytes) return true;
  }
  return false;
}

void access_monitor::on_access(const void* addr, std::size_t size, access_kind kind, const void* pc) {
  const int thread = runner_->running_thread();
  if (thread < 0) return;
  if (ranges_.empty()) find_tile_static_ranges();
  if (!shadow_clean_) {
    std::fill(shadow_.begin(), shadow_.end(), cell{});
    global_.clear();
    tile_static_low_ = tile_static_high_ = 0;
    over_budget_reported_ = false;
    shadow_clean_ = true;
  }
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  if (shadow_of(a) != nullptr) touch_tile_static(a, size, kind, pc, thread);
  else if (is_global(a)) touch_global(a, size, kind, pc, thread);
  // Anything else (the thread's own stack, the kernel's captures) is not checked.
}

int access_monitor::check_unit(cell& c, std::uint32_t epoch, std::uint32_t first_epoch, access_kind kind,
                               const void* pc, std::uint16_t t, bool check_uninitialized, bool& against_write) {
  const bool written = c.write_epoch >= first_epoch;
  const bool other_wrote_now = c.write_epoch == epoch && c.writer != t;
  const bool other_read_now = c.read_epoch == epoch && (c.many_readers || c.reader != t);
  int found = -1;
  switch (kind) {
    case access_kind::read:
      if (check_uninitialized && !written) found = hazard_log::uninitialized;
      else if (other_wrote_now && !c.write_atomic) {
        found = hazard_log::raw;
        against_write = true;
      }
      if (c.read_epoch == epoch && c.reader != t) {
        c.many_readers = true;
      } else if (c.read_epoch != epoch) {
        c.read_epoch = epoch;
        c.reader = t;
        c.many_readers = false;
        c.read_pc = pc;
      }
      break;
    case access_kind::write:
      if (other_wrote_now) {
        found = c.write_atomic ? hazard_log::write_atomic : hazard_log::waw;
        against_write = true;
      } else if (other_read_now) {
        found = hazard_log::war;
      }
      c.write_epoch = epoch;
      c.writer = t;
      c.write_atomic = false;
      c.write_pc = pc;
      break;
    case access_kind::atomic:
      if (check_uninitialized && !written) found = hazard_log::uninitialized;
      else if (other_wrote_now && !c.write_atomic) {
        found = hazard_log::write_atomic;
        against_write = true;
      }
      c.write_epoch = epoch;
      c.writer = t;
      c.write_atomic = true;
      c.write_pc = pc;
      break;
  }
  return found;
}

void access_monitor::report(int kind, int memory, std::size_t offset, const cell& c, bool against_write,
                            access_kind kind_now, const void* pc, int thread) {
  hazard_log* log = hazard_log::current();
  if (log == nullptr) return;
  raw_hazard h{};
  h.kind = kind;
  h.memory = memory;
  h.tile = tile_;
  h.offset = offset;
  if (kind == hazard_log::uninitialized || kind == hazard_log::over_budget) {
    h.first_pc = pc;
    h.first_thread = thread;
    h.first_access = static_cast<int>(kind_now);
  } else {
    h.first_pc = against_write ? c.write_pc : c.read_pc;
    h.first_thread = against_write ? c.writer : c.reader;
    h.first_access = against_write ? (c.write_atomic ? 2 : 1) : 0;
    h.second_pc = pc;
    h.second_thread = thread;
    h.second_access = static_cast<int>(kind_now);
  }
  log->record(h);
}

void access_monitor::touch_tile_static(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread) {
  // The 32 KiB budget (TS-7), estimated from the span of bytes the tile touched.
  if (tile_static_high_ == 0) {
    tile_static_low_ = a;
    tile_static_high_ = a + size;
  } else {
    tile_static_low_ = std::min(tile_static_low_, a);
    tile_static_high_ = std::max(tile_static_high_, a + size);
  }
  if (!over_budget_reported_ && tile_static_high_ - tile_static_low_ > static_cast<std::uintptr_t>(limits::tile_static_bytes)) {
    over_budget_reported_ = true;
    cell none{};
    report(hazard_log::over_budget, hazard_log::tile_static, tile_static_high_ - tile_static_low_, none, false, kind, pc, thread);
  }
  for (std::size_t i = 0; i < size; ++i) {
    cell* c = shadow_of(a + i);
    if (c == nullptr) continue;
    const cell before = *c;
    bool against_write = false;
    const int found = check_unit(*c, epoch_, tile_epoch_, kind, pc, static_cast<std::uint16_t>(thread), true, against_write);
    if (found >= 0) {  // one finding per access, however many bytes it spans
      std::size_t offset = 0;
      for (const auto& r : ranges_)
        if (a >= r.begin && a < r.end) offset = a - r.begin;
      report(found, hazard_log::tile_static, offset, before, against_write, kind, pc, thread);
      return;
    }
  }
}

void access_monitor::touch_global(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread) {
  hazard_log* log = hazard_log::current();
  bool reported = false;
  for (std::uintptr_t w = a & ~std::uintptr_t{3}; w < a + size; w += 4) {
    global_cell& c = global_[w];
    // Races between tiles: each tile's first access of each kind goes to the launch's table.
    bool& seen = kind == access_kind::read ? c.tile_read : kind == access_kind::write ? c.tile_wrote : c.tile_atomic;
    if (!seen && log != nullptr) {
      seen = true;
      log->tiles().record(w, static_cast<int>(kind), tile_, thread, pc);
    }
    const cell before = c;
    bool against_write = false;
    const int found = check_unit(c, gepoch_, tile_gepoch_, kind, pc, static_cast<std::uint16_t>(thread), false, against_write);
    if (found >= 0 && !reported) {
      reported = true;
      std::size_t offset = 0;
      for (std::size_t i = 0; i < launch_->global_count; ++i) {
        const auto b = reinterpret_cast<std::uintptr_t>(launch_->globals[i].begin);
        if (w >= b && w < b + launch_->globals[i].bytes) offset = w - b;
      }
      report(found, hazard_log::global, offset, before, against_write, kind, pc, thread);
    }
  }
}

}  // namespace tessera::emulator::detail
