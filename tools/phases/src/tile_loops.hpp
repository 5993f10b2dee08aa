// The tile-loop form of a kernel (tessera/emulator/looped.hpp): the code between two barriers run as a
// loop over the tile's threads. Taken where every barrier sits in the kernel's own statement lists, in
// `if`s, `for`s, `while`s and `do`s whose conditions every thread of a tile computes alike ("uniform":
// literals, constants, values the kernel captured, and counters those loops declare and step by uniform
// amounts), and nothing else lets a thread leave a phase early (`return`, `goto`, a `break` or `continue`
// out of such a loop). Threads then cannot diverge, and a phase is the same set of statements for all.
//
// The edits, every line kept where it was:
//   - `-> ::tessera::emulator::looped` before the body, the tile's tile_loop declared at its start and
//     `return {};` at its end;
//   - each run of statements between barriers (and loop and `if` headers) wrapped in a loop over the
//     phase's threads, the kernel's tiled_index declared again inside it for the thread;
//   - each barrier replaced by the phase's end (the tile ends there when a thread threw);
//   - each local that one run declares and a later run uses becomes an array of one element per thread,
//     declared before the run, bound by reference where it is used.
// Statements that declare tile_static or other static variables, types, and uniform constants stay at
// the tile's level, outside the loops.
#pragma once

#include "kernel_ast.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>

#include <string>

namespace tessera::phases {

struct tile_loop_plan {
  bool possible = false;
  std::string reason;  // why not, when not possible
  edit_map edits;
  int kept_per_thread = 0;  // locals made into arrays of one element per thread
};

// The plan for one instantiation of a kernel that can be a coroutine (kernel_rewriter.cpp has checked the
// rest: no wait in a helper or a nested lambda, no value returned, not written by a macro). `checked`:
// for a checked build, whose threads' runs end where the optimizer cannot merge them.
tile_loop_plan plan_tile_loops(const clang::LambdaExpr* kernel, clang::ASTContext& ast, wait_finder& waits, bool checked);

}  // namespace tessera::phases
