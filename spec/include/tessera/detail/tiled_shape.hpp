// tiled_shape: the launch record of a tiled launch, as every backend needs it: the tile's shape and the
// grid of tiles, in the model's row-major order (detail/row_major.hpp). The emulator schedules tiles
// from it, the CUDA backend turns it into a grid of blocks; neither recomputes it from the domain.
#pragma once

#include <tessera/tiled_extent.hpp>

#include <cstdint>

namespace tessera::detail {

struct tiled_shape {
  int rank = 1;
  int tile_dims[3] = {1, 1, 1};      // the tile's shape, rank components
  int tiles_per_dim[3] = {1, 1, 1};  // the grid of tiles, rank components
  std::int64_t tiles = 1;
  int threads_per_tile = 1;
};

// The shape of a validated domain (compute_domain.hpp has checked that the tile divides it).
template <int D0, int D1, int D2>
tiled_shape shape_of(const tiled_extent<D0, D1, D2>& domain) {
  constexpr int rank = tiled_rank<D0, D1, D2>;
  constexpr auto tile = tile_extent_of<D0, D1, D2>();
  tiled_shape s;
  s.rank = rank;
  for (int d = 0; d < rank; ++d) {
    s.tile_dims[d] = tile[d];
    s.tiles_per_dim[d] = domain[d] / tile[d];
    s.tiles *= s.tiles_per_dim[d];
    s.threads_per_tile *= tile[d];
  }
  return s;
}

}  // namespace tessera::detail
