// access_monitor: what one worker knows about the memory traffic of the tile it runs, fed by the
// instrumentation hooks (access_hooks.cpp) and by the tile runner's barrier phases.
//
// Checks: data races between threads of a tile in one barrier interval (read after write, write after
// read, write after write, a plain write next to an atomic) on tile_static memory (per byte) and on the
// launch's global memory (per 4-byte word: elements are multiples of 4 bytes, ARR-1), fence-aware: an
// interval of a memory kind ends only at a barrier whose fence covers that kind; reads of tile_static
// bytes no thread of the tile has written; and, through the launch's cross_tile_table, accesses to one
// global word from two tiles with a plain write among them. Findings go to the launch's hazard log.
#pragma once

#include <tessera/memory_scope.hpp>

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace tessera::emulator::detail {

struct tiled_launch;
class tile_runner;

enum class access_kind : unsigned char { read, write, atomic };

class access_monitor {
 public:
  // The monitor of the tile running on this thread, or nullptr (no tile, or checks off).
  static access_monitor* active() noexcept { return active_; }

  void begin_tile(const tile_runner& runner, const tiled_launch& launch, std::int64_t tile);
  void end_tile() noexcept { active_ = nullptr; }
  // A barrier phase ended; `scope` is the fence of the barrier every thread met at.
  void phase_turn(memory_scope scope) noexcept;

  void on_access(const void* addr, std::size_t size, access_kind kind, const void* pc);

 private:
  struct cell {
    std::uint32_t write_epoch = 0;  // 0: not written in this tile
    std::uint32_t read_epoch = 0;
    std::uint16_t writer = 0;
    std::uint16_t reader = 0;
    bool write_atomic = false;
    bool many_readers = false;
    const void* write_pc = nullptr;
    const void* read_pc = nullptr;
  };
  struct range {
    std::uintptr_t begin, end;
    std::size_t shadow_offset;
  };

  struct global_cell : cell {
    bool tile_wrote = false, tile_read = false, tile_atomic = false;  // already in the cross-tile table
  };

  void find_tile_static_ranges();
  cell* shadow_of(std::uintptr_t a) noexcept;
  bool is_global(std::uintptr_t a) const noexcept;
  // Applies one access to one shadow unit; returns the hazard kind found, or -1.
  int check_unit(cell& c, std::uint32_t epoch, std::uint32_t first_epoch, access_kind kind, const void* pc,
                 std::uint16_t thread, bool check_uninitialized, bool& against_write);
  void touch_tile_static(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread);
  void touch_global(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, int thread);
  void report(int kind, int memory, std::size_t offset, const cell& c, bool against_write, access_kind kind_now,
              const void* pc, int thread);

  static inline thread_local access_monitor* active_ = nullptr;

  const tile_runner* runner_ = nullptr;
  const tiled_launch* launch_ = nullptr;
  std::int64_t tile_ = 0;
  std::uint32_t epoch_ = 0;         // the current tile_static interval
  std::uint32_t tile_epoch_ = 0;    // the first tile_static interval of the current tile
  std::uint32_t gepoch_ = 0;        // the current global-memory interval
  std::uint32_t tile_gepoch_ = 0;
  bool shadow_clean_ = true;        // the shadows are reset lazily, on a tile's first access
  std::unordered_map<std::uintptr_t, global_cell> global_;  // this tile's global words
  std::uintptr_t tile_static_low_ = 0, tile_static_high_ = 0;  // bytes this tile touched
  bool over_budget_reported_ = false;
  std::vector<range> ranges_;
  std::vector<cell> shadow_;
};

}  // namespace tessera::emulator::detail
