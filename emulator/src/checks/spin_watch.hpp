// spin_watch: notices a kernel thread re-reading the same few locations, which may be polling memory
// instead of waiting at a barrier, and keeps what the monitor needs to tell polling from computing.
//
// A thread re-reads when it looks at shared memory polls_per_round times without storing anything that
// changes memory. The emulator then lets the other threads of the tile run a round (the tile runner's
// yield): harmless for a computation, and the only way a thread that polls can see another thread's store.
// So no loop that only reads can hang the tile by keeping the others from running, however many
// locations it reads.
//
// What it re-reads is watched when it is a few locations (at most `watched`: flags, a lock, a counter;
// more is a computation over data, whose rounds are still run but not judged). If a watched value changed
// during the round, the thread is a suspect: polling waits for such a change and leaves its loop at once
// when it comes (within two passes over what it watches), while a computation that merely re-reads a
// value others change (a bound lowered by a search) goes on re-reading. So the suspect is judged by what it
// does next: it stores, looks elsewhere, reaches a barrier or ends within leave_within() looks (it waited),
// or goes on looking (it computes). If nothing changed, the thread may still be computing (a loop that
// reads the same two elements 100,000 times); only the monitor can say whether it polls memory another
// thread could change and whether anything still can (spin_waits_check), so this class only counts the
// rounds without change.
//
// Locations are tracked only after track_after looks since the thread's last store: a computation reads a
// few values between its stores (a tiled matrix multiply 32 per barrier interval) and pays a counter per
// look, not a search of its locations; a poll re-reads its locations thousands of times a round, so they
// are all tracked by the time the round ends.
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
  static constexpr int watched = 8;
  static constexpr int track_after = 64;

  enum class verdict { changed, unchanged };
  enum class look { more, round, left };  // left: a suspect looked elsewhere, so it left its wait

  // A tile begins: every thread's state empty (its counters; the locations are read only up to `count`).
  void reset(int threads) {
    threads_.resize(static_cast<std::size_t>(threads));
    counts_.resize(static_cast<std::size_t>(threads));
    for (state& s : threads_) s.clear();
    for (count_state& c : counts_) c = count_state{};
  }

  // The thread stored something that changed memory: it is working, not polling. Returns whether it was
  // a suspect (then the store is how it left its wait).
  bool progress(int t) noexcept {
    if (!counts_[t].tracking) {  // nothing of its state to clear (and no line of it to touch)
      counts_[t] = count_state{};
      return false;
    }
    state& s = threads_[t];
    const bool was = s.suspect;
    s.clear();
    counts_[t] = count_state{};
    return was;
  }

  // A look at shared memory (a read, or an atomic that changed nothing: `atomic`).
  look polled(int t, std::uintptr_t a, std::size_t size, bool atomic) noexcept {
    count_state& c = counts_[t];
    if (!c.tracking) {
      if (++c.untracked <= track_after) return ++c.reads >= polls_per_round ? look::round : look::more;
      c.tracking = true;
    }
    state& s = threads_[t];
    // Once it has looked at more than `watched` locations it is not judged until it stores (and it cannot
    // be a suspect: only a judged round makes one), so the locations no longer matter, only the count.
    if (c.overflowed) return ++c.reads >= polls_per_round ? look::round : look::more;
    // A location seen before has its bit in `seen` (a bit may stand for several): only then is it
    // searched for. A computation's reads are new locations, each found new by one test.
    const std::uint64_t bit = std::uint64_t{1} << ((a >> 2) & 63);
    int i = s.count;
    if ((s.seen & bit) != 0)
      for (i = 0; i < s.count && s.addr[i] != a;) ++i;
    bool left = false;
    if (i == s.count) {
      s.seen |= bit;
      left = s.suspect;
      s.suspect = false;
      if (s.count == watched) {  // more locations than a poll watches: a computation; still yields every round
        c.overflowed = true;
        s.has_snapshot = false;
        s.count = 0;
        s.atomic = 0;
        i = 0;
      }
      ++s.count;
      s.addr[i] = a;
      s.size[i] = static_cast<unsigned char>(size < 8 ? size : 8);
    }
    if (atomic) s.atomic |= 1u << i;
    if (s.suspect && ++s.looks_after > leave_within(s)) s.suspect = false;  // went on re-reading: computing
    if (left) return look::left;
    return ++c.reads >= polls_per_round ? look::round : look::more;
  }

  // A look that changes no check's state (the monitor knows: a quiet word), counted without its
  // address when that is all polled() would do: the thread's locations no longer matter and its round has
  // more looks to go. False: polled() decides.
  bool counted(int t) noexcept {
    count_state& c = counts_[t];
    if (!c.tracking && c.untracked < track_after) {
      ++c.untracked;
      ++c.reads;  // fewer than track_after: never a round
      return true;
    }
    if (!c.overflowed || c.reads + 1 >= polls_per_round) return false;
    ++c.reads;
    return true;
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

  // After the round: did anything the thread re-reads change? (changed: it becomes a suspect)
  verdict after_round(int t) noexcept {
    state& s = threads_[t];
    counts_[t].reads = 0;
    if (!s.has_snapshot || counts_[t].overflowed) return verdict::unchanged;  // a computation over data: not judged
    for (int i = 0; i < s.count; ++i) {
      std::uint64_t now = 0;
      std::memcpy(&now, reinterpret_cast<const void*>(s.addr[i]), s.size[i]);
      if (now != s.value[i]) {
        s.has_snapshot = false;
        s.rounds = 0;
        s.suspect = true;
        s.looks_after = 0;
        return verdict::changed;
      }
    }
    ++s.rounds;
    return verdict::unchanged;
  }

  // A suspect stops being one: it left its wait (reported) or the tile moved on.
  bool suspect(int t) const noexcept { return threads_[t].suspect; }
  void clear_suspect(int t) noexcept { threads_[t].suspect = false; }

  // Rounds in a row in which nothing the thread re-reads changed; whether it read more locations than
  // are watched since it last stored (then it is computing, never judged to hang).
  int unchanged_rounds(int t) const noexcept { return threads_[t].rounds; }
  bool overflowed(int t) const noexcept { return counts_[t].overflowed; }

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
    // The empty state. The locations' arrays are left as they are: only the first `count` are read.
    void clear() noexcept {
      count = rounds = looks_after = 0;
      atomic = 0;
      seen = 0;
      has_snapshot = waiting = suspect = false;
    }

    int count = 0;        // locations watched
    int rounds = 0;       // rounds without change
    int looks_after = 0;  // looks since it became a suspect
    unsigned atomic = 0;  // bit i: location i was touched by an atomic
    std::uint64_t seen = 0;  // bit (address / 4) % 64 of every watched location
    bool has_snapshot = false;
    bool waiting = false;
    bool suspect = false;     // a watched value changed during its last round
    std::uintptr_t addr[watched]{};
    std::uint64_t value[watched]{};
    unsigned char size[watched]{};
  };
  // A poller that saw its change leaves within two passes over what it watches (the pass the round
  // interrupted, then one that sees every new value).
  static int leave_within(const state& s) noexcept { return 2 * s.count + 2; }

  // What every look reads, apart from the rest: a tile's 256 threads' counts stay in a few cache lines where
  // their whole states (over 160 bytes each) would not stay in L1.
  // Without `tracking`, the thread's whole state is clear.
  struct count_state {
    int reads = 0;            // looks in this round
    int untracked = 0;        // looks since it last stored, up to track_after
    bool tracking = false;    // it looked more than track_after times since it last stored
    bool overflowed = false;  // it looked at more than `watched` locations since it last stored
  };

  std::vector<state> threads_;
  std::vector<count_state> counts_;
};

}  // namespace tessera::emulator::detail
