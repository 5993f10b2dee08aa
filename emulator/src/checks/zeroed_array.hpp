// zeroed_array: a check's shadow array of zero cells: a large one in anonymous memory that the kernel
// maps, zero-filled, on first touch (kept for the next array of its size: zeroed_memory.hpp); a small one
// (under 256 KiB) from the heap.
//
// The tile_static shadows span the program's whole TLS block, where every tile_static variable of every
// kernel lives (257 KiB in the conformance executable: 16 MiB of race shadow per worker), and a launch
// touches a few pages of them. A std::vector assigned that size wrote every page on each worker's first
// tile: with 16 workers, the kernel clearing pages was half of a short checked run. Untouched pages of
// this array cost nothing. T's all-zero bytes must mean "nothing recorded" (epoch 0 is never current).
#pragma once

#include "zeroed_memory.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>

namespace tessera::emulator::detail {

template <class T>
class zeroed_array {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "zeroed_array holds cells whose zero bytes are their empty value");

 public:
  zeroed_array() = default;
  zeroed_array(const zeroed_array&) = delete;
  zeroed_array& operator=(const zeroed_array&) = delete;
  zeroed_array(zeroed_array&& o) noexcept : data_(o.data_), size_(o.size_), how_(o.how_), dirty_from_(o.dirty_from_), dirty_to_(o.dirty_to_) {
    o.data_ = nullptr;
    o.size_ = 0;
  }
  zeroed_array& operator=(zeroed_array&& o) noexcept {
    if (this != &o) {
      release();
      data_ = o.data_;
      size_ = o.size_;
      how_ = o.how_;
      dirty_from_ = o.dirty_from_;
      dirty_to_ = o.dirty_to_;
      o.data_ = nullptr;
      o.size_ = 0;
    }
    return *this;
  }
  ~zeroed_array() { release(); }

  // n cells of zero bytes; the cells as they are when n is the size already. Below `small_bytes` from the
  // heap, cleared there: a launch's tables for small views are made and dropped by the thousand in a
  // suite, and a mapping costs system calls and, when dropped, the other cores' address translations.
  static constexpr std::size_t small_bytes = 256 * 1024;
  void resize(std::size_t n, page_use how = page_use::sparse) {
    if (n == size_) return;
    release();
    if (n == 0) return;
    void* m = nullptr;
    if (n * sizeof(T) < small_bytes) {
      m = std::calloc(n, sizeof(T));
      if (m == nullptr) throw std::bad_alloc();
    } else {
      m = take_zeroed_mapping(n * sizeof(T), how);
    }
    data_ = static_cast<T*>(m);
    size_ = n;
    how_ = how;
    dirty_from_ = 0;
    dirty_to_ = n;
  }

  // The owner's word that only cells [from, to) may have been written since the array was made (or last
  // sized): when it is given back, the other cells are not zeroed again, and their pages not touched. A
  // launch's cross-tile table uses a few of its arrays' parts (most launches record one kind of access
  // to a view), and zeroing all of them was most of what ending a short checked launch cost.
  void written_only(std::size_t from, std::size_t to) noexcept {
    dirty_from_ = std::min(from, size_);
    dirty_to_ = std::min(std::max(to, dirty_from_), size_);
  }

  std::size_t size() const noexcept { return size_; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }

 private:
  void release() noexcept {
    if (data_ != nullptr && size_ * sizeof(T) < small_bytes) std::free(data_);
    else if (data_ != nullptr) give_back_zeroed_mapping(data_, size_ * sizeof(T), how_, dirty_from_ * sizeof(T), dirty_to_ * sizeof(T));
    data_ = nullptr;
    size_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  page_use how_ = page_use::sparse;
  std::size_t dirty_from_ = 0, dirty_to_ = 0;  // the cells that may be written (written_only)
};

}  // namespace tessera::emulator::detail
