// Integer division by zero in kernel code: C++ AMP's platform (Direct3D 11) defines its result, every bit
// set in the quotient and in the remainder, and a GPU carries on where an x86 CPU traps (SIGFPE). So that
// kernels that divide by zero run on the emulator as on a GPU, a trap raised by a `div`/`idiv` instruction
// while the calling thread runs kernel code gets that result and execution resumes after the instruction;
// the quotient of the one signed overflow (the lowest value divided by -1) wraps, with remainder 0.
// Traps in host code, and on processors other than x86-64, go to whatever handler was there before.
#pragma once

namespace tessera::emulator::detail {

// Idempotent; cheap after the first call.
void prepare_division_by_zero_handling();

}  // namespace tessera::emulator::detail
