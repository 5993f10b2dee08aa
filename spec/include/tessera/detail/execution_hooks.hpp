// The points where kernel code hands control to the backend executing it: barriers and fences.
//
// The model's types call these and nothing else, so a backend plugs in here and nowhere in the API
// (detail/backend.hpp). A device pass gets its backend's primitives inline from the generated
// device-pass header; every host compilation (and a device compiler's host pass of a __host__
// __device__ kernel) calls the functions declared below, which the backend running kernel code on the
// host defines.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

#if TESSERA_DEVICE_PASS
#include <tessera/generated/device_pass.hpp>
#else
namespace tessera::detail {
// Park the calling kernel thread until every thread of its tile reached this barrier.
// Outside a tiled kernel it throws unsupported_feature (BAR-10). The call site comes in its parts, not as a
// source_site: three scalars travel in registers, where the 24-byte struct would be built on the thread's
// stack just before the emulator parks it, in lines that are cold by the time the thread runs again.
void barrier_wait(memory_scope scope, const char* file, int line, const void* caller);
// A tile-scoped fence without a rendezvous (BAR-5).
void memory_fence(memory_scope scope, source_site site);
}  // namespace tessera::detail
#endif
