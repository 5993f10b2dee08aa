// The C++ AMP atomic functions (ATOM-1..ATOM-4): int and unsigned int, plus float for exchange.
// Each returns the old value; compare_exchange writes what it read into *expected and returns whether it
// stored. Targets may be global (array/array_view elements) or tile_static memory.
#pragma once

#include <tessera/detail/config.hpp>

#include <type_traits>

#if TESSERA_DEVICE_PASS
#include <tessera/generated/device_pass.hpp>  // the device pass's backend defines detail::atomic_ops
#else
#include <tessera/detail/host_atomics.hpp>
#endif

namespace tessera {

// int and unsigned int only (ATOM-1); the operand takes the destination's type.
template <class T>
concept atomic_integer = std::is_same_v<T, int> || std::is_same_v<T, unsigned int>;

template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_add(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_add(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_sub(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_sub(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_max(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_max(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_min(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_min(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_and(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_and(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_or(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_or(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_xor(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::fetch_xor(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_exchange(T* dest, std::type_identity_t<T> value) {
  return detail::atomic_ops::exchange(dest, value);
}
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_inc(T* dest) { return detail::atomic_ops::fetch_add(dest, T(1)); }
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD T atomic_fetch_dec(T* dest) { return detail::atomic_ops::fetch_sub(dest, T(1)); }
template <atomic_integer T>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD bool atomic_compare_exchange(T* dest, T* expected, std::type_identity_t<T> value) {
  return detail::atomic_ops::compare_exchange(dest, expected, value);
}

TESSERA_INLINE_INTO_KERNEL TESSERA_HD float atomic_exchange(float* dest, float value) {
  return detail::atomic_ops::exchange(dest, value);
}

}  // namespace tessera
