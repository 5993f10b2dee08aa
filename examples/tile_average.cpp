// Ported from the C++ AMP docs' tile_static example (the tile_static keyword page; Using Tiles describes
// the same pattern): a 4x6 matrix of ints is cut into 2x2 tiles, every thread copies its element into a
// tile_static 2x2 array, waits at the tile barrier, and writes the (integer) mean of its tile.
//
// The tiles and their sums:   2 2 | 9 7 | 1 4      12 | 32 | 12      -> means 3 8 3
//                             4 4 | 8 8 | 3 4
//                             1 5 | 1 2 | 5 2      20 |  8 | 16      -> means 5 2 4
//                             6 8 | 3 2 | 7 2
// Every sum is a multiple of 4, so the integer division is exact and the documented output
//   3 3 8 8 3 3 / 3 3 8 8 3 3 / 5 5 2 2 4 4 / 5 5 2 2 4 4
// is the true result.
#include <tessera/amp.hpp>

#include <iostream>

using namespace tessera;

int main() {
  int sampledata[] = {2, 2, 9, 7, 1, 4,
                      4, 4, 8, 8, 3, 4,
                      1, 5, 1, 2, 5, 2,
                      6, 8, 3, 2, 7, 2};
  int averagedata[4 * 6] = {};

  array_view<int, 2> sample(4, 6, sampledata);
  array_view<int, 2> average(4, 6, averagedata);

  parallel_for_each(sample.extent.tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> idx) {
    // One 2x2 array per tile, shared by the tile's four threads.
    tile_static int nums[2][2];
    // The docs store at [local[1]][local[0]], the transpose of the tile's layout; only the sum of all four
    // cells is read afterwards, so the order does not matter. Kept as documented.
    nums[idx.local[1]][idx.local[0]] = sample[idx.global];
    // No thread reads nums before all four have written their element.
    idx.barrier.wait();
    int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
    average[idx.global] = sum / 4;
  });

  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++) std::cout << average(i, j) << (j < 5 ? " " : "\n");
}
