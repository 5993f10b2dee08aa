// The compiler's ThreadSanitizer instrumentation ABI (__tsan_*), implemented by Tessera instead of
// libtsan, as the Linux kernel's KCSAN does: kernel translation units compiled with
// -fsanitize=thread (CMake: tessera_checked_kernels()) call these on every load, store and atomic, and
// the emulator's checks see kernel memory traffic byte by byte. This file is not instrumented itself.
//
// Outside a tiled kernel (host code in the same translation units) a hook costs one thread-local load
// and a return. Atomic hooks perform the operation themselves, then report it.
#include "access_monitor.hpp"

#include <cstddef>
#include <cstdint>

using tessera::emulator::detail::access_kind;
using tessera::emulator::detail::access_monitor;

namespace {

// `overwrites`: the atomic stores a value whatever the cell held (exchange, store), so it is not a read of
// uninitialized memory even when its old value is returned (C++ AMP has no atomic store; exchange is one).
// `looks`: an atomic that changes nothing is a look at memory, for the spin-wait check (see the load hook).
[[gnu::always_inline]] inline void note(const void* addr, std::size_t size, access_kind kind, const void* pc, bool changed = false,
                 bool overwrites = false, bool looks = true) {
  if (access_monitor* m = access_monitor::active()) m->on_access(addr, size, kind, pc, changed, overwrites, looks);
}

// Compare-exchange: false, with the value found in *c, without taking the cache line when the value is
// not *c (a failed compare-exchange is a load).
template <class T>
inline bool compare_exchange(volatile T* a, T* c, T v) noexcept {
  const T now = __atomic_load_n(a, __ATOMIC_SEQ_CST);
  if (now != *c) {
    *c = now;
    return false;
  }
  return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

}  // namespace

#define TESSERA_PC __builtin_return_address(0)

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}
void __tsan_acquire(void*) {}
void __tsan_release(void*) {}

#define TESSERA_PLAIN_HOOKS(N)                                                                         \
  void __tsan_read##N(void* a) { note(a, N, access_kind::read, TESSERA_PC); }                          \
  void __tsan_write##N(void* a) { note(a, N, access_kind::write, TESSERA_PC); }                        \
  void __tsan_unaligned_read##N(void* a) { note(a, N, access_kind::read, TESSERA_PC); }                \
  void __tsan_unaligned_write##N(void* a) { note(a, N, access_kind::write, TESSERA_PC); }
TESSERA_PLAIN_HOOKS(1)
TESSERA_PLAIN_HOOKS(2)
TESSERA_PLAIN_HOOKS(4)
TESSERA_PLAIN_HOOKS(8)
TESSERA_PLAIN_HOOKS(16)
#undef TESSERA_PLAIN_HOOKS

void __tsan_read_range(void* a, unsigned long n) { note(a, n, access_kind::read, TESSERA_PC); }
void __tsan_write_range(void* a, unsigned long n) { note(a, n, access_kind::write, TESSERA_PC); }

// Clang turns memcpy, memmove and memset in instrumented code (a struct copy, a zeroed array) into these:
// the bytes read, then the bytes written, then the operation itself.
void* __tsan_memcpy(void* to, const void* from, unsigned long n) {
  if (n != 0) {
    note(from, n, access_kind::read, TESSERA_PC);
    note(to, n, access_kind::write, TESSERA_PC);
  }
  return __builtin_memcpy(to, from, n);
}
void* __tsan_memmove(void* to, const void* from, unsigned long n) {
  if (n != 0) {
    note(from, n, access_kind::read, TESSERA_PC);
    note(to, n, access_kind::write, TESSERA_PC);
  }
  return __builtin_memmove(to, from, n);
}
void* __tsan_memset(void* to, int byte, unsigned long n) {
  if (n != 0) note(to, n, access_kind::write, TESSERA_PC);
  return __builtin_memset(to, byte, n);
}

void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

