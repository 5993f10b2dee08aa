#include "cross_tile_table.hpp"

#include "hazard_log.hpp"

#include <algorithm>

namespace tessera::emulator::detail {

cross_tile_table::cross_tile_table(const launch_memory& launch) : filters_(launch.global_count), read_only_(launch.global_count, 0) {
  // A view is read-only unless it stores or shares bytes with one that does (an array_view<const T> and an
  // array_view<T> of one array: the kernel stores through the second what it reads through the first).
  for (std::size_t u = 0; u < launch.global_count; ++u) {
    const tessera::detail::captured_memory& g = launch.globals[u];
    if (g.writes) continue;
    const auto begin = reinterpret_cast<std::uintptr_t>(g.begin);
    bool shared = false;
    for (std::size_t v = 0; v < launch.global_count && !shared; ++v) {
      const tessera::detail::captured_memory& w = launch.globals[v];
      const auto b = reinterpret_cast<std::uintptr_t>(w.begin);
      shared = w.writes && b < begin + g.bytes && begin < b + w.bytes;
    }
    read_only_[u] = shared ? 0 : 1;
  }
  for (std::size_t u = 0; u < launch.global_count; ++u) {
    // A read-only view records nothing (global_races drops its reads; a store through a const_cast goes
    // to the table): no dense arrays.
    if (read_only_[u] != 0) continue;
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

cross_tile_table::~cross_tile_table() {
  // What the launch wrote: the owners where any kind was recorded, and the kinds' parts of `first` and
  // `second` that were (kinds 0..2 lie one after another, so the used ones span [lowest, highest]).
  const auto used_span = [](const std::array<std::atomic<bool>, 3>& flags, std::size_t words, auto& array) {
    std::size_t from = 3, to = 0;
    for (std::size_t k = 0; k < 3; ++k)
      if (flags[k].load(std::memory_order_relaxed)) {
        from = std::min(from, k);
        to = k + 1;
      }
    array.written_only(from * words, to * words);
  };
  for (view_filter& f : filters_) {
    bool any = false;
    for (const auto& r : f.recorded) any = any || r.load(std::memory_order_relaxed);
    f.owner.written_only(0, any ? f.words : 0);
    used_span(f.recorded, f.words, f.first);
    used_span(f.seconds, f.words, f.second);
  }
}

void cross_tile_table::add_lowest(std::array<first_access, 2>& lowest, const first_access& a) noexcept {
  if (lowest[0].tile == a.tile || lowest[1].tile == a.tile) return;  // recorded already
  if (lowest[0].tile < 0 || a.tile < lowest[0].tile) {
    lowest[1] = lowest[0];
    lowest[0] = a;
  } else if (lowest[1].tile < 0 || a.tile < lowest[1].tile) {
    lowest[1] = a;
  }
}

void cross_tile_table::record_in_table(const dense_word& d, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread,
                                       const void* pc) {
  shard& s = shard_of(word);
  std::lock_guard g(s.mutex);
  const auto [it, made] = s.words.try_emplace(word);
  if (made && d.view != nullptr) std::atomic_ref<std::uint32_t>(d.owner()).fetch_or(has_entry, std::memory_order_relaxed);
  auto& lowest = it->second.lowest[static_cast<int>(kind)];
  add_lowest(lowest, first_access{tile, thread, pc});
  if (d.view != nullptr && lowest[1].tile >= 0) {
    view_filter::note(d.view->seconds, kind);
    std::atomic_ref<std::uint32_t>(d.second(kind)).store(static_cast<std::uint32_t>(lowest[1].tile + 1), std::memory_order_relaxed);
  }
}

cross_tile_table::word_state cross_tile_table::merged(const launch_memory& launch, std::uintptr_t word, word_state state) const {
  // Every view holding the word: views of one array each keep their own owners.
  for (std::size_t unit = 0; unit < launch.global_count; ++unit) {
    const dense_word d = dense(unit, word, 0);
    if (d.view == nullptr) continue;
    const std::uint32_t owner = d.owner() & ~has_entry;
    if (owner == 0) continue;
    for (int k = 0; k < 3; ++k)
      if (const std::uint64_t slot = d.first(k); slot != 0) add_lowest(state.lowest[k], unpack(owner, slot));
  }
  return state;
}

bool cross_tile_table::written_by_other(std::size_t unit, std::uintptr_t word, std::int64_t tile) const {
  const dense_word d = dense(unit, word, tile);
  if (d.view != nullptr) {
    const std::uint32_t owner = std::atomic_ref<std::uint32_t>(d.owner()).load(std::memory_order_acquire);
    if (owner == 0) return false;  // no tile touched it
    if ((owner & ~has_entry) != static_cast<std::uint64_t>(tile) + 1 &&
        std::atomic_ref<std::uint64_t>(d.first(static_cast<int>(access_kind::write))).load(std::memory_order_relaxed) != 0)
      return true;  // its owner, another tile, stored to it
    if ((owner & has_entry) == 0) return false;  // no tile but the owner touched it
  }
  const shard& s = shard_of(word);
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
    for (const auto& [word, entry] : s.words) {
      const word_state state = merged(launch, word, entry);
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
