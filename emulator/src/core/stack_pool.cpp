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
// Stack tops are staggered by a cache line and a page per stack (in 32 and 16 steps): regions of a power
// of two would otherwise put every top at the same address bits below the region size, and the stacks'
// hot lines would meet in a few sets of the L1 and L2 caches.
constexpr std::size_t stagger = 64;
constexpr std::size_t stagger_slots = 32;
constexpr std::size_t stagger_pages = 16;

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
  if (bytes != bytes_) {
    release_all();
    bytes_ = bytes;
  }
  const std::size_t page = page_size();
  const std::size_t usable = round_up(bytes + stagger * stagger_slots, page);
  // Each stack's region: the smallest power of two that holds the stack, its page stagger and a guard of
  // at least guard_pages. A stack ends `n % stagger_pages` pages below its region's end; everything below
  // it is its guard. (64 KiB stacks: 256 KiB regions, guards of 128-188 KiB: address space only.)
  const std::size_t span = usable + (stagger_pages - 1) * page;
  std::size_t region = page;
  while (region < span + guard_pages * page) region *= 2;
  layout_ = stack_layout{region, region - span};
  if (static_cast<int>(stacks_.size()) >= count) return stacks_;
  // The missing stacks in one mapping, aligned to a region: one region more is mapped, and what lies
  // before the first aligned address and after the last region is given back.
  const std::size_t missing = static_cast<std::size_t>(count) - stacks_.size();
  const std::size_t length = missing * region;
  void* m = mmap(nullptr, length + region, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (m == MAP_FAILED)
    throw out_of_memory("emulator: cannot map " + std::to_string(missing) + " fiber stacks of " + std::to_string(usable / 1024) +
                        " KiB; lower TESSERA_STACK_SIZE, the tile size or TESSERA_WORKERS");
  char* const mapped = static_cast<char*>(m);
  char* const first = reinterpret_cast<char*>(round_up(reinterpret_cast<std::uintptr_t>(mapped), region));
  if (first != mapped) munmap(mapped, static_cast<std::size_t>(first - mapped));
  munmap(first + length, static_cast<std::size_t>(mapped + region - first));  // never empty: first - mapped < region
  for (std::size_t i = 0; i < missing; ++i) {
    char* base = first + i * region;
    const std::size_t n = stacks_.size();
    char* stack_end = base + region - n % stagger_pages * page;
    char* guard_end = stack_end - usable;
    if (!install_guard(base, static_cast<std::size_t>(guard_end - base))) {
      munmap(base, (missing - i) * region);
      throw out_of_memory("emulator: cannot protect a fiber stack's guard pages (vm.max_map_count reached?); lower "
                          "TESSERA_WORKERS or the tile size");
    }
    char* top = stack_end - n % stagger_slots * stagger;
    stacks_.push_back(fiber_stack{base, guard_end, top, static_cast<std::size_t>(top - guard_end), region});
  }
  return stacks_;
}

bool stack_pool::in_guard(const void* addr) const noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  for (const auto& s : stacks_)
    if (a >= reinterpret_cast<std::uintptr_t>(s.guard_begin) && a < reinterpret_cast<std::uintptr_t>(s.guard_end)) return true;
  return false;
}

}  // namespace tessera::emulator::detail
