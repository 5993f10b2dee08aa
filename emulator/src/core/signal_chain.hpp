// A handler for a synchronous fault (SIGSEGV, SIGFPE) that takes the faults of kernel code and hands every
// other to whatever handler the program had before: the emulator's fault handlers share this.
#pragma once

#include <signal.h>

namespace tessera::emulator::detail {

struct chained_signal {
  int number;
  struct sigaction previous {};
};

// Installs `handler` for the signal, once per process; it runs on the alternate signal stack.
void install_once(chained_signal& signal, void (*handler)(int, siginfo_t*, void*));

// For a fault the handler does not take: the previous handler gets it, or the previous disposition does
// when the faulting instruction runs again after the handler returns (a signal sent rather than caused by
// an instruction is sent again).
void pass_on(const chained_signal& signal, siginfo_t* info, void* context);

}  // namespace tessera::emulator::detail
