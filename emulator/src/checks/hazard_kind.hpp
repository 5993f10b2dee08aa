// The kinds of findings, as reports and hazard_detected::hazard::kind spell them.
#pragma once

namespace tessera::emulator::detail {

enum class hazard_kind : unsigned char {
  raw, war, waw, write_atomic,  // races within a tile (one barrier interval)
  uninitialized,                // tile_static read before any thread of the tile wrote it
  cross_tile,                   // a plain write and another tile's access to one global word
  cross_thread,                 // the same between two threads of a non-tiled launch
  over_budget,                  // tile_static span over 32 KiB
  host_memory,                  // host memory no view holds
  spin_wait,                    // polling without a barrier
  none,
};

constexpr const char* name_of(hazard_kind k) {
  constexpr const char* names[] = {"read after write",   "write after read",   "write after write",
                                   "write next to atomic", "uninitialized read", "race between tiles",
                                   "race between threads", "tile_static over budget", "host memory access",
                                   "spin-wait without a barrier", "none"};
  return names[static_cast<int>(k)];
}

}  // namespace tessera::emulator::detail
