// Tile average: every element becomes the mean of its TY x TX tile (the C++ AMP documentation's
// tile_static example, generalised). Each thread stores its element in tile_static memory, the tile
// waits, and the tile's sum is formed
//   - for tiles of at most 4 threads, by every thread, adding the elements in row-major order;
//   - for larger tiles (TY*TX a power of two), by a tree in tile_static (strides TY*TX/2, ..., 1, one
//     barrier each; linear local index local[0]*TX + local[1]),
// then divided by TY*TX (integer division for integers) (BAR-2, TS-2).
//
//   tile_average<2>(view, in, out);       // 2x2 tiles
//   tile_average<16>(view, in, out);      // 16x16 tiles
//   tile_average<4, 2>(view, in, out);    // 4 rows x 2 columns: not square
//
// Variant (optional, unused): a tag that makes a distinct instantiation, for programs that compile the
// same kernel twice with different flags (bench/check_cost.cpp).
//
// The extents must be multiples of the tile (else the launch throws invalid_compute_domain). The order
// is fixed and oracle::tile_average (tile_average_oracle.hpp) follows it, so floats agree bit for bit.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>

namespace tessera::kernels {

template <int TY, int TX = TY, class T, class Variant = void>
void tile_average(const accelerator_view& view, array_view<const std::type_identity_t<T>, 2> in, array_view<T, 2> out) {
  constexpr int count = TY * TX;
  static_assert(TY > 0 && TX > 0 && count <= 1024, "tile_average: at most 1024 threads per tile");
  static_assert(count <= 4 || (count & (count - 1)) == 0, "tile_average: tiles of more than 4 threads need a power-of-two size");
  if (out.extent != in.extent) throw runtime_exception("tile_average: out must have the input's extent");
  parallel_for_each(view, in.extent.template tile<TY, TX>(), [=] restrict_amp (tiled_index<TY, TX> t) {
    tile_static T s[count];
    const int l = t.local[0] * TX + t.local[1];
    s[l] = in[t];
    t.barrier.wait();
    if (count <= 4) {  // a constant; not if constexpr, where nvcc refuses a lambda's first use of a capture
      T sum = s[0];
      for (int k = 1; k < count; ++k) sum += s[k];
      out[t] = sum / T(count);
    } else {
      for (int stride = count / 2; stride > 0; stride /= 2) {
        if (l < stride) s[l] += s[l + stride];
        t.barrier.wait();
      }
      out[t] = s[0] / T(count);
    }
  });
}

}  // namespace tessera::kernels
