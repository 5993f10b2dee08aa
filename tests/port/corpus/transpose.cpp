// Matrix transpose through a tile_static block, so that both the reads and the writes of a tile are
// contiguous.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TILE = 16;

void transpose(array<int, 2>& source, array<int, 2>& target) {
  parallel_for_each(source.extent.tile<TILE, TILE>(), [&](tiled_index<TILE, TILE> t) restrict(amp) {
    tile_static int block[TILE][TILE];
    block[t.local[1]][t.local[0]] = source[t.global];
    t.barrier.wait();
    index<2> out(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]);
    target[out] = block[t.local[0]][t.local[1]];
  });
}

int main(int argc, char** argv) {
  const int rows = 64, cols = 96;
  std::vector<int> m(rows * cols);
  for (int i = 0; i < rows * cols; ++i) m[i] = i * 3 - 1000;
  array<int, 2> source(rows, cols, m.begin(), m.end());
  array<int, 2> target(cols, rows);
  transpose(source, target);
  std::vector<int> t(rows * cols);
  copy(target, t.begin());
  bool ok = true;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) ok = ok && t[j * rows + i] == m[i * cols + j];
  corpus::results out("transpose", argc, argv);
  out.output("transposed", t);
  return out.finish(ok, "transpose of a 64x96 matrix, tiles of 16x16");
}
