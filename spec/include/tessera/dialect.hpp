// The kernel dialect: the two macros that let one kernel source compile with g++/clang (the emulator)
// and with nvcc (CUDA) unchanged.
//
//   C++ AMP:  parallel_for_each(e, [=](tiled_index<16,16> t) restrict(amp) { tile_static float s[16][16]; ... });
//   Tessera:  parallel_for_each(e, [=] restrict_amp (tiled_index<16,16> t) { tile_static float s[16][16]; ... });
//
// The only edit when porting is moving `restrict(amp)` to `restrict_amp` between the capture list and the
// parameter list: nvcc accepts an execution-space annotation only in that position.
#pragma once

#include <tessera/detail/config.hpp>

// restrict_amp: marks a lambda (or a member function) as kernel code.
// nvcc: __host__ __device__, so the same closure can run on the GPU and on the emulator in one binary.
// host compilers: nothing; the emulator runs kernels as ordinary host code.
#if defined(__CUDACC__)
#define restrict_amp __host__ __device__
#else
#define restrict_amp
#endif

// tile_static: the storage class of per-tile memory.
// nvcc device pass: __shared__ (one instance per thread block = per tile).
// host (emulator): static thread_local. Every fiber of a tile runs on one worker thread and a worker runs
// one tile at a time, so per-thread storage is exactly per-tile storage.
// `used` makes the storage opaque to the optimizer: to the compiler a static that nothing in the program
// writes is a constant zero, and `h[i] += l[i]` on such an array would be folded to nothing, so the checks
// would never see the read of memory no thread wrote (TS-4). Marked used, the variable may be read and
// written by code the compiler cannot see - as tile_static memory is, by the tile's other threads - so
// every load is made, and made again after each barrier (an opaque call). The GNU spelling is accepted
// wherever a storage class may stand (`float tile_static x;` too). Costs nothing: loads of memory that is
// written somewhere were never folded.
#if TESSERA_DEVICE_PASS
#define tile_static __shared__
#else
#define tile_static __attribute__((used)) static thread_local
#endif
