// The emulator's context switch on x86-64 (System V ABI). fiber_switch.hpp says why it is not
// Boost.Context's.
#include "fiber_switch.hpp"

#include <cstdint>

// tessera_fiber_switch(save = %rdi, to = %rsi): push the callee-saved registers on the running stack,
// store the stack pointer in *save, load `to` and pop the registers saved there. The final `ret` returns
// into the resumed fiber (or, the first time, into tessera_fiber_start).
//
// tessera_fiber_start: a fresh fiber's first frame. make_fiber leaves entry in %r13 and arg in %r12;
// the start calls entry(arg), which never returns. Its unwind information marks the return address
// undefined, so unwinders and backtrace() stop here instead of walking off the fiber's stack.
asm(R"(
        .text
        .globl  tessera_fiber_switch
        .type   tessera_fiber_switch, @function
        .p2align 4
tessera_fiber_switch:
        .cfi_startproc
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        movq    %rsp, (%rdi)
        movq    %rsi, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .cfi_endproc
        .size   tessera_fiber_switch, .-tessera_fiber_switch

        .type   tessera_fiber_start, @function
        .p2align 4
tessera_fiber_start:
        .cfi_startproc
        .cfi_undefined rip
        movq    %r12, %rdi
        callq   *%r13
        ud2
        .cfi_endproc
        .size   tessera_fiber_start, .-tessera_fiber_start
)");

extern "C" void tessera_fiber_start();

namespace tessera::emulator::detail {

// The frame tessera_fiber_switch pops for a fresh fiber: six registers, then the return address. After
// the `ret` the stack pointer is 16-byte aligned, as the call into entry requires.
fiber_context make_fiber(void* stack_top, std::size_t, void (*entry)(void*), void* arg) noexcept {
  auto* top = static_cast<std::uintptr_t*>(stack_top);
  std::uintptr_t* sp = top - 9;  // after popping 7 slots: top - 2, 16-byte aligned
  sp[0] = 0;                                               // r15
  sp[1] = 0;                                               // r14
  sp[2] = reinterpret_cast<std::uintptr_t>(entry);         // r13
  sp[3] = reinterpret_cast<std::uintptr_t>(arg);           // r12
  sp[4] = 0;                                               // rbx
  sp[5] = 0;                                               // rbp: ends frame-pointer chains
  sp[6] = reinterpret_cast<std::uintptr_t>(&tessera_fiber_start);
  sp[7] = sp[8] = 0;
  return sp;
}

}  // namespace tessera::emulator::detail
