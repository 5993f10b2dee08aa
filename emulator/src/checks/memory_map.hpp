// memory_map: what an address in kernel code is, for the checks.
//
//   private   the running thread's own stack (its locals): not shared, not checked
//   tile_static  the worker's static TLS blocks (the dialect makes tile_static `static thread_local`),
//             found with dl_iterate_phdr; one shadow byte per TLS byte
//   global    the memory of a view the kernel captured (the launch lists them)
//   argument  the launch's kernel-argument block and descriptor: kernel code reads its captures there
//   constant  read-only segments of the loaded modules (literals, constant tables)
//   host      anything else: memory a kernel on a GPU could not reach
//
// The report names what a classified address is (report/hazard_report.cpp).
#pragma once

#include "../report/finding.hpp"  // memory_class

#include <tessera/emulator/launch.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tessera::emulator::detail {

struct classified {
  memory_class cls;
  std::size_t unit;    // tile_static: the TLS module's index; global: the captured view's index
  std::size_t offset;  // tile_static: offset in the module's TLS block; global: offset in the view's buffer;
                       // host: the address
  std::size_t shadow = 0;  // tile_static: the index of its first byte in the checks' shadows (shadow_index)
};

class memory_map {
 public:
  // Finds this worker's TLS blocks (once per worker thread: TLS addresses are per thread).
  void prepare_worker();
  // The launch's global and argument memory; `descriptor` is the launch structure the kernel body reads.
  // `number`: the launch's own (hazard_log::id); two launches from one call site may have every address
  // here alike, and other views.
  void set_launch(std::uint64_t number, const launch_memory& launch, const void* descriptor, std::size_t descriptor_bytes,
                  const void* extent_dims, std::size_t extent_bytes);
  void set_private_stack(std::uintptr_t low, std::uintptr_t high) noexcept {
    stack_low_ = low;
    stack_bytes_ = high - low;
  }
  // The top of a thread's stack [low, high) as pthread reports it, below this worker's static TLS blocks
  // (after prepare_worker). glibc puts them at the top of the mapping of every thread but the program's
  // first, and reports the whole mapping as the stack: taken in, the tile_static variables there would be
  // the private stack, which no check looks at.
  std::uintptr_t below_tls(std::uintptr_t low, std::uintptr_t high) const noexcept {
    return !tls_.empty() && tls_low_ > low && tls_low_ < high ? tls_low_ : high;
  }

  // Whether `a` is memory no check looks at: the running thread's own stack or the kernel's arguments
  // (classify would say private_stack or argument). Most of a kernel's accesses are such (its locals, the
  // fields of the views it captured), so every hook asks this first, inline: a few compares, no call.
  bool unwatched(std::uintptr_t a) const noexcept {
    return a - stack_low_ < stack_bytes_ || a - arguments_[0].begin < arguments_[0].bytes ||
           a - arguments_[1].begin < arguments_[1].bytes || a - arguments_[2].begin < arguments_[2].bytes;
  }

  // Whether `a` lies in a view the launch only reads (set_read_only_views): a read there concerns no check
  // that runs without the spin-wait check. A few compares, inline in every hook.
  bool in_read_only_view(std::uintptr_t a) const noexcept {
    return a - read_only_[0].begin < read_only_[0].bytes || a - read_only_[1].begin < read_only_[1].bytes;
  }
  // The launch's first two read-only views (`read_only(unit)`), or none (`take` false).
  template <class ReadOnly>
  void set_read_only_views(bool take, const ReadOnly& read_only) noexcept {
    read_only_[0] = read_only_[1] = span{};
    if (!take || launch_ == nullptr) return;
    std::size_t n = 0;
    for (std::size_t u = 0; u < launch_->global_count && n < 2; ++u)
      if (read_only(u)) read_only_[n++] = span{reinterpret_cast<std::uintptr_t>(launch_->globals[u].begin), launch_->globals[u].bytes};
  }

