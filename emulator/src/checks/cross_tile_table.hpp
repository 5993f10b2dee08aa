// cross_tile_table: which tiles of a launch touched each word of global memory, kept so that races
// between tiles are found whatever order the tiles ran in.
//
// Nothing orders two tiles of a launch (BAR-11, MEM-4), so a plain write and any access to the same word
// from another tile race. Per word the table keeps the two lowest tiles of each kind of access (with the
// thread and code address of that tile's first such access); minimums do not depend on the order in
// which workers report, so the race found and reported is the same at every worker count. A non-tiled
// launch uses the table with one "tile" per thread (its point index).
//
// Dense arrays beside the table, per word of each captured view (zero pages until touched, in large
// pages, kept for the next launch: zeroed_memory.hpp), keep it small and its records cheap; what is
// reported is what the table alone would report:
// - the word's owner, the first tile to touch it, and per kind of access the owner's first access
//   (thread and code address, packed in one word): a word only one tile touches cannot race between
//   tiles, and most words of most launches are such words (every word of a tile average). The owner's
//   accesses stay in these slots, written by its worker alone with plain stores; the other tiles' go to
//   the table (under its shard's lock), and the word's owner is marked as having an entry. Nothing reads
//   the owner's slots while tiles run but written_by_other, which may see them late; the report, after
//   every tile ended, merges them into the word's entry. (The owner once published its slots to the
//   table when a second tile came, which took two fences per word a tile touched: a fifth of the cost of
//   a checked global store.)
// - the second lowest of the other tiles in the table: in a tiled matrix multiply every word of the
//   inputs is read by a whole row of tiles and only the two lowest count, so a tile above it is dropped
//   before any lock.
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
  ~cross_tile_table();
  cross_tile_table(const cross_tile_table&) = delete;
  cross_tile_table& operator=(const cross_tile_table&) = delete;

  // `word` (4-aligned) lies in captured view `unit` of the launch. Called once per tile, word and kind of
  // access (the tile's first such access).
  void record(std::size_t unit, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc) {
    const dense_word d = dense(unit, word, tile);
    if (d.view == nullptr) return record_in_table(d, word, kind, tile, thread, pc);
    d.view->note(d.view->recorded, kind);
    const auto mine = static_cast<std::uint32_t>(tile + 1);
    std::atomic_ref<std::uint32_t> owner(d.owner());
    std::uint32_t now = owner.load(std::memory_order_relaxed);
    if (now == 0 && owner.compare_exchange_strong(now, mine, std::memory_order_relaxed)) now = mine;
    if ((now & ~has_entry) == mine) {  // the owner's access: in its slot, once per kind
      std::atomic_ref<std::uint64_t> slot(d.first(static_cast<int>(kind)));
      if (slot.load(std::memory_order_relaxed) != 0) return;
      if (packs(thread, pc)) return slot.store(pack(thread, pc), std::memory_order_relaxed);
    } else {
      const std::uint32_t known = std::atomic_ref<std::uint32_t>(d.second(kind)).load(std::memory_order_relaxed);
      if (known != 0 && mine >= known) return;  // two lower tiles besides the owner are in
    }
    record_in_table(d, word, kind, tile, thread, pc);
  }
  // Whether captured view `unit` is read-only for the launch: a view of const elements whose memory no
  // writable view of the launch shares. Kernel code cannot store there (but through a const_cast), so its
  // reads cannot race and are not recorded (global_races).
  bool read_only(std::size_t unit) const noexcept { return unit < read_only_.size() && read_only_[unit] != 0; }

  // Whether a tile other than `tile` has stored to `word` (in view `unit`) with a plain write (a read of
  // it from `tile` races with that store).
  bool written_by_other(std::size_t unit, std::uintptr_t word, std::int64_t tile) const;
  // Every word with a race, as raw hazards of `kind` for the log.
  void report_into(hazard_log& log, const launch_memory& launch, hazard_kind kind) const;

 private:
  // The owner's bit saying the word has an entry in the table; the rest is the owner tile + 1.
  static constexpr std::uint32_t has_entry = 0x80000000;

  struct word_state {
    std::array<std::array<first_access, 2>, 3> lowest;  // [access kind][0 lowest, 1 second lowest]
  };
  struct alignas(64) shard {  // a cache line each: workers locking neighbouring shards do not share one
    mutable std::mutex mutex;
    std::unordered_map<std::uintptr_t, word_state> words;
  };
  // A first access in one word: the code address above the thread's 16 bits; 0: none.
  static std::uint64_t pack(int thread, const void* pc) noexcept {
    return (static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pc)) << 16) | static_cast<std::uint16_t>(thread);
  }
  static bool packs(int thread, const void* pc) noexcept {
    return pc != nullptr && thread >= 0 && thread <= 0xffff && (reinterpret_cast<std::uintptr_t>(pc) >> 48) == 0;
  }
  static first_access unpack(std::uint32_t owner, std::uint64_t slot) noexcept {
    return {std::int64_t{owner} - 1, static_cast<int>(slot & 0xffff), reinterpret_cast<const void*>(slot >> 16)};
  }
  struct view_filter {
    std::uintptr_t base = 0;  // the view's first byte, rounded down to a word
    std::size_t words = 0;
    zeroed_array<std::uint32_t> owner;   // [word]: the first tile to touch it + 1, | has_entry; 0: none yet
    zeroed_array<std::uint32_t> second;  // [kind * words + word]: second lowest tile + 1 in the table; 0: fewer than two
    zeroed_array<std::uint64_t> first;   // [kind * words + word]: the owner's first access of the kind, packed; 0: none
    // Per kind of access: the launch recorded one in the view's slots (owner, first) / in `second`. Only
    // those parts are zeroed for the next launch (zeroed_array::written_only). Set once: a worker that
    // finds it set leaves its cache line shared.
    std::array<std::atomic<bool>, 3> recorded{};
    std::array<std::atomic<bool>, 3> seconds{};
    static void note(std::array<std::atomic<bool>, 3>& flags, access_kind kind) noexcept {
      std::atomic<bool>& f = flags[static_cast<std::size_t>(kind)];
      if (!f.load(std::memory_order_relaxed)) f.store(true, std::memory_order_relaxed);
    }
  };
  // One word's dense slots (view null: the word has none, or the tile number does not fit them).
  struct dense_word {
    view_filter* view = nullptr;
    std::size_t index = 0;
    std::uint32_t& owner() const noexcept { return view->owner[index]; }
    std::uint32_t& second(access_kind k) const noexcept { return view->second[static_cast<std::size_t>(k) * view->words + index]; }
    std::uint64_t& first(int k) const noexcept { return view->first[static_cast<std::size_t>(k) * view->words + index]; }
  };

  dense_word dense(std::size_t unit, std::uintptr_t word, std::int64_t tile) const noexcept {
    if (unit >= filters_.size() || tile < 0 || tile >= std::int64_t{has_entry} - 1) return {};
    view_filter& f = filters_[unit];
    const std::size_t i = (word - f.base) / 4;
    if (f.words == 0 || word < f.base || i >= f.words) return {};
    return {&f, i};
  }
  void record_in_table(const dense_word& d, std::uintptr_t word, access_kind kind, std::int64_t tile, int thread, const void* pc);
  // The word's entry with its owner's slots merged in (after the launch's tiles ended).
  word_state merged(const launch_memory& launch, std::uintptr_t word, word_state state) const;
  static void add_lowest(std::array<first_access, 2>& lowest, const first_access& a) noexcept;
  shard& shard_of(std::uintptr_t word) const noexcept { return shards_[(word >> 2) % shards_.size()]; }

  mutable std::array<shard, 64> shards_;
  mutable std::vector<view_filter> filters_;  // written by records, read by const lookups too
  std::vector<unsigned char> read_only_;      // per captured view (read_only)
};

}  // namespace tessera::emulator::detail
