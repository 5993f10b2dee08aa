// Ported from Using Tiles, "Example of Global, Tile, and Local Indices": an 8x9 matrix is cut into 2x3
// tiles (4 rows by 3 columns of tiles), and every thread records its global, tile and local index in the
// Description of its element. The host then prints each matrix row as four lines (value, tile, global,
// local), as the docs do.
//
// Porting changes:
//  - The docs coloured the tiles red and green with Windows console calls. Here the tiles are told apart
//    in plain text: " | " separates the tiles of a row and a line of dashes separates rows of tiles. The
//    Tile line also names each cell's tile.
//  - The program checks all 72 cells against the tiling rules and exits with status 1 if any cell is
//    wrong: the cell was visited (fields start at -1, where the docs start them at 0), global is the cell's
//    own (row, column), local lies inside the 2x3 tile, global = tile * (2,3) + local, the tile origin is
//    tile * (2,3), and value, which only the host writes, is unchanged.
#include <tessera/amp.hpp>
#include <tessera/kernels/tile_indices.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace tessera;
using tessera::kernels::Description;  // the docs' struct (tessera/kernels/tile_indices.hpp)

const int ROWS = 8;
const int COLS = 9;
const int TILE_ROWS = 2;
const int TILE_COLS = 3;

// The indices the kernel recorded for the element at (row, column) are the ones 2x3 tiling gives it.
bool follows_tiling(const Description& d, int row, int column) {
  if (d.value != row * COLS + column) return false;                      // untouched by the kernel
  if (d.globalRow != row || d.globalColumn != column) return false;      // the thread of this element
  if (d.localRow < 0 || d.localRow >= TILE_ROWS) return false;           // local lies inside the tile
  if (d.localColumn < 0 || d.localColumn >= TILE_COLS) return false;
  if (d.globalRow != d.tileRow * TILE_ROWS + d.localRow) return false;   // global = tile * dims + local
  if (d.globalColumn != d.tileColumn * TILE_COLS + d.localColumn) return false;
  return d.tileOriginRow == d.tileRow * TILE_ROWS && d.tileOriginColumn == d.tileColumn * TILE_COLS;
}

int main() {
  std::vector<Description> descs;
  for (int i = 0; i < ROWS * COLS; i++) descs.push_back(Description{i, -1, -1, -1, -1, -1, -1, -1, -1});

  extent<2> matrix(ROWS, COLS);
  array_view<Description, 2> descriptions(matrix, descs);

  // The kernel (shared with the conformance suite): every thread records its indices.
  tessera::kernels::record_tile_indices<TILE_ROWS, TILE_COLS>(accelerator().get_default_view(), descriptions);

  // One printed line per kind of index: a 13-character cell per element, "  " between cells of one tile
  // and " | " between tiles.
  auto print_line = [&](int row, auto describe) {
    std::string line;
    for (int column = 0; column < COLS; column++) {
      char cell[32];
      describe(descriptions(row, column), cell, sizeof cell);
      if (column > 0) line += (column % TILE_COLS == 0) ? " | " : "  ";
      line += cell;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    std::printf("%s\n", line.c_str());
  };
  const std::string rule(13 * COLS + 2 * (COLS - 1) + (COLS / TILE_COLS - 1), '-');

  for (int row = 0; row < ROWS; row++) {
    if (row > 0) std::printf("%s\n", row % TILE_ROWS == 0 ? rule.c_str() : "");
    print_line(row, [](const Description& d, char* s, std::size_t n) {
      std::snprintf(s, n, "Value:  %-5d", d.value);
    });
    print_line(row, [](const Description& d, char* s, std::size_t n) {
      std::snprintf(s, n, "Tile:   (%d,%d)", d.tileRow, d.tileColumn);
    });
    print_line(row, [](const Description& d, char* s, std::size_t n) {
      std::snprintf(s, n, "Global: (%d,%d)", d.globalRow, d.globalColumn);
    });
    print_line(row, [](const Description& d, char* s, std::size_t n) {
      std::snprintf(s, n, "Local:  (%d,%d)", d.localRow, d.localColumn);
    });
  }

  int correct = 0;
  for (int row = 0; row < ROWS; row++) {
    for (int column = 0; column < COLS; column++) {
      const Description& d = descriptions(row, column);
      const bool ok = follows_tiling(d, row, column);
      if (ok) {
        ++correct;
      } else {
        std::printf("WRONG at (%d,%d): value %d tile (%d,%d) global (%d,%d) local (%d,%d) tile origin (%d,%d)\n", row,
                    column, d.value, d.tileRow, d.tileColumn, d.globalRow, d.globalColumn, d.localRow, d.localColumn,
                    d.tileOriginRow, d.tileOriginColumn);
      }
    }
  }
  std::printf("\n%d of %d cells: global = tile * (%d,%d) + local, as tiling requires\n", correct, ROWS * COLS,
              TILE_ROWS, TILE_COLS);
  return correct == ROWS * COLS ? 0 : 1;
}
