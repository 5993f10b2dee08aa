#include "division_by_zero.hpp"

#include "kernel_code.hpp"
#include "signal_chain.hpp"

#include <signal.h>

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__linux__)
#include <ucontext.h>

namespace tessera::emulator::detail {
namespace {

chained_signal fpe{SIGFPE};

// The saved register (ucontext's gregs) of each x86-64 register number: rax, rcx, rdx, rbx, rsp, rbp, rsi,
// rdi, r8 ... r15.
constexpr int saved[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                           REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

std::uint64_t reg(const greg_t* regs, unsigned number) { return static_cast<std::uint64_t>(regs[saved[number]]); }

std::int32_t disp32(const unsigned char*& p) {
  std::int32_t d;
  std::memcpy(&d, p, sizeof d);
  p += sizeof d;
  return d;
}

// A `div` or `idiv` (opcode F6 or F7, ModRM reg field 6 or 7), decoded far enough to read its divisor and
// to step over it.
struct division {
  int bytes = 0;           // operand width: 1, 2, 4 or 8
  bool is_signed = false;  // idiv
  std::uint64_t divisor = 0;
  int length = 0;
};

bool decode(const unsigned char* pc, const greg_t* regs, division& d) {
  const unsigned char* p = pc;
  bool operand16 = false;
  for (;; ++p) {  // legacy prefixes
    if (p - pc >= 4) return false;
    const unsigned char b = *p;
    if (b == 0x66) operand16 = true;
    else if (b != 0x67 && b != 0xf0 && b != 0xf2 && b != 0xf3 && b != 0x2e && b != 0x36 && b != 0x3e && b != 0x26 &&
             b != 0x64 && b != 0x65)
      break;
  }
  unsigned rex = 0;
  if ((*p & 0xf0) == 0x40) rex = *p++;
  const unsigned char opcode = *p++;
  if (opcode != 0xf6 && opcode != 0xf7) return false;
  const unsigned modrm = *p++;
  const unsigned kind = (modrm >> 3) & 7, mod = modrm >> 6, rm = modrm & 7;
  if (kind != 6 && kind != 7) return false;
  d.is_signed = kind == 7;
  d.bytes = opcode == 0xf6 ? 1 : (rex & 8) != 0 ? 8 : operand16 ? 2 : 4;
  std::uint64_t raw = 0;
  if (mod == 3) {
    // Register operand; without REX, byte registers 4..7 are ah, ch, dh, bh.
    raw = d.bytes == 1 && rex == 0 && rm >= 4 ? reg(regs, rm - 4) >> 8 : reg(regs, rm | ((rex & 1) << 3));
  } else {
    std::uint64_t address = 0;
    bool rip_relative = false;
    if (rm == 4) {
      const unsigned sib = *p++;
      const unsigned index = ((sib >> 3) & 7) | ((rex & 2) << 2);
      if (index != 4) address += reg(regs, index) << (sib >> 6);
      if ((sib & 7) == 5 && mod == 0) address += static_cast<std::uint64_t>(static_cast<std::int64_t>(disp32(p)));
      else address += reg(regs, (sib & 7) | ((rex & 1) << 3));
    } else if (rm == 5 && mod == 0) {
      rip_relative = true;
    } else {
      address = reg(regs, rm | ((rex & 1) << 3));
    }
    if (mod == 1) address += static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(*p++)));
    if (mod == 2 || rip_relative) address += static_cast<std::uint64_t>(static_cast<std::int64_t>(disp32(p)));
    if (rip_relative) address += reinterpret_cast<std::uintptr_t>(p);  // the next instruction: no immediate follows
    std::memcpy(&raw, reinterpret_cast<const void*>(address), static_cast<std::size_t>(d.bytes));
  }
  const int bits = 8 * d.bytes;
  d.divisor = bits == 64 ? raw : raw & ((std::uint64_t{1} << bits) - 1);
  d.length = static_cast<int>(p - pc);
  return true;
}

// Writes quotient and remainder where the instruction would have: al/ah for bytes, else the a and d
// registers of the operand's width (a 32-bit result clears the upper halves, as the processor does).
void set_result(greg_t* regs, int bytes, std::uint64_t quotient, std::uint64_t remainder) {
  auto put = [&](int r, std::uint64_t value, std::uint64_t mask) {
    const std::uint64_t old = static_cast<std::uint64_t>(regs[r]);
    regs[r] = static_cast<greg_t>(bytes == 4 ? (value & mask) : ((old & ~mask) | (value & mask)));
  };
  switch (bytes) {
    case 1: put(REG_RAX, (quotient & 0xff) | ((remainder & 0xff) << 8), 0xffff); break;
    case 2: put(REG_RAX, quotient, 0xffff); put(REG_RDX, remainder, 0xffff); break;
    case 4: put(REG_RAX, quotient, 0xffffffff); put(REG_RDX, remainder, 0xffffffff); break;
    default: put(REG_RAX, quotient, ~std::uint64_t{0}); put(REG_RDX, remainder, ~std::uint64_t{0}); break;
  }
}

// True when the trap was a division by zero, or the signed overflow, and its result is in place.
bool give_defined_result(ucontext_t& context) {
  greg_t* regs = context.uc_mcontext.gregs;
  division d;
  if (!decode(reinterpret_cast<const unsigned char*>(regs[REG_RIP]), regs, d)) return false;
  const std::uint64_t mask = d.bytes == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * d.bytes)) - 1;
  if (d.divisor == 0) {
    set_result(regs, d.bytes, mask, mask);
  } else if (d.is_signed && d.divisor == mask) {
    // The lowest value divided by -1: the quotient wraps to the dividend (its low half), remainder 0.
    set_result(regs, d.bytes, reg(regs, 0) & mask, 0);
  } else {
    return false;  // an unsigned quotient that does not fit: no compiler emits that for C++ division
  }
  regs[REG_RIP] += d.length;
  return true;
}

void on_fpe(int, siginfo_t* info, void* context) {
  if ((info->si_code == FPE_INTDIV || info->si_code == FPE_INTOVF) && running_kernel_code() &&
      give_defined_result(*static_cast<ucontext_t*>(context)))
    return;
  pass_on(fpe, info, context);
}

}  // namespace

void prepare_division_by_zero_handling() { install_once(fpe, &on_fpe); }

}  // namespace tessera::emulator::detail

#else

namespace tessera::emulator::detail {
void prepare_division_by_zero_handling() {}  // elsewhere the processor's own behaviour stands
}  // namespace tessera::emulator::detail

#endif
