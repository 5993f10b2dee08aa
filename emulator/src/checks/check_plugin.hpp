// check_plugin: the contract between the access monitor and one check, with the empty defaults a check
// overrides. Each check of the table (tessera/emulator/check_table.hpp) is one class, `<name>_check`,
// in one file of this folder; check_pack.hpp composes them statically and access_monitor calls every
// enabled one at each event through a fold expression, so an event costs no virtual call and a hook a
// check does not override costs nothing.
//
// The hot path is on_access: every instrumented load, store and atomic of kernel code reaches it. Write
// it as the sanitizer runtimes do: [[gnu::always_inline]] (without it GCC left two checks' hooks out of
// line, three calls per access), the memory it looks at declared in watches() (it is called for no other),
// and everything
// rare (building a finding, a round of the spin-wait check) in a [[gnu::cold, gnu::noinline]] function of
// the check's .cpp file. So composed, the checks run 9% fewer instructions per access than the single
// monitor they replaced (bench/RESULTS-emulator.md).
//
// A check reports through check_context::report() (or report_race(), for a race of the running write),
// the one way a finding leaves a check; it never formats text (emulator/src/report/ does).
#pragma once

#include "../report/finding.hpp"
#include "memory_map.hpp"

#include <tessera/memory_scope.hpp>

#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

class check_context;
class hazard_log;

// One access of kernel code, classified. Accesses to the running thread's own stack and to the
// kernel-argument block never reach a check; a store to read-only memory arrives as host memory.
struct access_event {
  std::uintptr_t addr;
  std::size_t size;
  access_kind kind;
  const void* pc;   // where in the kernel's code (the hook's return address)
  int thread;       // the thread's local index, linearized (0 in a non-tiled launch)
  classified where;
  bool changed;     // atomics: the operation changed memory
  bool overwrites;  // atomics: stores whatever the cell held (exchange), so never a read of uninitialized bytes
  bool looks;       // an atomic that changed nothing looks at memory (false: an update that lost, which
                    // neither looks nor makes progress, for the spin-wait check)
};

// How quiet a tile_static word is for a check after a plain read (check_plugin::quiet_after_read).
enum class read_quiet : unsigned char { no, second_reader, for_all };

struct check_plugin {
  // The memory whose accesses on_access is given; the monitor calls it for no other (a check overriding
  // on_access declares what it watches). Decided at compile time, so a check costs nothing on the
  // accesses of memory it does not watch.
  static constexpr bool watches(memory_class) noexcept { return true; }
  // A look that repeats the worker's last watched access (the same thread, address, size, kind of access
  // and code address, in the same barrier interval, changing no memory, with no other thread's watched
  // access between) leaves every shadow as it was and finds again what it found: the monitor gives it
  // only to checks that count looks (true: the spin-wait check). A thread polling a flag is such looks.
  static constexpr bool counts_repeated_looks = false;
  // Such a check may also take a plain read of a tiled kernel that changes no check's state (a quiet
  // word) without the access: true when counting it was all on_access would do (then it is not called).
  // When it says false, the monitor calls its on_quiet_read(ctx, thread, address, make_event), which does
  // what on_access would with that read, building the access_event (make_event()) only if it needs one.
  bool count_look(int /*thread*/) noexcept { return false; }
  // Asked of a check that watches tile_static memory, after it saw the plain read `e` of one aligned
  // 4-byte word in a tiled launch: would another such read of that word, by any thread of the tile in the
  // running tile_static interval, leave this check's state as it is and find nothing (for_all)? While
  // every enabled check says so, such reads reach only the checks that count looks (quiet_words.hpp).
  // second_reader (the race check, after a word's first reader): a read by another thread would only add
  // it as the second reader; the word is then marked so without asking the checks after it, and such a
  // read goes to every check's take_second_read instead of its on_access. `no` by default: a check that
  // keeps per-word state says when a read stops changing it.
  read_quiet quiet_after_read(const check_context&, const access_event&) const noexcept { return read_quiet::no; }
  // A plain read of a word marked second_reader, by a thread other than its reader (the word's shadow
  // index `shadow`, 4-aligned): whether take_second_read is all this check's on_access would do with it,
  // after which the check says for_all. No by default: the read then takes the checks' general path.
  bool takes_second_read(const check_context&, std::size_t /*shadow*/) const noexcept { return false; }
  void take_second_read(check_context&, std::size_t /*shadow*/, int /*thread*/, const void* /*pc*/) noexcept {}
  // A tile (or a range of points of a non-tiled launch) starts on this worker, after the context's
  // launch, tile and intervals are set.
  void on_tile_begin(check_context&) {}
  // Every access by the running thread.
  void on_access(check_context&, const access_event&) {}
  // A barrier phase ended; the barrier's fence covered `scope`. The context's intervals have moved on.
  void on_phase_turn(check_context&, memory_scope) noexcept {}
  // Allow-same-value: the write held at its access (check_context::holding() was true) turned out to
  // change memory, or to store the bytes that were there (then undo what it did to the check's state
  // that made it a write).
  void on_write_settled(check_context&, bool /*changed*/) {}
  // The tile (or range) ended, normally or not.
  void on_tile_end(check_context&) noexcept {}
  // The launch ran to its end (report mode, no check stopped it): findings kept launch-wide
  // (races between tiles) go to the log now. Static: it runs once, on the launching thread.
  static void on_launch_end(hazard_log&) {}
};

}  // namespace tessera::emulator::detail
