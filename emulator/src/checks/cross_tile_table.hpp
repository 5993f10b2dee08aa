// cross_tile_table: which tiles of a launch touched each word of global memory, kept so that races
// between tiles are found whatever order the tiles ran in.
//
// Nothing orders two tiles of a launch (BAR-11, MEM-4), so a plain write and any access to the same word
// from another tile race. Per word the table keeps the two lowest tiles of each kind of access (with the
// thread and code address of that tile's first such access); minimums do not depend on the order in
// which workers report, so the race found and reported is the same at every worker count. A non-tiled
// launch uses the table with one "tile" per thread (its point index).
//
// Most records change nothing: in a tiled matrix multiply every word of the inputs is read by a whole row
// of tiles, and only the two lowest count. So beside the table, each word of each captured view has, per
// kind of access, the second lowest tile recorded (a dense array, one 32-bit word per word and kind,
// zero pages until touched): a tile above it is not among the two lowest and is dropped before the
// table's lock and hash lookup. The table's content, and so every report, is what it would be without.
#pragma once

#include "finding.hpp"

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
  ~cross_tile_table();
  cross_tile_table(const cross_tile_table&) = delete;
  cross_tile_table& operator=(const cross_tile_table&) = delete;

  // `word` (4-aligned) lies in captured view `unit` of the launch.
  void record(std::size_t unit, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc) {
    std::uint32_t* second = second_lowest(unit, word, kind);
    if (second != nullptr) {
      const std::uint32_t known = std::atomic_ref<std::uint32_t>(*second).load(std::memory_order_relaxed);
      if (known != 0 && static_cast<std::uint64_t>(tile) + 1 >= known) return;  // two lower tiles are in
    }
    record_slow(second, word, kind, tile, thread, pc);
  }
  // Whether a tile other than `tile` has stored to `word` with a plain write (a read of it from `tile`
  // races with that store).
  bool written_by_other(std::uintptr_t word, std::int64_t tile) const;
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
  struct view_filter {
    std::uintptr_t base = 0;         // the view's first byte, rounded down to a word
    std::size_t words = 0;
    std::uint32_t* second = nullptr;  // [kind * words + word]: second lowest tile + 1; 0: fewer than two
  };

  std::uint32_t* second_lowest(std::size_t unit, std::uintptr_t word, access_kind kind) const noexcept {
    if (unit >= filters_.size()) return nullptr;
    const view_filter& f = filters_[unit];
    const std::size_t i = (word - f.base) / 4;
    if (f.second == nullptr || word < f.base || i >= f.words) return nullptr;
    return f.second + static_cast<std::size_t>(kind) * f.words + i;
  }
  void record_slow(std::uint32_t* second, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc);

  std::array<shard, 64> shards_;
  std::vector<view_filter> filters_;
};

}  // namespace tessera::emulator::detail
