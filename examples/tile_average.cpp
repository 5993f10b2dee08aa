// Using tiles: a 4x6 matrix averaged in 2x2 tiles; every element becomes the mean of its tile.
// Documented output: 3 3 8 8 3 3 (rows 0 and 1) and 5 5 2 2 4 4 (rows 2 and 3).
#include <tessera/amp.hpp>

#include <iostream>
#include <vector>

int main() {
  using namespace tessera;
  std::vector<int> sample{2, 2, 9, 7, 1, 4,
                          4, 4, 8, 8, 3, 4,
                          1, 5, 1, 2, 5, 2,
                          6, 8, 3, 2, 7, 2};
  std::vector<float> averages(24);
  array_view<const int, 2> data(4, 6, sample);
  array_view<float, 2> average(4, 6, averages);
  parallel_for_each(data.extent.tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> t) {
    tile_static int values[2][2];
    values[t.local[0]][t.local[1]] = data[t];
    t.barrier.wait();
    const int sum = values[0][0] + values[0][1] + values[1][0] + values[1][1];
    average[t] = sum / 4.0f;
  });
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) std::cout << average(r, c) << (c < 5 ? " " : "\n");
}
