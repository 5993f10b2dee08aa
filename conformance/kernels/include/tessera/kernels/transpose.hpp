// Transpose through tile_static memory: a tile of Rows x Tile threads moves one Tile x Tile block, each
// thread Tile/Rows elements (Rows == Tile: one each). The block is read row by row from `in`, the tile
// waits at its barrier, and the block is written row by row to `out` from the block's columns; the
// tile_static block has one padding column (Tile+1) so that reading a column touches Tile different
// banks on a GPU (BAR-2, TS-2).
//
//   tiled_transpose<32, 8>(view, in, out);   // in: R x C, out: C x R; R and C multiples of 32
//   tiled_transpose<16>(view, in, out);      // 16x16 tiles, one element per thread
//
// Pure data movement: every backend agrees bit for bit with oracle::transpose (transpose_oracle.hpp).
// With Rows != Tile the tile is not square, so its result depends on which local dimension is which.
#pragma once

#include <tessera/amp.hpp>

#include <string>
#include <type_traits>

namespace tessera::kernels {

template <int Tile, int Rows = Tile, class T>
void tiled_transpose(const accelerator_view& view, array_view<const std::type_identity_t<T>, 2> in, array_view<T, 2> out) {
  static_assert(Rows > 0 && Tile % Rows == 0, "tiled_transpose: Rows must divide Tile");
  static_assert(Rows * Tile <= 1024, "tiled_transpose: Rows x Tile threads must fit a tile (at most 1024)");
  const int rows = in.extent[0], cols = in.extent[1];
  if (out.extent[0] != cols || out.extent[1] != rows)
    throw runtime_exception("tiled_transpose: out must be " + std::to_string(cols) + "x" + std::to_string(rows));
  if (rows % Tile != 0 || cols % Tile != 0)
    throw runtime_exception("tiled_transpose: both dimensions must be multiples of " + std::to_string(Tile));
  const extent<2> domain(rows / Tile * Rows, cols);
  parallel_for_each(view, domain.template tile<Rows, Tile>(), [=] restrict_amp (tiled_index<Rows, Tile> t) {
    tile_static T block[Tile][Tile + 1];
    const int r = t.local[0], c = t.local[1];
    const int in_row = t.tile[0] * Tile, in_col = t.tile[1] * Tile;
    for (int j = 0; j < Tile; j += Rows) block[r + j][c] = in(in_row + r + j, in_col + c);
    t.barrier.wait();
    for (int j = 0; j < Tile; j += Rows) out(in_col + r + j, in_row + c) = block[c][r + j];
  });
}

}  // namespace tessera::kernels
