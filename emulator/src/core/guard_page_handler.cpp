#include "guard_page_handler.hpp"

#include "signal_chain.hpp"
#include "tile_runner.hpp"

#include <cstdlib>
#include <memory>

namespace tessera::emulator::detail {
namespace {

chained_signal segv{SIGSEGV};

void on_segv(int, siginfo_t* info, void* context) {
  if (tile_runner* r = tile_runner::current(); r != nullptr && r->in_guard(info->si_addr)) r->abandon_after_overflow();
  pass_on(segv, info, context);  // not a fiber stack overflow
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
  install_once(segv, &on_segv);
  thread_local alternate_signal_stack stack;
}

}  // namespace tessera::emulator::detail
