// quiet_words: the tile_static words that every check has seen enough of in the running barrier
// interval: another plain 4-byte read of one of them, by any thread of the tile, would leave every
// check's shadow as it is and find nothing. The access monitor then gives such a read only to the checks
// that count looks (the spin-wait check), from the inline hook, without classifying it or building the
// checks' state (access_monitor.hpp).
//
// A tiled kernel reads most tile_static words from several threads between two barriers (a 16x16 matrix
// multiply reads each element of its two tiles from 16 threads, a 3x3 average from 9), and after the
// second distinct reader such a read changes nothing: the race check's cell already holds two readers, the
// word is initialized, the tile's span already covers it. The monitor asks each check after such a read
// (check_plugin::quiet_after_read) and, when all agree, marks the word with the interval's epoch. Any other
// access to the word (a store, an atomic, a read of part of it) clears the mark, and the interval's end
// clears every mark at once: the epoch moves on, and epochs grow across tiles.
#pragma once

#include "zeroed_array.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class quiet_words {
 public:
  // One mark per word of the tile_static shadow (`shadow_bytes`: memory_map::tile_static_bytes()).
  void resize(std::size_t shadow_bytes) { epoch_.resize((shadow_bytes + 3) / 4); }

  // Word `w` (a shadow index / 4; any value, a word past the shadow is never quiet) is quiet in
  // interval `epoch`.
  bool quiet(std::size_t w, std::uint32_t epoch) const noexcept { return w < epoch_.size() && epoch_[w] == epoch; }

  void mark(std::size_t w, std::uint32_t epoch) noexcept {
    if (w < epoch_.size()) epoch_[w] = epoch;
  }
  // The words that shadow bytes [base, base + size) touch are no longer quiet.
  void clear(std::size_t base, std::size_t size) noexcept {
    std::size_t w = base / 4;
    const std::size_t end = std::min((base + size + 3) / 4, epoch_.size());
    if (w + 1 == end) [[likely]] {  // an int, a float: one word (no call of memset)
      epoch_[w] = 0;
      return;
    }
    for (; w < end; ++w) epoch_[w] = 0;
  }

 private:
  zeroed_array<std::uint32_t> epoch_;  // per word: the interval it is quiet in (0: none)
};

}  // namespace tessera::emulator::detail
