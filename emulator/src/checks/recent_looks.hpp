// recent_looks: the last looks of one thread at shared memory (reads, and atomics that changed nothing)
// within one barrier interval, with no other thread's watched access and no store since.
//
// A look that repeats one of them (the same address, size, kind and code address) finds the checks'
// shadows as that look left them: nothing but this thread's own looks ran since, and a look changes no
// cell another look of the same thread reads (it adds the thread as a reader or an atomic user again,
// marks bytes written that are written, or widens the tile_static span it is inside of). So it would
// change nothing and report again what was reported; only the checks that count looks (a poll is the
// same look over and over) need to see it. The monitor forgets them at any store, any other thread's
// (or point's) access, and any barrier.
//
// A few slots chosen by the code address: a loop polling a flag, or re-reading a few elements, keeps
// its looks (a forgotten look is one of an older generation). Kept only once a thread has looked
// `after` times without a store: a poll or a long loop gets there at once, while code that reads data
// once between stores (a matrix multiply's inner loop) pays nothing for it.
#pragma once

#include "check_plugin.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class recent_looks {
 public:
  static constexpr std::size_t slots = 4;
  static constexpr int after = 64;

  void forget() noexcept { ++generation_; }

  // The remembered look this access repeats, or null.
  const access_event* find(std::uintptr_t a, std::size_t size, access_kind kind, const void* pc) const noexcept {
    const slot& s = slots_[index(pc)];
    return s.generation == generation_ && s.look.addr == a && s.look.pc == pc && s.look.size == size && s.look.kind == kind
               ? &s.look
               : nullptr;
  }

  // A look the checks saw in full.
  void remember(const access_event& e) noexcept {
    slot& s = slots_[index(e.pc)];
    s.look = e;
    s.generation = generation_;
  }

 private:
  struct slot {
    std::uint64_t generation = 0;
    access_event look{};
  };
  static std::size_t index(const void* pc) noexcept {
    const auto p = reinterpret_cast<std::uintptr_t>(pc);
    return (p ^ (p >> 4)) % slots;
  }

  std::uint64_t generation_ = 1;
  slot slots_[slots];
};

}  // namespace tessera::emulator::detail