// Every atomic is performed sequentially consistent (at least as strong as what was asked), then reported
// with whether it changed memory: an atomic that changes nothing is a poll for the spin-wait check.
//
// An update that cannot change memory (NOOP: adding 0, or-ing 0, and-ing all ones) is performed as the
// load it amounts to, and a compare-exchange whose expected value is not there fails on a load, as the
// standard says a failed one is: polls of one counter from several workers then share its cache line
// instead of taking it from each other at every look (a spin-wait across tiles ran 60% of its time in
// that).
#define TESSERA_RMW_HOOK(BITS, T, NAME, BUILTIN, CHANGED, OVERWRITES, NOOP)                             \
  T __tsan_atomic##BITS##_##NAME(volatile T* a, T v, int) {                                             \
    const T old = (NOOP) ? __atomic_load_n(a, __ATOMIC_SEQ_CST) : BUILTIN(a, v, __ATOMIC_SEQ_CST);      \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, CHANGED, OVERWRITES);           \
    return old;                                                                                         \
  }
// C++ AMP has no atomic load: kernel code reaches this hook only through atomic_fetch_max and
// atomic_fetch_min, which load first and compare-exchange only when their operand wins. A load alone is
// an update that lost to the stored value, which a thread computing a maximum meets in most iterations; it
// is not the thread looking for another thread's store (polls use fetch_add(p, 0), an exchange, a
// compare-exchange), so the spin-wait check counts it neither as a look nor as progress.
#define TESSERA_ATOMIC_HOOKS(BITS, T)                                                                   \
  T __tsan_atomic##BITS##_load(const volatile T* a, int) {                                              \
    const T v = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                   \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, false, false, false);           \
    return v;                                                                                           \
  }                                                                                                     \
  void __tsan_atomic##BITS##_store(volatile T* a, T v, int) {                                           \
    const T old = __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                          \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, old != v, true);                \
  }                                                                                                     \
  TESSERA_RMW_HOOK(BITS, T, exchange, __atomic_exchange_n, old != v, true, false)                       \
  TESSERA_RMW_HOOK(BITS, T, fetch_add, __atomic_fetch_add, v != 0, false, v == 0)                       \
  TESSERA_RMW_HOOK(BITS, T, fetch_sub, __atomic_fetch_sub, v != 0, false, v == 0)                       \
  TESSERA_RMW_HOOK(BITS, T, fetch_and, __atomic_fetch_and, static_cast<T>(old & v) != old, false,       \
                   v == static_cast<T>(~T{0}))                                                          \
  TESSERA_RMW_HOOK(BITS, T, fetch_or, __atomic_fetch_or, static_cast<T>(old | v) != old, false, v == 0) \
  TESSERA_RMW_HOOK(BITS, T, fetch_xor, __atomic_fetch_xor, v != 0, false, v == 0)                       \
  TESSERA_RMW_HOOK(BITS, T, fetch_nand, __atomic_fetch_nand, static_cast<T>(~(old & v)) != old, false,  \
                   false)                                                                               \
  int __tsan_atomic##BITS##_compare_exchange_strong(volatile T* a, T* c, T v, int, int) {               \
    const T expected = *c;                                                                              \
    const bool ok = compare_exchange(a, c, v);                                                          \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, ok && expected != v);           \
    return ok;                                                                                          \
  }                                                                                                     \
  int __tsan_atomic##BITS##_compare_exchange_weak(volatile T* a, T* c, T v, int, int) {                 \
    const T expected = *c;                                                                              \
    const bool ok = compare_exchange(a, c, v);                                                          \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, ok && expected != v);           \
    return ok;                                                                                          \
  }                                                                                                     \
  T __tsan_atomic##BITS##_compare_exchange_val(volatile T* a, T c, T v, int, int) {                     \
    const T expected = c;                                                                               \
    const bool ok = compare_exchange(a, &c, v);                                                         \
    note(const_cast<T*>(a), sizeof(T), access_kind::atomic, TESSERA_PC, ok && expected != v);           \
    return c;                                                                                           \
  }
TESSERA_ATOMIC_HOOKS(8, std::uint8_t)
TESSERA_ATOMIC_HOOKS(16, std::uint16_t)
TESSERA_ATOMIC_HOOKS(32, std::uint32_t)
TESSERA_ATOMIC_HOOKS(64, std::uint64_t)
#undef TESSERA_ATOMIC_HOOKS
#undef TESSERA_RMW_HOOK

// So that hook_runtime.cpp can tell these hooks from another runtime's of the same name.
const void* tessera_own_tsan_read4() noexcept { return reinterpret_cast<const void*>(&__tsan_read4); }

}  // extern "C"
