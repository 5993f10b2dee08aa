// The emulator's context switch on Boost.Context, for architectures without fiber_switch_x86_64.cpp
// and for comparison (-DTESSERA_FIBER_SWITCH=boost). fiber_switch.hpp says what it costs.
//
// jump_fcontext returns the context of whoever switched back, so the suspender cannot store its own
// context before it leaves; it passes the address of its slot instead, and the resumed side fills it in.
#include "fiber_switch.hpp"

#include <boost/context/detail/fcontext.hpp>

#include <cstdint>

namespace tessera::emulator::detail {
namespace {

namespace ctx = boost::context::detail;

struct start_record {
  void (*entry)(void*);
  void* arg;
};

// A fresh fiber is run once at make_fiber time, up to here, to learn its entry and argument; the
// context it then suspends in is the one make_fiber returns.
void fiber_start(ctx::transfer_t t) {
  const start_record start = *static_cast<const start_record*>(t.data);
  t = ctx::jump_fcontext(t.fctx, nullptr);
  *static_cast<fiber_context*>(t.data) = t.fctx;
  start.entry(start.arg);
}

}  // namespace

fiber_context make_fiber(void* stack_top, std::size_t stack_bytes, void (*entry)(void*), void* arg) noexcept {
  start_record start{entry, arg};
  const ctx::fcontext_t fresh = ctx::make_fcontext(stack_top, stack_bytes, &fiber_start);
  return ctx::jump_fcontext(fresh, &start).fctx;
}

void fiber_switch(fiber_context* save, fiber_context to) noexcept {
  const ctx::transfer_t t = ctx::jump_fcontext(to, save);
  *static_cast<fiber_context*>(t.data) = t.fctx;
}

}  // namespace tessera::emulator::detail
