// Where a thread of a kernel could wait for another between barriers: a loop that polls memory, or an
// atomic operation. In tile loops a phase runs each thread to its next barrier before the next thread
// starts, so a thread that waits for a later one would wait for ever; the fiber path lets the others run
// (and its spin-wait check reports the loop). A checked build (tessera-phases --checked) keeps such
// kernels on the fiber path.
//
// What counts, in the kernel's body and in every function it calls whose body is in sight:
//   - a call of an atomic operation (atomic_fetch_add, atomic_exchange, ...);
//   - a loop with no barrier in it whose condition is missing or constant (it ends from its body), or
//     reads memory: an element, a pointer's target, a call, a variable that is not a local of scalar type.
// A loop that counts over locals and captured values, as most kernels' loops do, is not a wait.
#pragma once

#include "kernel_ast.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>

#include <string>

namespace tessera::phases {

// Why a thread of the kernel whose body this is could wait for another ("" when none can).
std::string thread_wait_in(const clang::Stmt* body, clang::ASTContext& ast, wait_finder& waits);

}  // namespace tessera::phases
