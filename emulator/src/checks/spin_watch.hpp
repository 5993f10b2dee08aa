// spin_watch: notices a kernel thread re-reading the same few locations, which may be polling memory
// instead of waiting at a barrier, and keeps what the monitor needs to tell polling from computing.
//
// A thread re-reads when it reads the same few shared locations (at most four: a flag, a lock, a counter)
// polls_per_round times without storing anything that changes memory. The emulator then lets the other
// threads of the tile run a round (the tile runner's yield): harmless for a computation, and the only way
// a thread that polls can see another thread's store. If a watched value changed meanwhile, another
// thread wrote it while this one waited for it: polling without a barrier. If nothing changed, the
// thread may still be computing (a loop that reads the same two elements 100,000 times); only the
// monitor can say whether it polls memory another thread could change and whether anything still can
// (access_monitor::poll), so this class only counts the rounds without change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tessera::emulator::detail {

class spin_watch {
 public:
  static constexpr int polls_per_round = 1 << 14;
  static constexpr int hang_rounds = 8;
  static constexpr int watched = 4;

  enum class verdict { changed, unchanged };

  void reset(int threads) { threads_.assign(static_cast<std::size_t>(threads), state{}); }

  // The thread stored something that changed memory: it is working, not polling.
  void progress(int t) noexcept { threads_[t] = state{}; }

  // A read of shared memory, or an atomic that changed nothing (`atomic`); true when a round of
  // re-reading is complete.
  bool polled(int t, std::uintptr_t a, std::size_t size, bool atomic) noexcept {
    state& s = threads_[t];
    int i = 0;
    while (i < s.count && s.addr[i] != a) ++i;
    if (i == s.count) {
      if (s.count == watched) {  // a fifth location: this is not a polling loop
        s = state{};
      }
      i = s.count++;
      s.addr[i] = a;
      s.size[i] = size < 8 ? size : 8;
    }
    if (atomic) s.atomic |= 1u << i;
    return ++s.reads >= polls_per_round;
  }

  // Remember the watched values before the other threads run.
  void snapshot(int t) noexcept {
    state& s = threads_[t];
    s.has_snapshot = true;
    for (int i = 0; i < s.count; ++i) {
      s.value[i] = 0;
      std::memcpy(&s.value[i], reinterpret_cast<const void*>(s.addr[i]), s.size[i]);
    }
  }

  // After the round: did anything the thread re-reads change? (changed: the watch starts over)
  verdict after_round(int t) noexcept {
    state& s = threads_[t];
    s.reads = 0;
    if (!s.has_snapshot) return verdict::unchanged;
    for (int i = 0; i < s.count; ++i) {
      std::uint64_t now = 0;
      std::memcpy(&now, reinterpret_cast<const void*>(s.addr[i]), s.size[i]);
      if (now != s.value[i]) {
        s = state{};
        return verdict::changed;
      }
    }
    ++s.rounds;
    return verdict::unchanged;
  }

  // Rounds in a row in which nothing the thread re-reads changed.
  int unchanged_rounds(int t) const noexcept { return threads_[t].rounds; }

  // The watched locations of a thread: how many, each one's address and size, and whether the thread
  // touched it with an atomic.
  int count(int t) const noexcept { return threads_[t].count; }
  std::uintptr_t address(int t, int i) const noexcept { return threads_[t].addr[i]; }
  std::size_t size(int t, int i) const noexcept { return threads_[t].size[i]; }
  bool atomic(int t, int i) const noexcept { return (threads_[t].atomic >> i) & 1u; }

  // Set by the monitor after each round without change: the thread re-reads memory another thread could
  // change, so it is waiting for one (a thread that waits changes nothing until its wait ends).
  void set_waiting(int t, bool waiting) noexcept { threads_[t].waiting = waiting; }
  bool waiting(int t) const noexcept { return threads_[t].waiting; }

 private:
  struct state {
    int count = 0;   // locations watched
    int reads = 0;   // reads in this round
    int rounds = 0;  // rounds without change
    unsigned atomic = 0;  // bit i: location i was touched by an atomic
    bool has_snapshot = false;
    bool waiting = false;
    std::uintptr_t addr[watched]{};
    std::size_t size[watched]{};
    std::uint64_t value[watched]{};
  };
  std::vector<state> threads_;
};

}  // namespace tessera::emulator::detail
