// shadow_cell: what the race checks remember about one unit of shared memory (a tile_static byte or a
// global 4-byte word) within one tile, and the compatibility rules of MEM-3 applied to one access.
//
// Epochs number barrier intervals; an interval of a memory kind ends only at a barrier whose fence covers
// that kind, so "same epoch" means "nothing ordered the two accesses". Epochs grow across tiles, so a cell
// from an earlier tile is simply old: the shadow needs no clearing between tiles.
//
// A race is a pair of accesses by two threads in one interval, and which of the two runs first depends on
// the thread order (the seed). So that every order finds it, each kind of access keeps its own record:
// the interval's last plain writer, and for reads and for atomics the first thread and one other. A new
// access then asks "did a thread other than me make a conflicting access in this interval?" of the record
// of each conflicting kind, and no access of one kind hides one of another (an atomic does not replace
// the plain store before it, so thread 0's `count = 0; atomic_fetch_inc(&count);` still conflicts with
// thread 1's atomic, whichever runs first).
//
// Whether a byte was ever written in the tile (uninitialized reads) is the uninitialized_reads check's
// own shadow, not part of this cell.
#pragma once

#include "../report/finding.hpp"

#include <cstdint>

namespace tessera::emulator::detail {

// The threads that made one kind of access to a unit in one interval: the first, and another if any,
// so that for every thread T "some thread other than T" is answered.
struct access_pair {
  static constexpr std::uint16_t nobody = 0xffff;

  std::uint32_t epoch = 0;  // 0: none yet
  std::uint16_t first = 0;
  std::uint16_t second = nobody;
  const void* first_pc = nullptr;
  const void* second_pc = nullptr;

  void add(std::uint32_t now, std::uint16_t thread, const void* pc) noexcept {
    if (epoch != now) {
      epoch = now;
      first = thread;
      first_pc = pc;
      second = nobody;
    } else if (first != thread && second == nobody) {
      second = thread;
      second_pc = pc;
    }
  }
  // A thread other than `thread` that made this access in interval `now`: true, with its thread and pc.
  bool other_than(std::uint32_t now, std::uint16_t thread, int& who, const void*& pc) const noexcept {
    if (epoch != now) return false;
    if (first != thread) {
      who = first;
      pc = first_pc;
      return true;
    }
    if (second != nobody) {
      who = second;
      pc = second_pc;
      return true;
    }
    return false;
  }
};

struct shadow_cell {
  std::uint32_t write_epoch = 0;  // the last plain write: 0, never
  std::uint16_t writer = 0;
  const void* write_pc = nullptr;
  access_pair readers;  // plain reads
  access_pair atomics;  // atomics, whatever they did to memory
};

// The earlier access a new one conflicts with. Written only when there is one (no stores on the path of
// an access without a conflict, which is nearly every access).
struct conflict {
  hazard_kind kind;
  int thread;
  const void* pc;
  access_kind access;
};

// Applies an access by `thread` in interval `epoch`; true when it conflicts with an earlier access, which
// it then writes to `found`. A write that conflicts with several earlier accesses names another thread's
// plain write first, then an atomic, then a read, whatever order they ran in.
[[gnu::always_inline]] inline bool apply_access(shadow_cell& c, std::uint32_t epoch, access_kind kind, const void* pc,
                                                std::uint16_t thread, conflict& found) {
  const bool other_wrote_now = c.write_epoch == epoch && c.writer != thread;
  bool conflicts = false;
  int who = 0;
  const void* who_pc = nullptr;
  switch (kind) {
    case access_kind::read:
      if (other_wrote_now) [[unlikely]] {
        found = conflict{hazard_kind::read_after_write, c.writer, c.write_pc, access_kind::write};
        conflicts = true;
      }
      c.readers.add(epoch, thread, pc);
      break;
    case access_kind::write:
      if (other_wrote_now) [[unlikely]] {
        found = conflict{hazard_kind::write_after_write, c.writer, c.write_pc, access_kind::write};
        conflicts = true;
      } else if (c.atomics.other_than(epoch, thread, who, who_pc)) [[unlikely]] {
        found = conflict{hazard_kind::write_next_to_atomic, who, who_pc, access_kind::atomic};
        conflicts = true;
      } else if (c.readers.other_than(epoch, thread, who, who_pc)) [[unlikely]] {
        found = conflict{hazard_kind::write_after_read, who, who_pc, access_kind::read};
        conflicts = true;
      }
      c.write_epoch = epoch;
      c.writer = thread;
      c.write_pc = pc;
      break;
    case access_kind::atomic:
      if (other_wrote_now) [[unlikely]] {
        found = conflict{hazard_kind::write_next_to_atomic, c.writer, c.write_pc, access_kind::write};
        conflicts = true;
      }
      c.atomics.add(epoch, thread, pc);
      break;
  }
  return conflicts;
}

}  // namespace tessera::emulator::detail
