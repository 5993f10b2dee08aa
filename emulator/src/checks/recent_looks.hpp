// recent_looks: the last few looks of one thread at shared memory (reads, and atomics that changed
// nothing) within one barrier interval, with no other thread's watched access and no store since.
//
// A look that repeats one of them (the same address, size, kind and code address) finds the checks'
// shadows as that look left them: nothing but this thread's own looks ran since, and a look changes no
// cell another look of the same thread reads (it adds the thread as a reader or an atomic user again,
// marks bytes written that are written, or widens the tile_static span it is inside of). So it would
// change nothing and report again what was reported; only the checks that count looks (a poll is the
// same look over and over) need to see it. The monitor forgets them at any store, any other thread's
// access, and any barrier.
#pragma once

#include "check_plugin.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class recent_looks {
 public:
  static constexpr int capacity = 4;  // a loop over a few elements (a[0] * b[0], three neighbours)

  struct interval {  // where the looks were made
    int thread;
    std::int64_t tile;
    std::uint32_t tile_static_epoch, global_epoch;
    bool operator==(const interval&) const = default;
  };

  void forget() noexcept { count_ = 0; }

  // The remembered look this access repeats, or null.
  const access_event* find(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc, const interval& now) const noexcept {
    if (count_ == 0 || !(now == at_)) return nullptr;
    for (int i = 0; i < count_; ++i) {
      const access_event& l = looks_[i];
      if (l.addr == a && l.pc == pc && l.size == size && l.kind == kind) return &l;
    }
    return nullptr;
  }

  // A look the checks saw in full. Looks of another thread or interval start the list again.
  void remember(const access_event& e, const interval& now) noexcept {
    if (count_ == 0 || !(now == at_)) {
      at_ = now;
      count_ = next_ = 0;
    }
    looks_[next_] = e;
    next_ = (next_ + 1) % capacity;
    if (count_ < capacity) ++count_;
  }

 private:
  interval at_{};
  int count_ = 0, next_ = 0;
  access_event looks_[capacity];
};

}  // namespace tessera::emulator::detail
