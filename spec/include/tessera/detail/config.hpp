// Compiler plumbing shared by every public header.
//
// The model's types must be callable from kernel code on every backend. Under nvcc that means
// __host__ __device__ on each member; under a host compiler the annotations vanish. This is the only
// place that knows the difference, so the rest of the API reads as plain C++.
#pragma once

#if defined(__CUDACC__)
#define TESSERA_HD __host__ __device__
#define TESSERA_HOST_COMPILER 0
#else
#define TESSERA_HD
#define TESSERA_HOST_COMPILER 1
#endif

// True while a translation unit is being compiled for the GPU (nvcc's device pass).
#if defined(__CUDA_ARCH__)
#define TESSERA_DEVICE_PASS 1
#else
#define TESSERA_DEVICE_PASS 0
#endif

// The model's own bookkeeping that kernel code runs through (reference counts, coherence flags, bounds
// checks, element addresses): the emulator's memory checks watch kernel memory traffic, not this, so it is
// compiled without their instrumentation (docs/checks.md). In a checked build such a function is not
// inlined into kernel code (nor is an instrumented one into it). The attribute is given only where the
// translation unit is instrumented: clang inlines nothing across it, so in a plain build every bounds
// check was a call.
// Clang's no_sanitize("thread") still instruments atomics and memcpy in the function, so clang gets the
// attribute that drops every instrumentation.
#if defined(__SANITIZE_THREAD__)
#define TESSERA_INSTRUMENTED_FOR_CHECKS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TESSERA_INSTRUMENTED_FOR_CHECKS 1
#endif
#endif
#ifndef TESSERA_INSTRUMENTED_FOR_CHECKS
#define TESSERA_INSTRUMENTED_FOR_CHECKS 0
#endif
#if TESSERA_DEVICE_PASS || !TESSERA_INSTRUMENTED_FOR_CHECKS || !(defined(__GNUC__) || defined(__clang__))
#define TESSERA_NOT_CHECKED
#elif defined(__clang__)
#define TESSERA_NOT_CHECKED __attribute__((disable_sanitizer_instrumentation))
#else
#define TESSERA_NOT_CHECKED __attribute__((no_sanitize("thread")))
#endif

// The return address of the function evaluating it: in a defaulted argument, the function that makes the
// call (source_site). Device code has none to offer.
#if TESSERA_DEVICE_PASS
#define TESSERA_CALLER_ADDRESS nullptr
#else
#define TESSERA_CALLER_ADDRESS __builtin_return_address(0)
#endif

// Functions that perform a kernel's memory accesses on the kernel's behalf (the atomics): always inlined
// into the kernel by a host compiler. The emulator's checks name an access by the innermost line of the
// user's code in the inline chain of the instruction that made it (docs/checks.md); a copy left out of
// line, as GCC leaves functions with loops (atomic_fetch_max's) in large translation units, has none, and
// the report would name a line of the standard library's or Tessera's headers instead. And a thread's
// index arithmetic (make_tiled_index, delinearize): the emulator's tile loops copy a phase's statements once
// per thread of a small tile, where the local index is a constant and the arithmetic folds away, unless
// GCC has spent a large translation unit's budget and calls it from every copy.
#if TESSERA_HOST_COMPILER && (defined(__GNUC__) || defined(__clang__))
#define TESSERA_INLINE_INTO_KERNEL [[gnu::always_inline]] inline
#else
#define TESSERA_INLINE_INTO_KERNEL inline
#endif
