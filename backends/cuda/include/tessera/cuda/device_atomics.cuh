// The model's atomics in nvcc's device pass: CUDA's device-scope atomics return the old value, as the
// model's do (ATOM-3).
//
// ATOM-2 names global and tile_static memory as an atomic's operand; C++ AMP's compiler also takes a
// kernel thread's own variables (an atomic through a pointer to a local array: the external suite's
// RefToPointer tests), and so does the emulator. CUDA's atomic instructions fault on local memory, which
// no other thread can see, so there the update is a plain read-modify-write: as atomic as it needs to be.
// The test is one `isspacep.local` where nvcc cannot tell the address space. Where it can see that the
// address is local, it still compiles the atomic branch, never taken, and warns "Cannot do atomic on local
// memory" at build time.
#pragma once

namespace tessera::detail::atomic_ops {

// `update(old)` is the new value; returns the old one.
template <class T, class Update>
__device__ inline T on_own_memory(T* p, Update update) {
  const T old = *p;
  *p = update(old);
  return old;
}

template <class T> __device__ inline T fetch_add(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o + v; }) : atomicAdd(p, v);
}
template <class T> __device__ inline T fetch_sub(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o - v; }) : atomicSub(p, v);
}
template <class T> __device__ inline T fetch_max(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o < v ? v : o; }) : atomicMax(p, v);
}
template <class T> __device__ inline T fetch_min(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return v < o ? v : o; }) : atomicMin(p, v);
}
template <class T> __device__ inline T fetch_and(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o & v; }) : atomicAnd(p, v);
}
template <class T> __device__ inline T fetch_or(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o | v; }) : atomicOr(p, v);
}
template <class T> __device__ inline T fetch_xor(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T o) { return o ^ v; }) : atomicXor(p, v);
}
template <class T> __device__ inline T exchange(T* p, T v) {
  return __isLocal(p) ? on_own_memory(p, [v](T) { return v; }) : atomicExch(p, v);
}

template <class T>
__device__ inline bool compare_exchange(T* p, T* expected, T v) {
  const T want = *expected;
  const T old = __isLocal(p) ? on_own_memory(p, [want, v](T o) { return o == want ? v : o; }) : atomicCAS(p, want, v);
  const bool stored = old == want;
  *expected = old;
  return stored;
}

}  // namespace tessera::detail::atomic_ops
