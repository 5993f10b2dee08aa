// Turns a fault in a fiber stack's guard region into a stack_overflow failure of the tile that caused it,
// instead of killing the host program. Faults anywhere else go to whatever handler was there before.
#pragma once

namespace tessera::emulator::detail {

// Idempotent; also gives the calling thread an alternate signal stack (the faulting stack is unusable).
void prepare_guard_page_handling();

}  // namespace tessera::emulator::detail
