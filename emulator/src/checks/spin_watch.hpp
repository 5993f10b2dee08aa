// spin_watch: notices a kernel thread polling memory instead of waiting at a barrier.
//
// A thread polls when it keeps re-reading the same few shared locations (at most four: a flag, a lock, a
// counter) without storing anything that changes memory. After polls_per_round such reads the emulator
// lets the other threads of the tile run a round (the tile runner's yield). If the polled values changed
// meanwhile, the thread was waiting for another thread without a barrier: reported, and it goes on. If
// they stay the same for hang_rounds rounds, nothing will ever change them: a hang, reported, and the tile
// is stopped instead of hanging. Threads of non-tiled launches cannot yield; their rounds pass without.
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

  enum class verdict { changed, unchanged, hung };

  void reset(int threads) { threads_.assign(static_cast<std::size_t>(threads), state{}); }

  // The thread stored something that changed memory: it is working, not polling.
  void progress(int t) noexcept { threads_[t] = state{}; }

  // A read of shared memory, or an atomic that changed nothing; true when a round of polling is complete.
  bool polled(int t, std::uintptr_t a, std::size_t size) noexcept {
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
    return ++s.reads >= polls_per_round;
  }

  // Remember the polled values before the other threads run.
  void snapshot(int t) noexcept {
    state& s = threads_[t];
    s.has_snapshot = true;
    for (int i = 0; i < s.count; ++i) {
      s.value[i] = 0;
      std::memcpy(&s.value[i], reinterpret_cast<const void*>(s.addr[i]), s.size[i]);
    }
  }

  // After the round: did anything the thread polls change?
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
    return ++s.rounds >= hang_rounds ? verdict::hung : verdict::unchanged;
  }

 private:
  static constexpr int watched = 4;
  struct state {
    int count = 0;  // locations watched
    int reads = 0;  // polls in this round
    int rounds = 0;  // rounds without change
    bool has_snapshot = false;
    std::uintptr_t addr[watched]{};
    std::size_t size[watched]{};
    std::uint64_t value[watched]{};
  };
  std::vector<state> threads_;
};

}  // namespace tessera::emulator::detail
