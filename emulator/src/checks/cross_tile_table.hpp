// cross_tile_table: which tiles of a launch touched each word of global memory, kept so that races
// between tiles are found whatever order the tiles ran in.
//
// Nothing orders two tiles of a launch (BAR-11, MEM-4), so a plain write and any access to the same word
// from another tile race. Per word the table keeps the two lowest tiles of each kind of access (with the
// thread and code address of that tile's first such access); minimums do not depend on the order in
// which workers report, so the race found and reported is the same at every worker count. A non-tiled
// launch uses the table with one "tile" per thread (its point index).
#pragma once

#include "finding.hpp"

#include <tessera/emulator/launch.hpp>

#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace tessera::emulator::detail {

class hazard_log;

class cross_tile_table {
 public:
  struct first_access {
    std::int64_t tile = -1;  // -1: none
    int thread = 0;
    const void* pc = nullptr;
  };
  void record(std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc);
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
  std::array<shard, 64> shards_;
};

}  // namespace tessera::emulator::detail
