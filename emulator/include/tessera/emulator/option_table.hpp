// The emulator's options, declared once. Everything else about them is generated from this table: the
// environment parser (options.cpp), the list the help and the docs test read (option_variables), and
// what check_summary asks about the environment. docs/emulator.md and docs/checks.md describe each
// variable at length; tests/test_option_table.cpp fails when one of them forgets a variable.
//
// X(variable, field, parse, "one-line doc")
//   variable  the environment variable
//   field     the member of options it sets (options.hpp)
//   parse     how its text becomes the value: count (a number >= 0), bytes (a number, suffix K or M),
//             flag (0 or another number), or a function of options.cpp (check_mode, check_list, summary)
//   doc       what it does, for the help text
// Order: the order in which the environment is read (and in which docs list them).
#pragma once

#define TESSERA_EMULATOR_OPTIONS(X)                                                                                   \
  X(TESSERA_WORKERS, workers, count,                                                                                 \
    "worker threads (default: hardware threads; 1 = serial, tiles in a fixed order)")                                \
  X(TESSERA_SEED, seed, count,                                                                                       \
    "0 (default) runs a tile's threads in local-index order; any other value permutes that order at every barrier " \
    "phase, reproducibly")                                                                                           \
  X(TESSERA_SEEDS, seeds, count,                                                                                     \
    "thread orders a checked tiled launch tries (default 1): n runs it at seeds TESSERA_SEED .. TESSERA_SEED+n-1, " \
    "the captured memory restored before each, and reports the findings of all")                                    \
  X(TESSERA_STACK_SIZE, stack_bytes, bytes, "bytes of stack per kernel thread (default 64K; suffix K or M)")         \
  X(TESSERA_CHECKS, checks, check_mode,                                                                              \
    "report (default), stop or off: what the checks in kernels built with tessera_checked_kernels() do about "      \
    "findings (1 and 0 are report and off)")                                                                         \
  X(TESSERA_CHECKS_OFF, enabled_checks, check_list, "checks to switch off, comma-separated (check_table.hpp names)") \
  X(TESSERA_ALLOW_SAME_VALUE, allow_same_value, flag,                                                                \
    "1: a racing plain write that leaves the stored bytes unchanged is not reported")                                \
  X(TESSERA_CHECKS_SUMMARY, summary, summary, "exit (default), launch or off: where the checks' counters are printed")
