#include "stack_pool.hpp"

#include <tessera/exceptions.hpp>

#include <sys/mman.h>
#include <unistd.h>

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
  const std::size_t guard = guard_pages * page;
  const std::size_t usable = round_up(bytes + stagger * stagger_slots, page);
  while (static_cast<int>(stacks_.size()) < count) {
    void* m = mmap(nullptr, guard + usable, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED)
      throw out_of_memory("emulator: cannot map a " + std::to_string(usable / 1024) +
                          " KiB fiber stack; lower TESSERA_STACK_SIZE or the tile size");
    char* base = static_cast<char*>(m);
    if (mprotect(base, guard, PROT_NONE) != 0) {
      munmap(m, guard + usable);
      throw out_of_memory("emulator: cannot protect a fiber stack's guard pages");
    }
    const std::size_t slot = stacks_.size() % stagger_slots;
    char* top = base + guard + usable - slot * stagger;
    stacks_.push_back(fiber_stack{base, base + guard, top, static_cast<std::size_t>(top - (base + guard)), guard + usable});
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
