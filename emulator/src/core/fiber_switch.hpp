// fiber_switch: the context switch between a tile's kernel threads, owned by the emulator.
//
// A barrier crossing is one switch plus a little bookkeeping, so the switch sets the emulator's speed.
// Boost.Context's jump_fcontext is entered with `call` but leaves with an indirect `jmp`, so the CPU's
// return-address stack keeps one entry too many after every switch and the `ret`s that follow are
// mispredicted, several ns per crossing; only cross-library inlining (link-time optimization, which
// depends on compiler, build type and build languages) hid part of that. This switch is an ordinary
// function that saves the callee-saved registers, swaps stack pointers and returns with `ret`: the
// return is predicted whenever both fibers suspended at the same call (every thread of a barrier phase
// does), in every build, with or without LTO.
//
// The x86-64 switch (fiber_switch_x86_64.cpp) is the one built on x86-64; other architectures, and
// builds configured with -DTESSERA_FIBER_SWITCH=boost (for comparison), use Boost.Context
// (fiber_switch_boost.cpp). Neither saves the floating-point control words (MXCSR, x87): every fiber of a
// worker runs kernel code, which cannot change rounding modes, on that worker's one OS thread.
#pragma once

#include <cstddef>

namespace tessera::emulator::detail {

// A suspended fiber: where its stack pointer stopped. Null for a fiber that has never run and was not
// made by make_fiber.
using fiber_context = void*;

// Makes a fiber on the stack whose (16-byte aligned) top is `stack_top`, `stack_bytes` deep; the first
// switch to it calls entry(arg), which must never return (it switches away for good at its end).
fiber_context make_fiber(void* stack_top, std::size_t stack_bytes, void (*entry)(void*), void* arg) noexcept;

// Suspends the caller, storing its context in *save, and resumes `to`. Returns when another fiber
// switches back to *save. The x86-64 switch is written in assembly under this symbol name.
void fiber_switch(fiber_context* save, fiber_context to) noexcept asm("tessera_fiber_switch");

}  // namespace tessera::emulator::detail
