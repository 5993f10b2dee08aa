#include "cross_tile_table.hpp"

#include "hazard_log.hpp"


namespace tessera::emulator::detail {

cross_tile_table::cross_tile_table(const launch_memory& launch) : filters_(launch.global_count) {
  for (std::size_t u = 0; u < launch.global_count; ++u) {
    view_filter& f = filters_[u];
    const auto begin = reinterpret_cast<std::uintptr_t>(launch.globals[u].begin);
    f.base = begin & ~std::uintptr_t{3};
    f.words = (begin + launch.globals[u].bytes - f.base + 3) / 4;
    if (f.words == 0) continue;
    // Untouched pages cost nothing; a launch touches most words of most views, so in large pages.
    f.owner.resize(f.words, page_use::dense);
    f.second.resize(3 * f.words, page_use::dense);
    f.first.resize(3 * f.words, page_use::dense);
  }
}

void cross_tile_table::record_slow(const dense_word& d, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread,
                                   const void* pc) {
  shard& s = shards_[(word >> 2) % shards_.size()];
  std::lock_guard g(s.mutex);
  auto it = s.words.find(word);
  if (it == s.words.end() && d.view != nullptr) {
    const auto mine = static_cast<std::uint32_t>(tile + 1);
    std::atomic_ref<std::uint32_t> owner(d.owner());  // read without the lock by record()
    const std::uint32_t was = owner.load(std::memory_order_relaxed);
    if (was == 0 || was == mine) {  // only this tile has touched the word: no race yet, and no entry
      first_slot& slot = d.first(static_cast<int>(kind));
      // A word nobody touched has empty slots: written without a look (reading an untouched page first
      // would fault twice, once to map zeros and once to copy them).
      if (was == 0) owner.store(mine, std::memory_order_relaxed);
      if (was == 0 || slot.tile_plus1 == 0) slot = first_slot{mine, static_cast<std::uint32_t>(thread), pc};
      return;
    }
    // A second tile: the word gets its entry, seeded with the first access of each kind.
    it = s.words.try_emplace(word).first;
    for (int k = 0; k < 3; ++k)
      if (const first_slot& f = d.first(k); f.tile_plus1 != 0)
        it->second.lowest[k][0] = first_access{std::int64_t{f.tile_plus1} - 1, static_cast<int>(f.thread), f.pc};
  } else if (it == s.words.end()) {
    it = s.words.try_emplace(word).first;
  }
  auto& lowest = it->second.lowest[static_cast<int>(kind)];
  if (lowest[0].tile == tile || lowest[1].tile == tile) return;
  const first_access a{tile, thread, pc};
  if (lowest[0].tile < 0 || tile < lowest[0].tile) {
    lowest[1] = lowest[0];
    lowest[0] = a;
  } else if (lowest[1].tile < 0 || tile < lowest[1].tile) {
    lowest[1] = a;
  }
  if (d.view != nullptr && lowest[1].tile >= 0 && lowest[1].tile < std::int64_t{0xfffffffe})
    std::atomic_ref<std::uint32_t>(d.second(kind)).store(static_cast<std::uint32_t>(lowest[1].tile + 1), std::memory_order_relaxed);
}

bool cross_tile_table::written_by_other(std::size_t unit, std::uintptr_t word, std::int64_t tile) const {
  const shard& s = shards_[(word >> 2) % shards_.size()];
  std::lock_guard g(s.mutex);
  const auto it = s.words.find(word);
  if (it == s.words.end()) {  // at most one tile touched it: is that one another tile, and did it write?
    const dense_word d = dense(unit, word, tile);
    if (d.view == nullptr) return false;
    const std::uint32_t writer = d.first(static_cast<int>(access_kind::write)).tile_plus1;
    return writer != 0 && writer != static_cast<std::uint32_t>(tile + 1);
  }
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