  // Inline for the memory checks look at most (tile_static in the block of the last such access, and
  // the launch's views); the rest out of line.
  [[gnu::always_inline]] classified classify(std::uintptr_t a) const noexcept {
    if (a - stack_low_ < stack_bytes_) return {memory_class::private_stack, 0, 0};
    if (a - hot_tls_begin_ < hot_tls_bytes_) return hot_tile_static(a);
    classified c;
    if (a - tls_low_ < tls_high_ - tls_low_ && in_other_tls_block(a, c)) return c;
    for (std::size_t i = 0; i < launch_->global_count; ++i) {
      const auto b = reinterpret_cast<std::uintptr_t>(launch_->globals[i].begin);
      if (a - b < launch_->globals[i].bytes) {
        if (i < 64 && ((own_bytes_ >> i) & 1) != 0) {
          hot_view_ = span{b, launch_->globals[i].bytes};
          hot_unit_ = i;
        }
        return {memory_class::global, i, a - b};
      }
    }
    return classify_rest(a);
  }

  // An address in the view of the last global access classify found (a view that shares no byte with a
  // view before it, so that classify would find the same one): true, with what classify would say.
  // Inline in every 4-byte hook, as hot_tile_static_word is.
  bool in_hot_view(std::uintptr_t a) const noexcept { return a - hot_view_.begin < hot_view_.bytes; }
  classified hot_global(std::uintptr_t a) const noexcept { return {memory_class::global, hot_unit_, a - hot_view_.begin}; }

  // A 4-byte-aligned address in the TLS block of the last tile_static access: its word of shadow
  // (shadow_index / 4), or no_word. Inline in every 4-byte hook (quiet_words.hpp). A block's shadow starts
  // at the block's offset in a 64-byte line (prepare_worker), so an aligned address has an aligned index.
  static constexpr std::size_t no_word = SIZE_MAX;
  std::size_t hot_tile_static_word(std::uintptr_t a) const noexcept {
    const std::uintptr_t offset = a - hot_tls_begin_;
    if (offset >= hot_tls_bytes_ || (a & 3) != 0) return no_word;
    return (hot_tls_shadow_ + offset) >> 2;
  }
  // What classify says of an address hot_tile_static_word found.
  classified hot_tile_static(std::uintptr_t a) const noexcept {
    return {memory_class::tile_static, hot_tls_, a - hot_tls_begin_, hot_tls_shadow_ + (a - hot_tls_begin_)};
  }

  // Bytes of shadow the tile_static blocks need; a classified tile_static address has shadow index
  // tls_[unit].shadow_offset + offset, worked out once when it is classified.
  std::size_t tile_static_bytes() const noexcept { return tls_bytes_; }
  static std::size_t shadow_index(const classified& c) noexcept { return c.shadow; }

  // The ELF file of each TLS block, by the `unit` of a classified tile_static address. The same in every
  // thread of the process, so a report can keep a copy that outlives the worker it came from.
  std::vector<std::string> tile_static_modules() const;

 private:
  struct tls_block {
    std::uintptr_t begin, end;
    std::size_t shadow_offset;
    std::string module;  // path of the ELF file
  };
  struct span {  // bytes 0: none (an unsigned a - begin is never below 0)
    std::uintptr_t begin = 0;
    std::size_t bytes = 0;
  };

  std::vector<tls_block> tls_;
  std::size_t tls_bytes_ = 0;
  std::uintptr_t tls_low_ = 0, tls_high_ = 0;  // the blocks' span
  // The TLS block of the last tile_static access (bytes 0: none yet).
  mutable std::size_t hot_tls_ = 0;
  mutable std::uintptr_t hot_tls_begin_ = 0;
  mutable std::size_t hot_tls_bytes_ = 0;
  mutable std::size_t hot_tls_shadow_ = 0;

  // The view of the last global access (bytes 0: none since the launch was set), and which of the first 64
  // views share no byte with a view before them (set_launch).
  mutable span hot_view_;
  mutable std::size_t hot_unit_ = 0;
  std::uint64_t own_bytes_ = 0;

  // Out of line: whether `a` is in a TLS block (it becomes the hot one), and what is left after the
  // views (the arguments, read-only data, host memory).
  bool in_other_tls_block(std::uintptr_t a, classified& c) const noexcept;
  classified classify_rest(std::uintptr_t a) const noexcept;
  const launch_memory* launch_ = nullptr;
  static constexpr int launch_key_size = 8;
  const void* last_launch_key_[launch_key_size] = {};  // what set_launch was last given
  span arguments_[3];  // the kernel object, the launch descriptor, a non-tiled launch's extent
  span read_only_[2];  // views the launch only reads, while no check needs their reads
  std::uintptr_t stack_low_ = 0;
  std::size_t stack_bytes_ = 0;
};

}  // namespace tessera::emulator::detail
