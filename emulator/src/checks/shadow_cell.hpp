// shadow_cell: what the checks remember about one unit of shared memory (a tile_static byte or a global
// 4-byte word) within one tile, and the compatibility rules of MEM-3 applied to one access.
//
// Epochs number barrier intervals; an interval of a memory kind ends only at a barrier whose fence covers
// that kind, so "same epoch" means "nothing ordered the two accesses". Epochs grow across tiles, so a cell
// from an earlier tile is simply old: the shadow needs no clearing between tiles.
#pragma once

#include "hazard_kind.hpp"

#include <cstdint>

namespace tessera::emulator::detail {

enum class access_kind : unsigned char { read, write, atomic };

struct shadow_cell {
  static constexpr std::uint16_t nobody = 0xffff;

  std::uint32_t write_epoch = 0;  // 0: never written
  std::uint32_t read_epoch = 0;
  std::uint32_t written_in = 0;   // the first epoch of the tile that last wrote it (initialization)
  std::uint16_t writer = 0;
  std::uint16_t reader = 0;           // the first reader of read_epoch
  std::uint16_t reader2 = nobody;     // another reader of read_epoch, if any
  bool write_atomic = false;
  const void* write_pc = nullptr;
  const void* read_pc = nullptr;
  const void* read2_pc = nullptr;
};

// The earlier access a new one conflicts with.
struct conflict {
  hazard_kind kind = hazard_kind::none;
  int thread = 0;
  const void* pc = nullptr;
  access_kind access = access_kind::read;
};

// Applies an access by `thread` in interval `epoch` (the tile's first interval being `first_epoch`) and
// returns what it conflicts with. `uninitialized` asks for reads of never-written units to be reported.
inline conflict apply_access(shadow_cell& c, std::uint32_t epoch, std::uint32_t first_epoch, access_kind kind, const void* pc,
                             std::uint16_t thread, bool uninitialized) {
  conflict found;
  const bool written = c.written_in == first_epoch;
  const bool other_wrote_now = c.write_epoch == epoch && c.writer != thread;
  const auto earlier_write = [&](hazard_kind k) {
    found = conflict{k, c.writer, c.write_pc, c.write_atomic ? access_kind::atomic : access_kind::write};
  };
  switch (kind) {
    case access_kind::read:
      if (uninitialized && !written) found.kind = hazard_kind::uninitialized;
      else if (other_wrote_now && !c.write_atomic) earlier_write(hazard_kind::raw);
      if (c.read_epoch != epoch) {
        c.read_epoch = epoch;
        c.reader = thread;
        c.read_pc = pc;
        c.reader2 = shadow_cell::nobody;
      } else if (c.reader != thread && c.reader2 == shadow_cell::nobody) {
        c.reader2 = thread;
        c.read2_pc = pc;
      }
      break;
    case access_kind::write:
      if (other_wrote_now) {
        earlier_write(c.write_atomic ? hazard_kind::write_atomic : hazard_kind::waw);
      } else if (c.read_epoch == epoch) {
        // Name a reader other than the writer: two are kept, so one of them is another thread if any is.
        if (c.reader != thread) found = conflict{hazard_kind::war, c.reader, c.read_pc, access_kind::read};
        else if (c.reader2 != shadow_cell::nobody) found = conflict{hazard_kind::war, c.reader2, c.read2_pc, access_kind::read};
      }
      c.write_epoch = epoch;
      c.written_in = first_epoch;
      c.writer = thread;
      c.write_atomic = false;
      c.write_pc = pc;
      break;
    case access_kind::atomic:
      if (uninitialized && !written) found.kind = hazard_kind::uninitialized;
      else if (other_wrote_now && !c.write_atomic) earlier_write(hazard_kind::write_atomic);
      c.write_epoch = epoch;
      c.written_in = first_epoch;
      c.writer = thread;
      c.write_atomic = true;
      c.write_pc = pc;
      break;
  }
  return found;
}

}  // namespace tessera::emulator::detail
