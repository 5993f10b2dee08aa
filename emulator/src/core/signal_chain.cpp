#include "signal_chain.hpp"

#include <mutex>

namespace tessera::emulator::detail {

void install_once(chained_signal& signal, void (*handler)(int, siginfo_t*, void*)) {
  static std::mutex installing;
  static bool installed[NSIG] = {};
  std::lock_guard lock(installing);
  if (installed[signal.number]) return;
  struct sigaction a {};
  a.sa_sigaction = handler;
  a.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&a.sa_mask);
  sigaction(signal.number, &a, &signal.previous);
  installed[signal.number] = true;
}

void pass_on(const chained_signal& signal, siginfo_t* info, void* context) {
  if ((signal.previous.sa_flags & SA_SIGINFO) != 0 && signal.previous.sa_sigaction != nullptr) {
    signal.previous.sa_sigaction(signal.number, info, context);
    return;
  }
  sigaction(signal.number, &signal.previous, nullptr);  // returning runs the instruction again under it
  if (info->si_code <= 0) raise(signal.number);
}

}  // namespace tessera::emulator::detail
