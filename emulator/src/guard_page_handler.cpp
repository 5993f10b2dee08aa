#include "guard_page_handler.hpp"

#include "tile_runner.hpp"

#include <signal.h>

#include <cstdlib>
#include <memory>
#include <mutex>

namespace tessera::emulator::detail {
namespace {

struct sigaction previous_action {};

void on_segv(int sig, siginfo_t* info, void* context) {
  if (tile_runner* r = tile_runner::current(); r != nullptr && r->in_guard(info->si_addr)) r->abandon_after_overflow();
  // Not a fiber stack overflow: hand the fault to the previous disposition.
  if ((previous_action.sa_flags & SA_SIGINFO) != 0 && previous_action.sa_sigaction != nullptr) {
    previous_action.sa_sigaction(sig, info, context);
    return;
  }
  sigaction(SIGSEGV, &previous_action, nullptr);  // returning re-runs the faulting access under it
  // A signal sent rather than caused by an access (raise, kill) is not re-run by returning: send it again.
  if (info->si_code <= 0) raise(sig);
}

// The signal handler must run on a stack other than the one that overflowed.
class alternate_signal_stack {
 public:
  alternate_signal_stack() {
    stack_t current{};
    if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;  // one exists
    memory_ = std::make_unique<char[]>(size);
    stack_t s{};
    s.ss_sp = memory_.get();
    s.ss_size = size;
    sigaltstack(&s, nullptr);
  }
  ~alternate_signal_stack() {
    if (!memory_) return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
  }

 private:
  static constexpr std::size_t size = 64 * 1024;
  std::unique_ptr<char[]> memory_;
};

}  // namespace

void prepare_guard_page_handling() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    struct sigaction a {};
    a.sa_sigaction = &on_segv;
    a.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&a.sa_mask);
    sigaction(SIGSEGV, &a, &previous_action);
  });
  thread_local alternate_signal_stack stack;
}

}  // namespace tessera::emulator::detail
