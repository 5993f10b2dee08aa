// The model's atomics in nvcc's device pass: CUDA's device-scope atomics return the old value, as the
// model's do (ATOM-3).
#pragma once

namespace tessera::detail::atomic_ops {

template <class T> __device__ inline T fetch_add(T* p, T v) { return atomicAdd(p, v); }
template <class T> __device__ inline T fetch_sub(T* p, T v) { return atomicSub(p, v); }
template <class T> __device__ inline T fetch_max(T* p, T v) { return atomicMax(p, v); }
template <class T> __device__ inline T fetch_min(T* p, T v) { return atomicMin(p, v); }
template <class T> __device__ inline T fetch_and(T* p, T v) { return atomicAnd(p, v); }
template <class T> __device__ inline T fetch_or(T* p, T v) { return atomicOr(p, v); }
template <class T> __device__ inline T fetch_xor(T* p, T v) { return atomicXor(p, v); }
template <class T> __device__ inline T exchange(T* p, T v) { return atomicExch(p, v); }

template <class T>
__device__ inline bool compare_exchange(T* p, T* expected, T v) {
  const T old = atomicCAS(p, *expected, v);
  const bool stored = old == *expected;
  *expected = old;
  return stored;
}

}  // namespace tessera::detail::atomic_ops
