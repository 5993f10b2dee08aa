// hazard_log: the findings of one launch's checks, gathered from every worker and turned into one
// hazard_detected at the end. A pair of source sites is reported once, from the lowest tile where it
// happened, so the report is the same at every worker count.
#pragma once

#include <tessera/emulator/launch.hpp>

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

namespace tessera::emulator::detail {

class cross_tile_table;

struct raw_hazard {
  int kind;    // index into hazard_log::kind_names
  int memory;  // hazard_log::tile_static or hazard_log::global
  std::int64_t tile;
  std::int64_t second_tile = -1;  // the second access's tile when it is another tile's
  std::size_t offset;
  const void* first_pc;
  int first_thread;
  int first_access;  // access_kind
  const void* second_pc;
  int second_thread;
  int second_access;
};

class hazard_log {
 public:
  static constexpr const char* kind_names[] = {"read after write", "write after read", "write after write",
                                               "write next to atomic", "uninitialized read", "race between tiles",
                                               "tile_static over budget"};
  enum kind { raw = 0, war, waw, write_atomic, uninitialized, cross_tile, over_budget };
  enum memory_kind { tile_static = 0, global = 1 };

  // The log of the launch running now, or nullptr.
  static hazard_log* current() noexcept;

  // `seed` is named in the report: the order of a tile's threads, and so which access of a race comes
  // first, depends on it.
  hazard_log(const tiled_launch& launch, std::uint64_t seed);
  ~hazard_log();
  hazard_log(const hazard_log&) = delete;
  hazard_log& operator=(const hazard_log&) = delete;

  void record(const raw_hazard& h);
  // Accesses to global memory, for the races between tiles.
  cross_tile_table& tiles() noexcept { return *tiles_; }

  // Null when nothing was found.
  std::exception_ptr report();

 private:
  const tiled_launch& launch_;
  std::uint64_t seed_;
  std::unique_ptr<cross_tile_table> tiles_;
  mutable std::mutex mutex_;
  std::map<std::tuple<int, const void*, const void*>, raw_hazard> by_sites_;
};

// "file:line" for an address in instrumented code (addr2line, cached); "module+0xoffset" without it.
std::string symbolize(const void* pc);

}  // namespace tessera::emulator::detail
