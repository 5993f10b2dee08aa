// Atomic operations for host execution (the emulator). Tiles run on several worker threads at once, so
// these must be real atomics; std::atomic_ref gives them on plain ints without changing the data's type.
#pragma once

#include <tessera/detail/config.hpp>

#include <atomic>

namespace tessera::detail::atomic_ops {

template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_add(T* p, T v) { return std::atomic_ref<T>(*p).fetch_add(v); }
template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_sub(T* p, T v) { return std::atomic_ref<T>(*p).fetch_sub(v); }
template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_and(T* p, T v) { return std::atomic_ref<T>(*p).fetch_and(v); }
template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_or(T* p, T v) { return std::atomic_ref<T>(*p).fetch_or(v); }
template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_xor(T* p, T v) { return std::atomic_ref<T>(*p).fetch_xor(v); }
template <class T>
TESSERA_INLINE_INTO_KERNEL T exchange(T* p, T v) { return std::atomic_ref<T>(*p).exchange(v); }

template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_max(T* p, T v) {
  std::atomic_ref<T> a(*p);
  T old = a.load();
  while (old < v && !a.compare_exchange_weak(old, v)) {
  }
  return old;
}
template <class T>
TESSERA_INLINE_INTO_KERNEL T fetch_min(T* p, T v) {
  std::atomic_ref<T> a(*p);
  T old = a.load();
  while (v < old && !a.compare_exchange_weak(old, v)) {
  }
  return old;
}

// Strong CAS: the model allows spurious failure (ATOM-4) but never requires it.
template <class T>
TESSERA_INLINE_INTO_KERNEL bool compare_exchange(T* p, T* expected, T v) {
  return std::atomic_ref<T>(*p).compare_exchange_strong(*expected, v);
}

}  // namespace tessera::detail::atomic_ops
