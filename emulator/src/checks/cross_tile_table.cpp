#include "cross_tile_table.hpp"

#include "hazard_log.hpp"

#include <cstdlib>

namespace tessera::emulator::detail {

cross_tile_table::cross_tile_table(const launch_memory& launch) : filters_(launch.global_count) {
  for (std::size_t u = 0; u < launch.global_count; ++u) {
    view_filter& f = filters_[u];
    const auto begin = reinterpret_cast<std::uintptr_t>(launch.globals[u].begin);
    f.base = begin & ~std::uintptr_t{3};
    f.words = (begin + launch.globals[u].bytes - f.base + 3) / 4;
    // calloc: large blocks come as untouched zero pages, so a launch pays for the words it touches.
    f.second = f.words == 0 ? nullptr : static_cast<std::uint32_t*>(std::calloc(3 * f.words, sizeof(std::uint32_t)));
  }
}

cross_tile_table::~cross_tile_table() {
  for (view_filter& f : filters_) std::free(f.second);
}

void cross_tile_table::record_slow(std::uint32_t* second, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread,
                                   const void* pc) {
  shard& s = shards_[(word >> 2) % shards_.size()];
  std::lock_guard g(s.mutex);
  auto& lowest = s.words[word].lowest[static_cast<int>(kind)];
  if (lowest[0].tile == tile || lowest[1].tile == tile) return;
  const first_access a{tile, thread, pc};
  if (lowest[0].tile < 0 || tile < lowest[0].tile) {
    lowest[1] = lowest[0];
    lowest[0] = a;
  } else if (lowest[1].tile < 0 || tile < lowest[1].tile) {
    lowest[1] = a;
  }
  // Tiles numbered past what 32 bits hold are never dropped early.
  if (second != nullptr && lowest[1].tile >= 0 && lowest[1].tile < std::int64_t{0xfffffffe})
    std::atomic_ref<std::uint32_t>(*second).store(static_cast<std::uint32_t>(lowest[1].tile + 1), std::memory_order_relaxed);
}

bool cross_tile_table::written_by_other(std::uintptr_t word, std::int64_t tile) const {
  const shard& s = shards_[(word >> 2) % shards_.size()];
  std::lock_guard g(s.mutex);
  const auto it = s.words.find(word);
  if (it == s.words.end()) return false;
  for (const first_access& w : it->second.lowest[static_cast<int>(access_kind::write)])
    if (w.tile >= 0 && w.tile != tile) return true;
  return false;
}

void cross_tile_table::report_into(hazard_log& log, const launch_memory& launch, hazard_kind kind) const {
  for (const shard& s : shards_) {
    std::lock_guard g(s.mutex);
    for (const auto& [word, state] : s.words) {
      const first_access& writer = state.lowest[1][0];
      if (writer.tile < 0) continue;  // never written plainly: reads and atomics are compatible (MEM-3)
      // The lowest tile other than the writer's, of any kind.
      const first_access* other = nullptr;
      int other_kind = 0;
      for (int k = 0; k < 3; ++k)
        for (const auto& a : state.lowest[k])
          if (a.tile >= 0 && a.tile != writer.tile && (other == nullptr || a.tile < other->tile)) {
            other = &a;
            other_kind = k;
          }
      if (other == nullptr) continue;
      finding h{};
      h.kind = kind;
      h.memory = memory_class::global;
      h.tile = writer.tile;
      for (std::size_t i = 0; i < launch.global_count; ++i) {
        const auto b = reinterpret_cast<std::uintptr_t>(launch.globals[i].begin);
        if (word >= b && word < b + launch.globals[i].bytes) {
          h.unit = i;
          h.offset = word - b;
          break;
        }
      }
      h.first_pc = writer.pc;
      h.first_thread = writer.thread;
      h.first_access = access_kind::write;
      h.second_tile = other->tile;
      h.second_pc = other->pc;
      h.second_thread = other->thread;
      h.second_access = static_cast<access_kind>(other_kind);
      log.record(h);
    }
  }
}

}  // namespace tessera::emulator::detail
