// cross_tile_table: which tiles of a launch touched each word of global memory, kept so that races
// between tiles are found whatever order the tiles ran in.
//
// Nothing orders two tiles of a launch (BAR-11, MEM-4), so a plain write and any access to the same word
// from another tile race. Per word the table keeps the two lowest tiles of each kind of access (with the
// thread and code address of that tile's first such access); minimums do not depend on the order in
// which workers report, so the race found and reported is the same at every worker count. A non-tiled
// launch uses the table with one "tile" per thread (its point index).
//
// Dense arrays beside the table, per word of each captured view (zero pages until touched), keep it small
// and its records cheap; what is reported is what the table alone would report:
// - the first tile to touch the word, and per kind of access that tile's first access (thread, code
//   address): a word only one tile touches cannot race between tiles, and most words of most launches are
//   such words (every word of a tile average), so a word gets an entry in the table only when a second
//   tile touches it, seeded from these. The owner is what a record looks at, so a launch maps the slots
//   of the kinds of access it makes and not of the others;
// - the second lowest tile recorded: in a tiled matrix multiply every word of the inputs is read by a
//   whole row of tiles and only the two lowest count, so a tile above it is dropped before any lock.
#pragma once

#include "../report/finding.hpp"
#include "zeroed_array.hpp"

#include <tessera/emulator/launch.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tessera::emulator::detail {

class hazard_log;

class cross_tile_table {
 public:
  struct first_access {
    std::int64_t tile = -1;  // -1: none
    int thread = 0;
    const void* pc = nullptr;
  };
  explicit cross_tile_table(const launch_memory& launch);
  cross_tile_table(const cross_tile_table&) = delete;
  cross_tile_table& operator=(const cross_tile_table&) = delete;

  // `word` (4-aligned) lies in captured view `unit` of the launch.
  void record(std::size_t unit, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc) {
    const dense_word d = dense(unit, word, tile);
    if (d.view != nullptr) {
      const std::uint32_t owner = std::atomic_ref<std::uint32_t>(d.owner()).load(std::memory_order_relaxed);
      if (owner != 0 && owner != static_cast<std::uint64_t>(tile) + 1) {  // another tile touched it
        const std::uint32_t known = std::atomic_ref<std::uint32_t>(d.second(kind)).load(std::memory_order_relaxed);
        if (known != 0 && static_cast<std::uint64_t>(tile) + 1 >= known) return;  // two lower tiles are in
      }
    }
    record_slow(d, word, kind, tile, thread, pc);
  }
  // Whether a tile other than `tile` has stored to `word` (in view `unit`) with a plain write (a read of
  // it from `tile` races with that store).
  bool written_by_other(std::size_t unit, std::uintptr_t word, std::int64_t tile) const;
  // Every word with a race, as raw hazards of `kind` for the log.
  void report_into(hazard_log& log, const launch_memory& launch, hazard_kind kind) const;

 private:
  struct word_state {
    std::array<std::array<first_access, 2>, 3> lowest;  // [access kind][0 lowest, 1 second lowest]
  };
  struct shard {
    mutable std::mutex mutex;
    std::unordered_map<std::uintptr_t, word_state> words;
  };
  struct first_slot {
    std::uint32_t tile_plus1;  // 0: no access of this kind yet
    std::uint32_t thread;
    const void* pc;
  };
  struct view_filter {
    std::uintptr_t base = 0;  // the view's first byte, rounded down to a word
    std::size_t words = 0;
    zeroed_array<std::uint32_t> owner;   // [word]: the first tile to touch it + 1; 0: none yet
    zeroed_array<std::uint32_t> second;  // [kind * words + word]: second lowest tile + 1; 0: fewer than two
    zeroed_array<first_slot> first;      // [kind * words + word]: the owner's first access of the kind
  };
  // One word's dense slots (view null: the word has none, or the tile number does not fit them).
  struct dense_word {
    view_filter* view = nullptr;  // its arrays are written through it, under the word's shard lock
    std::size_t index = 0;
    std::uint32_t& owner() const noexcept { return view->owner[index]; }
    std::uint32_t& second(access_kind k) const noexcept { return view->second[static_cast<std::size_t>(k) * view->words + index]; }
    first_slot& first(int k) const noexcept { return view->first[static_cast<std::size_t>(k) * view->words + index]; }
  };

  dense_word dense(std::size_t unit, std::uintptr_t word, std::int64_t tile) const noexcept {
    if (unit >= filters_.size() || tile < 0 || tile >= std::int64_t{0xfffffffe}) return {};
    view_filter& f = filters_[unit];
    const std::size_t i = (word - f.base) / 4;
    if (f.words == 0 || word < f.base || i >= f.words) return {};
    return {&f, i};
  }
  void record_slow(const dense_word& d, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc);

  std::array<shard, 64> shards_;
  mutable std::vector<view_filter> filters_;  // written under the shard locks, read by const lookups too
};

}  // namespace tessera::emulator::detail
