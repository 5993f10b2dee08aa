// word_table: a tile's shadow of the global memory words it touched, keyed by address. Open addressing
// in one flat array kept for the worker's life, emptied in constant time when a tile begins (a
// generation number per slot), so a tile that touches 65,536 words of a matrix allocates and frees
// nothing per word, as std::unordered_map did (a node each, allocated and freed by every tile).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::emulator::detail {

template <class Cell>
class word_table {
 public:
  // Forget every word (a new tile). The slots in use shrink to a few times what the last tile touched:
  // a 2x2 tile's four words then lie in a few cache lines, not in four of a table sized for the largest
  // tile the worker met (a slot missed the cache at every global access of a 2x2 tile average).
  void clear() noexcept {
    ++generation_;
    if (generation_ == 0) {  // wrapped around: stale slots could look current
      for (slot& s : slots_) s.generation = 0;
      generation_ = 1;
    }
    std::size_t fit = min_slots;
    while (fit < 4 * size_) fit *= 2;
    if (fit < used_) used_ = fit;
    size_ = 0;
  }

  // The cell of `word`, new on first use in the tile: value-initialized, or only what a Cell with a static
  // renew(Cell&) says must change (a slot's earlier cell may be reused as it is where its fields are
  // numbered by interval, and intervals only grow). Valid until the next call of operator[].
  Cell& operator[](std::uintptr_t word) {
    if (2 * (size_ + 1) > used_) grow();
    slot* s = find_slot(word);
    if (s->generation != generation_) {
      s->generation = generation_;
      s->word = word;
      if constexpr (requires { Cell::renew(s->cell); }) Cell::renew(s->cell);
      else s->cell = Cell{};
      ++size_;
    }
    return s->cell;
  }

  // The cell of `word`, or nullptr if this tile has not touched it.
  const Cell* find(std::uintptr_t word) const noexcept {
    if (used_ == 0) return nullptr;
    const slot* s = const_cast<word_table*>(this)->find_slot(word);
    return s->generation == generation_ ? &s->cell : nullptr;
  }

 private:
  static constexpr std::size_t min_slots = 64;
  struct slot {
    std::uintptr_t word = 0;
    std::uint32_t generation = 0;  // current: == generation_
    Cell cell{};
  };

  static std::size_t hash(std::uintptr_t word) noexcept {  // Fibonacci hashing of the word's index
    return static_cast<std::size_t>(((word >> 2) * 0x9e3779b97f4a7c15ull) >> 20);
  }
  // Among the first used_ slots (a power of two).
  slot* find_slot(std::uintptr_t word) noexcept {
    const std::size_t mask = used_ - 1;
    for (std::size_t i = hash(word) & mask;; i = (i + 1) & mask) {
      slot& s = slots_[i];
      if (s.generation != generation_ || s.word == word) return &s;
    }
  }
  // Twice the slots in use (the array grows when they are all of it); the tile's words placed again.
  void grow() {
    const std::uint32_t current = generation_;
    moved_.clear();
    for (std::size_t i = 0; i < used_; ++i)
      if (slots_[i].generation == current) {
        moved_.push_back(slots_[i]);
        // Left empty: a cell renewed in place keeps its records, and these are of the running tile.
        slots_[i] = slot{};
      }
    used_ = used_ == 0 ? min_slots : 2 * used_;
    if (used_ > slots_.size()) slots_.resize(used_);
    for (const slot& s : moved_) *find_slot(s.word) = s;
  }

  std::vector<slot> slots_;
  std::vector<slot> moved_;  // grow's scratch
  std::size_t used_ = 0;     // slots in use: 0, or a power of two up to slots_.size()
  std::uint32_t generation_ = 1;
  std::size_t size_ = 0;
};

}  // namespace tessera::emulator::detail
