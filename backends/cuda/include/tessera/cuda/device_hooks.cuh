// Barriers and fences in nvcc's device pass: a tile is a thread block.
//
// Every tile_barrier wait is __syncthreads(): it is a rendezvous of the block and it makes every global
// and shared memory access issued before it visible to the block's threads after it, which is at least
// what each of the model's three variants asks (BAR-2..BAR-4). The free fences are tile-scoped in the
// model (BAR-5); __threadfence_block() orders all memory for observers in the block, which covers
// global, tile_static and both.
#pragma once

#include <tessera/memory_scope.hpp>
#include <tessera/source_site.hpp>

namespace tessera::detail {

__device__ inline void barrier_wait(memory_scope, const char*, int, const void*) { __syncthreads(); }
__device__ inline void memory_fence(memory_scope, source_site) { __threadfence_block(); }

}  // namespace tessera::detail
