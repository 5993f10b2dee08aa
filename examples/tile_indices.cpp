// Using tiles: an 8x9 matrix cut into 2x3 tiles. Every thread records its global, tile and local index;
// the program prints, for each cell, which tile it belongs to (the documentation told tiles apart with
// console colours) and then every cell's indices, and checks all 72 cells against the tiling rules:
// local = global % (2,3), tile = global / (2,3), global = tile_origin + local. Exit status 1 on any mismatch.
#include <tessera/amp.hpp>

#include <cstdio>
#include <vector>

int main() {
  using namespace tessera;
  constexpr int rows = 8, cols = 9;
  std::vector<int> record(rows * cols * 8, -1);
  array_view<int, 3> rec(rows, cols, 8, record);
  parallel_for_each(extent<2>(rows, cols).tile<2, 3>(), [=] restrict_amp (tiled_index<2, 3> t) {
    const int r = t.global[0], c = t.global[1];
    rec(r, c, 0) = t.global[0];
    rec(r, c, 1) = t.global[1];
    rec(r, c, 2) = t.tile[0];
    rec(r, c, 3) = t.tile[1];
    rec(r, c, 4) = t.local[0];
    rec(r, c, 5) = t.local[1];
    rec(r, c, 6) = t.tile_origin[0];
    rec(r, c, 7) = t.tile_origin[1];
  });
  rec.synchronize();

  std::printf("tile of each cell (row, column of the tile):\n");
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) std::printf(" T%d%d", record[(r * cols + c) * 8 + 2], record[(r * cols + c) * 8 + 3]);
    std::printf("\n");
  }
  std::printf("cell: global tile local\n");
  int wrong = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int* v = &record[(r * cols + c) * 8];
      std::printf("(%d,%d): g(%d,%d) t(%d,%d) l(%d,%d)\n", r, c, v[0], v[1], v[2], v[3], v[4], v[5]);
      const bool ok = v[0] == r && v[1] == c && v[2] == r / 2 && v[3] == c / 3 && v[4] == r % 2 && v[5] == c % 3 &&
                      v[6] == r - r % 2 && v[7] == c - c % 3 && v[0] == v[6] + v[4] && v[1] == v[7] + v[5];
      if (!ok) ++wrong;
    }
  }
  std::printf("%d of %d cells have the indices the tiling rules give\n", rows * cols - wrong, rows * cols);
  return wrong == 0 ? 0 : 1;
}
