// Bitonic sort within a tile: each tile of Width threads (a power of two, at most 1024) sorts its Width
// consecutive elements in tile_static memory. At every step thread l compares its element with partner
// l ^ j; only the lower thread of the pair touches the two slots, and the tile waits after each step
// (BAR-2, TS-2).
//
//   bitonic_sort_tiles<256>(view, data);          // in place, ascending, every 256-element block
//   bitonic_sort_tiles<256, false>(view, data);   // descending
//
// data's extent must be a multiple of Width. Comparison only: every backend agrees exactly with
// oracle::sort_tiles (bitonic_sort_oracle.hpp).
#pragma once

#include <tessera/amp.hpp>

#include <string>

namespace tessera::kernels {

template <int Width, bool Ascending = true, class T>
void bitonic_sort_tiles(const accelerator_view& view, array_view<T, 1> data) {
  static_assert(Width > 0 && Width <= 1024 && (Width & (Width - 1)) == 0, "bitonic_sort_tiles: Width must be a power of two up to 1024");
  if (data.extent[0] % Width != 0)
    throw runtime_exception("bitonic_sort_tiles: the extent must be a multiple of " + std::to_string(Width));
  parallel_for_each(view, data.extent.template tile<Width>(), [=] restrict_amp (tiled_index<Width> t) {
    tile_static T s[Width];
    const int l = t.local[0];
    s[l] = data[t];
    t.barrier.wait();
    for (int k = 2; k <= Width; k *= 2) {
      for (int j = k / 2; j > 0; j /= 2) {
        const int partner = l ^ j;
        if (partner > l) {
          // Blocks of k alternate direction; the last merge (k == Width) goes the requested way.
          const bool up = ((l & k) == 0) == Ascending;
          const T a = s[l], b = s[partner];
          if (up ? (b < a) : (a < b)) {
            s[l] = b;
            s[partner] = a;
          }
        }
        t.barrier.wait();
      }
    }
    data[t] = s[l];
  });
}

}  // namespace tessera::kernels
