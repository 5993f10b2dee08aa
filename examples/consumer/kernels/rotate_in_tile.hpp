// Planted race: every thread stores its element in tile_static memory and reads its neighbour's, but
// the barrier that should separate the store from the load is missing. On a GPU the result depends on
// timing; the emulator's checks report a read-after-write race naming both lines.
#pragma once

#include <tessera/amp.hpp>

namespace consumer {

constexpr int rotate_tile = 32;

inline void rotate_in_tile(tessera::array_view<const int, 1> in, tessera::array_view<int, 1> out) {
  using namespace tessera;
  out.discard_data();
  parallel_for_each(in.extent.tile<rotate_tile>(), [=] restrict_amp (tiled_index<rotate_tile> t) {
    tile_static int slot[rotate_tile];
    slot[t.local[0]] = in[t.global];                      // the store
    out[t.global] = slot[(t.local[0] + 1) % rotate_tile];  // the load: no t.barrier.wait() before it
  });
  out.synchronize();
}

}  // namespace consumer
