// Inclusive prefix sum: each tile scans its part in tile_static memory (Hillis-Steele), the tile totals
// are scanned on the host, and a second launch adds each tile's offset.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TILE = 256;

int main(int argc, char** argv) {
  const int n = TILE * 16;
  std::vector<int> input(n);
  for (int i = 0; i < n; ++i) input[i] = (i * 31) % 13 - 6;
  array<int, 1> data(n, input.begin(), input.end());
  array<int, 1> totals(n / TILE);
  parallel_for_each(data.extent.tile<TILE>(), [&](tiled_index<TILE> t) restrict(amp) {
    tile_static int scan[2][TILE];
    const int l = t.local[0];
    int in = 0;
    scan[0][l] = data[t.global];
    t.barrier.wait();
    for (int offset = 1; offset < TILE; offset *= 2) {
      const int out = 1 - in;
      scan[out][l] = l >= offset ? scan[in][l] + scan[in][l - offset] : scan[in][l];
      in = out;
      t.barrier.wait();
    }
    data[t.global] = scan[in][l];
    if (l == TILE - 1) totals[t.tile] = scan[in][l];
  });
  std::vector<int> tile_totals(n / TILE);
  copy(totals, tile_totals.begin());
  std::vector<int> offsets(n / TILE, 0);
  for (int i = 1; i < n / TILE; ++i) offsets[i] = offsets[i - 1] + tile_totals[i - 1];
  array<int, 1> tile_offsets(n / TILE, offsets.begin(), offsets.end());
  parallel_for_each(data.extent.tile<TILE>(), [&data, &tile_offsets](tiled_index<TILE> t) restrict(amp) {
    data[t.global] += tile_offsets[t.tile];
  });
  std::vector<int> result(n);
  copy(data, result.begin());
  std::vector<int> want(n);
  int running = 0;
  for (int i = 0; i < n; ++i) want[i] = running += input[i];
  corpus::results out("prefix_sum", argc, argv);
  out.output("scan", result);
  return out.finish(result == want, "inclusive prefix sum of 4096 ints, tiles of 256");
}
