#include "stack_pool.hpp"

#include <tessera/exceptions.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace tessera::emulator::detail {
namespace {

constexpr std::size_t guard_pages = 16;  // 64 KiB: large locals step over one page, rarely over sixteen
constexpr std::size_t stagger = 64;      // one cache line per stack
constexpr std::size_t stagger_slots = 32;

std::size_t page_size() {
  static const std::size_t p = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return p;
}

std::size_t round_up(std::size_t v, std::size_t m) { return (v + m - 1) / m * m; }

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102  // Linux 6.13: guard pages inside a mapping (Debian 12's headers predate it)
#endif

// Makes [base, base + bytes) a guard region. Where the kernel has guard pages inside a mapping, the stacks'
// mapping stays one area: a worker's thousand stacks take one of the process's memory areas
// (vm.max_map_count, 65,530 by default) instead of two thousand, which a host of 64 cores running tiles of
// 1,024 threads on every core would exhaust (thread creation then fails), and no page-table flush is
// paid per stack. Elsewhere the guard is a PROT_NONE area of its own, as before.
bool install_guard(char* base, std::size_t bytes) {
  static std::atomic<int> in_mapping{-1};  // -1: not tried yet; 0: this kernel has no such guards
  if (in_mapping.load(std::memory_order_relaxed) != 0) {
    if (madvise(base, bytes, MADV_GUARD_INSTALL) == 0) {
      in_mapping.store(1, std::memory_order_relaxed);
      return true;
    }
    in_mapping.store(0, std::memory_order_relaxed);
  }
  return mprotect(base, bytes, PROT_NONE) == 0;
}

}  // namespace

stack_pool::~stack_pool() { release_all(); }

void stack_pool::release_all() noexcept {
  for (const auto& s : stacks_)
    munmap(s.guard_begin, s.mapped);
  if (!stacks_.empty()) ++generation_;
  stacks_.clear();
}

const std::vector<fiber_stack>& stack_pool::grow(int count, std::size_t bytes) {
  // Every stack in one mapping, at one stride, so that an address on any of them names its stack by
  // arithmetic (layout()): more stacks, or stacks of another size, replace those there are (the fibers on
  // them are made again, as generation() tells).
  release_all();
  const std::size_t page = page_size();
  const std::size_t guard = guard_pages * page;
  const std::size_t usable = round_up(bytes + stagger * stagger_slots, page);
  const std::size_t each = guard + usable;  // a stack with its guard region below it
  const std::size_t n = static_cast<std::size_t>(count);
  void* m = mmap(nullptr, n * each, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (m == MAP_FAILED)
    throw out_of_memory("emulator: cannot map " + std::to_string(n) + " fiber stacks of " + std::to_string(usable / 1024) +
                        " KiB; lower TESSERA_STACK_SIZE, the tile size or TESSERA_WORKERS");
  for (std::size_t i = 0; i < n; ++i) {
    char* base = static_cast<char*>(m) + i * each;
    if (!install_guard(base, guard)) {
      munmap(m, n * each);
      stacks_.clear();
      bytes_ = 0;
      throw out_of_memory("emulator: cannot protect a fiber stack's guard pages (vm.max_map_count reached?); lower "
                          "TESSERA_WORKERS or the tile size");
    }
    const std::size_t slot = i % stagger_slots;
    char* top = base + guard + usable - slot * stagger;
    stacks_.push_back(fiber_stack{base, base + guard, top, static_cast<std::size_t>(top - (base + guard)), each});
  }
  bytes_ = bytes;
  // ceil(2^64 / each): (a - base) times it, high 64 bits, is a's stack number (exact below 2^64 / each).
  layout_ = stack_layout{reinterpret_cast<std::uintptr_t>(m), each, guard, ~std::uint64_t{0} / each + 1};
  return stacks_;
}

bool stack_pool::in_guard(const void* addr) const noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  for (const auto& s : stacks_)
    if (a >= reinterpret_cast<std::uintptr_t>(s.guard_begin) && a < reinterpret_cast<std::uintptr_t>(s.guard_end)) return true;
  return false;
}

}  // namespace tessera::emulator::detail
