// The C++ AMP documentation's "Example of Global, Tile, and Local Indices" ("Using Tiles"), written once
// for examples/tile_indices.cpp and the conformance suite's docs family: every thread of a tiled launch
// records its global, tile and local index (and, beyond the docs, its tile origin) in the Description
// of its element.
#pragma once

#include <tessera/amp.hpp>

namespace tessera::kernels {

// value: the element's row-major position, set on the host. The rest is filled in by the kernel.
// (tileOriginRow/Column are additions to the docs' struct: the global index of the tile's first element.)
struct Description {
  int value;
  int tileRow;
  int tileColumn;
  int globalRow;
  int globalColumn;
  int localRow;
  int localColumn;
  int tileOriginRow;
  int tileOriginColumn;
};

template <int TILE_ROWS, int TILE_COLS>
void record_tile_indices(const accelerator_view& where, const array_view<Description, 2>& descriptions) {
  parallel_for_each(where, descriptions.extent.template tile<TILE_ROWS, TILE_COLS>(),
                    [=] restrict_amp (tiled_index<TILE_ROWS, TILE_COLS> t_idx) {
    descriptions[t_idx].globalRow = t_idx.global[0];
    descriptions[t_idx].globalColumn = t_idx.global[1];
    descriptions[t_idx].tileRow = t_idx.tile[0];
    descriptions[t_idx].tileColumn = t_idx.tile[1];
    descriptions[t_idx].localRow = t_idx.local[0];
    descriptions[t_idx].localColumn = t_idx.local[1];
    descriptions[t_idx].tileOriginRow = t_idx.tile_origin[0];
    descriptions[t_idx].tileOriginColumn = t_idx.tile_origin[1];
  });
}

}  // namespace tessera::kernels
