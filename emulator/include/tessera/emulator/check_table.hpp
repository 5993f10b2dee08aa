// The emulator's checks, declared once. Everything else about the set of checks is generated from this
// table: the `check` enum and its bits (checks.hpp), the names TESSERA_CHECKS_OFF accepts and the
// options parser, the help text, the kinds each check may report, and the static composition of the
// checks' plug-ins in the access monitor (emulator/src/checks/check_pack.hpp: a check `name` is
// implemented by the plug-in `name##_check`). docs/checks.md says how to add one.
//
// X(name, "one-line doc", kinds...)
//   name   the check's enumerator, its TESSERA_CHECKS_OFF spelling, and its plug-in's name
//   doc    what it finds, for the help text
//   kinds  the hazard_kind values it reports (tessera/hazard_types.hpp); none for a check whose
//          finding is its own exception (out_of_bounds)
// The order is the order of the bits and the order in which the checks see each access: spin_waits stays
// last (its round lets other threads run, after every other check has seen the access).
#pragma once

#define TESSERA_EMULATOR_CHECKS(X)                                                                                  \
  X(tile_static_races,                                                                                              \
    "races between threads of a tile on tile_static memory in one barrier interval, byte-precise and fence-aware",  \
    read_after_write, write_after_read, write_after_write, write_next_to_atomic)                                   \
  X(global_races,                                                                                                   \
    "races on global memory: within a tile per 4-byte word (fence-aware), between tiles, between the threads of a " \
    "non-tiled launch",                                                                                             \
    read_after_write, write_after_read, write_after_write, write_next_to_atomic, race_between_tiles,               \
    race_between_threads)                                                                                           \
  X(uninitialized_reads, "tile_static bytes read before any thread of the tile wrote them (TS-4)",                  \
    uninitialized_read)                                                                                             \
  X(out_of_bounds,                                                                                                  \
    "array/array_view indexing outside the extent, thrown as tessera::out_of_bounds (off: unchecked, as on a GPU)") \
  X(host_memory, "kernel access to host memory that no captured array/array_view holds", host_memory_access)        \
  X(tile_static_budget, "a tile touching a span of more than the model's 32 KiB of tile_static memory (TS-7)",      \
    tile_static_over_budget)                                                                                        \
  X(spin_waits, "a thread polling memory without a barrier (BAR-9); a hang is reported and its tile stopped",       \
    spin_wait)
