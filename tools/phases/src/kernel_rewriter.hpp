// The rewrite itself: finds the tiled kernels of one translation unit (lambdas given to parallel_for_each
// that take a tiled_index) and turns each whose barriers all sit in its own body into the emulator's
// compiled path: into tile loops (tile_loops.hpp, tessera/emulator/looped.hpp) where every thread of a tile
// takes the same way through its barriers, else into a coroutine (tessera/emulator/phased.hpp):
//   - `-> ::tessera::emulator::phased` before the body, and a second parameter with a default,
//     `::tessera::emulator::coroutine_kernel = {}`, which names the call operator apart from the kernel's
//     as written or in tile loops,
//   - every `b.wait()` (and wait_with_*_fence) becomes `(co_await ::tessera::emulator::phase_end<scope>(b))`,
//   - every `return;` of the body becomes `co_return;`.
// Every line stays where it was (a call that spanned lines keeps its line breaks after it), so the
// compiler's diagnostics, barrier sites and reports name the original lines.
//   - every loop of a kernel's body that holds a barrier (or a call of a function that waits) counts its
//     rounds for the divergence check (tessera/emulator/loop_round.hpp): wrapped in a block that declares
//     its loop_round, which the body advances first, on the loop's own lines; a loop whose body is not in
//     braces is not counted.
//
// A kernel is left as it is, with the reason, when it cannot be a coroutine or the rewrite could not see
// every barrier it reaches: a function it calls waits (or takes the tile's index or barrier without a body
// in sight), a nested lambda waits, a wait passes its own source_site, the body returns a value or
// names its return type, or the kernel is written inside a macro. A kernel without barriers is left too:
// the fiber path runs a tile that never waits on one stack, with no switch.
#pragma once

#include <clang/Tooling/Tooling.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tessera::phases {

// One tiled kernel found, and what became of it.
struct kernel_outcome {
  std::string file;
  unsigned line = 0;
  bool rewritten = false;     // into tile loops or a coroutine
  bool tile_loops = false;    // into tile loops (tile_loops.hpp)
  int counted_loops = 0;      // loops whose rounds it counts
  int barriers = 0;           // barrier calls in its own body
  bool barrier_free = false;  // it reaches no barrier at all (nothing to rewrite, nothing to note)
  std::string reason;         // why not, when not rewritten
  std::string loops_reason;   // why a coroutine, not tile loops
  int kept_per_thread = 0;    // in tile loops: locals kept in arrays of one element per thread
};

// The translation unit's result.
struct rewrite_result {
  bool parsed = false;
  std::string error;  // the first error, when it did not parse
  std::string main_file;
  // The rewritten text of every file that changed (the main file and headers), by absolute path.
  std::map<std::string, std::string> rewritten;
  // For each rewritten header: the path it is included by (its spelling relative to an include directory).
  std::map<std::string, std::string> include_spelling;
  std::vector<kernel_outcome> kernels;  // in source order
};

// What the rewrite does: kernels into tile loops or coroutines, and the rounds of their loops counted
// (the compiled path); or the rounds only, every kernel staying on the fiber path (the checked build); or
// the checked compiled path: kernels into tile loops where no thread could wait for another between
// barriers (thread_waits.hpp), every other kernel on the fiber path with its rounds counted.
enum class rewrite_mode { coroutines, rounds_only, checked_tile_loops };

std::unique_ptr<clang::tooling::FrontendActionFactory> make_rewrite_factory(rewrite_result& result, rewrite_mode mode);

}  // namespace tessera::phases
