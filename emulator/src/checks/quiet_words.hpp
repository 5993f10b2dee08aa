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
// (check_plugin::quiet_after_read) and, when all agree, marks the word with the interval's epoch. After a
// word's first reader the mark names it: another thread's read then only adds the second reader to the
// race check's cell (check_plugin::take_second_read), out of line but without the checks' general path,
// once every check says that is all it would do, and the word is quiet from then on (a 2x2 tile average:
// 4 of its 8 reads a tile that were not yet quiet). Any other access to the word (a store, an atomic, a
// read of part of it) clears the mark, and the interval's end clears every mark at once: the epoch moves
// on, and epochs grow across tiles.
#pragma once

#include "zeroed_array.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class quiet_words {
 public:
  // One mark per word of the tile_static shadow (`shadow_bytes`: memory_map::tile_static_bytes()).
  void resize(std::size_t shadow_bytes) { marks_.resize((shadow_bytes + 3) / 4); }

  // What a plain read of word `w` (a shadow index / 4; any value, a word past the shadow is never quiet)
  // by `thread` in interval `epoch` is.
  enum class read : unsigned char { checked, quiet, second_reader };
  read state(std::size_t w, std::uint32_t epoch, int thread) const noexcept {
    if (w >= marks_.size()) return read::checked;
    const std::uint64_t m = marks_[w];
    if (static_cast<std::uint32_t>(m) != epoch) return read::checked;
    const auto reader = static_cast<std::uint32_t>(m >> 32);
    if (reader == 0) return read::quiet;
    return reader == static_cast<std::uint32_t>(thread) + 1 ? read::checked : read::second_reader;
  }

  // Word `w` is quiet in interval `epoch` (`reader` -1), or has one reader, thread `reader`, whose reads
  // take the checks' path and another thread's a second reader's.
  void mark(std::size_t w, std::uint32_t epoch, int reader = -1) noexcept {
    if (w < marks_.size()) marks_[w] = epoch | (static_cast<std::uint64_t>(static_cast<std::uint32_t>(reader + 1)) << 32);
  }
  // The words that shadow bytes [base, base + size) touch are no longer quiet.
  void clear(std::size_t base, std::size_t size) noexcept {
    std::size_t w = base / 4;
    const std::size_t end = std::min((base + size + 3) / 4, marks_.size());
    if (w + 1 == end) [[likely]] {  // an int, a float: one word (no call of memset)
      marks_[w] = 0;
      return;
    }
    for (; w < end; ++w) marks_[w] = 0;
  }

 private:
  // Per word: the interval of its mark (low half; 0: none) and its one reader + 1 (high half; 0: quiet).
  zeroed_array<std::uint64_t> marks_;
};

}  // namespace tessera::emulator::detail
