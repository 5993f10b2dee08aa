#include "zeroed_memory.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

namespace tessera::emulator::detail {
namespace {

struct kept_mapping {
  void* at;
  std::size_t bytes;
  page_use how;
};

// What is kept: mappings of at most `kept_mapping_limit` (a launch whose tables are larger spends far
// longer on its accesses than on mapping them), at most `kept_bytes_limit` of them together. Only the pages
// a launch touched are memory (zeroed, ready for the next launch); the rest costs nothing until touched.
constexpr std::size_t kept_mapping_limit = std::size_t{64} << 20;
constexpr std::size_t kept_bytes_limit = std::size_t{256} << 20;

struct kept_mappings {
  std::mutex mutex;
  std::vector<kept_mapping> oldest_first;
  std::size_t bytes = 0;
};
kept_mappings& kept() {
  static auto* k = new kept_mappings;  // never destroyed: a launch may end while the program exits
  return *k;
}

// Every byte of [at, at + bytes) (whole pages) zero again: the pages in memory written, the others (never
// touched, or swapped out) dropped, which costs nothing where the page tables hold nothing.
void zero_pages(unsigned char* at, std::size_t bytes, std::size_t page) noexcept {
  const std::size_t pages = (bytes + page - 1) / page;
  std::vector<unsigned char> resident(pages);
  if (mincore(at, bytes, resident.data()) != 0) {
    std::memset(at, 0, bytes);
    return;
  }
  for (std::size_t i = 0; i < pages;) {
    const bool in_memory = (resident[i] & 1) != 0;
    std::size_t j = i + 1;
    while (j < pages && ((resident[j] & 1) != 0) == in_memory) ++j;
    const std::size_t from = i * page, to = std::min(j * page, bytes);
    if (in_memory) std::memset(at + from, 0, to - from);
    else madvise(at + from, to - from, MADV_DONTNEED);
    i = j;
  }
}

// The mapping zero again; in parts of `part_bytes` on every thread of the TBB arena it is given back in,
// when that has several (the scheduler lets a launch's checks go in its workers' arena). The launch that
// ends waits for this: on 16 workers, one thread writing the cross-tile table's megabytes back to zero was
// a quarter of a checked launch of a 1024x1024 2x2 tile average (bench/RESULTS-emulator.md).
void zero_again(void* at, std::size_t bytes) noexcept {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  constexpr std::size_t part_bytes = std::size_t{256} << 10;
  auto* base = static_cast<unsigned char*>(at);
  const std::size_t parts = (bytes + part_bytes - 1) / part_bytes;
  const bool in_arena = tbb::this_task_arena::current_thread_index() != tbb::task_arena::not_initialized;
  if (parts < 4 || !in_arena || tbb::this_task_arena::max_concurrency() < 2) return zero_pages(base, bytes, page);
  try {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, parts), [&](const tbb::blocked_range<std::size_t>& r) {
      const std::size_t from = r.begin() * part_bytes, to = std::min(r.end() * part_bytes, bytes);
      zero_pages(base + from, to - from, page);
    });
  } catch (...) {  // TBB could not run the parts: this thread alone
    zero_pages(base, bytes, page);
  }
}

}  // namespace

void* take_zeroed_mapping(std::size_t bytes, page_use how) {
  {
    kept_mappings& k = kept();
    std::lock_guard lock(k.mutex);
    const auto it = std::find_if(k.oldest_first.rbegin(), k.oldest_first.rend(),
                                 [&](const kept_mapping& m) { return m.bytes == bytes && m.how == how; });
    if (it != k.oldest_first.rend()) {
      void* at = it->at;
      k.bytes -= bytes;
      k.oldest_first.erase(std::next(it).base());
      return at;
    }
  }
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) throw std::bad_alloc();
  if (how == page_use::dense) madvise(m, bytes, MADV_HUGEPAGE);  // a hint: refused, the pages stay small
  return m;
}

void give_back_zeroed_mapping(void* at, std::size_t bytes, page_use how, std::size_t dirty_from, std::size_t dirty_to) noexcept {
  if (bytes > kept_mapping_limit) {
    munmap(at, bytes);
    return;
  }
  // Whole pages: the range's first and last may hold clean bytes too, which are zero and stay so.
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  dirty_to = std::min(dirty_to, bytes);
  dirty_from = std::min(dirty_from, dirty_to) / page * page;
  if (dirty_from < dirty_to) zero_again(static_cast<unsigned char*>(at) + dirty_from, dirty_to - dirty_from);
  kept_mappings& k = kept();
  std::vector<kept_mapping> dropped;
  {
    std::lock_guard lock(k.mutex);
    while (k.bytes + bytes > kept_bytes_limit && !k.oldest_first.empty()) {
      dropped.push_back(k.oldest_first.front());
      k.bytes -= k.oldest_first.front().bytes;
      k.oldest_first.erase(k.oldest_first.begin());
    }
    try {
      k.oldest_first.push_back({at, bytes, how});
      k.bytes += bytes;
    } catch (...) {  // no room to note it: unmapped
      dropped.push_back({at, bytes, how});
    }
  }
  for (const kept_mapping& m : dropped) munmap(m.at, m.bytes);
}

}  // namespace tessera::emulator::detail
