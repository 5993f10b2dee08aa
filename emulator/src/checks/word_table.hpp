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
  // Forget every word (a new tile).
  void clear() noexcept {
    ++generation_;
    size_ = 0;
    if (generation_ == 0) {  // wrapped around: stale slots could look current
      for (slot& s : slots_) s.generation = 0;
      generation_ = 1;
    }
  }

  // The cell of `word`, new on first use in the tile: value-initialized, or only what a Cell with a static
  // renew(Cell&) says must change (a slot's earlier cell may be reused as it is where its fields are
  // numbered by interval, and intervals only grow). Valid until the next call of operator[].
  Cell& operator[](std::uintptr_t word) {
    if (2 * (size_ + 1) > slots_.size()) grow();
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
    if (slots_.empty()) return nullptr;
    const slot* s = const_cast<word_table*>(this)->find_slot(word);
    return s->generation == generation_ ? &s->cell : nullptr;
  }

 private:
  struct slot {
    std::uintptr_t word = 0;
    std::uint32_t generation = 0;  // current: == generation_
    Cell cell{};
  };

  static std::size_t hash(std::uintptr_t word) noexcept {  // Fibonacci hashing of the word's index
    return static_cast<std::size_t>(((word >> 2) * 0x9e3779b97f4a7c15ull) >> 20);
  }
  slot* find_slot(std::uintptr_t word) noexcept {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(word) & mask;; i = (i + 1) & mask) {
      slot& s = slots_[i];
      if (s.generation != generation_ || s.word == word) return &s;
    }
  }
  void grow() {
    std::vector<slot> old(slots_.size() < 1024 ? 1024 * 2 : slots_.size() * 2);
    old.swap(slots_);
    const std::uint32_t current = generation_;
    for (slot& s : old)
      if (s.generation == current) *find_slot(s.word) = s;
  }

  std::vector<slot> slots_;
  std::uint32_t generation_ = 1;
  std::size_t size_ = 0;
};

}  // namespace tessera::emulator::detail
