// memory_scope: which memory a fence or barrier orders (BAR-2..BAR-5, MEM-9).
// (The enumerators avoid the bare word tile_static, which is the dialect's storage-class macro.)
#pragma once

namespace tessera {

enum class memory_scope : unsigned char {
  tile_static_memory = 1,                          // wait_with_tile_static_memory_fence, tile_static_memory_fence
  global_memory = 2,                               // wait_with_global_memory_fence, global_memory_fence
  all_memory = tile_static_memory | global_memory,  // wait, wait_with_all_memory_fence, all_memory_fence
};

constexpr bool covers(memory_scope fence, memory_scope memory) noexcept {
  return (static_cast<unsigned>(fence) & static_cast<unsigned>(memory)) != 0;
}

}  // namespace tessera
