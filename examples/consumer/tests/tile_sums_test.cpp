#include "kernels/tile_sums.hpp"

#include <gtest/gtest.h>

#include <vector>

TEST(TileSums, EachTileSumsItsElements) {
  constexpr int tiles = 16;
  std::vector<int> data(tiles * consumer::tile_size);
  for (int i = 0; i < static_cast<int>(data.size()); ++i) data[i] = i % 7;
  std::vector<int> sums(tiles);
  consumer::tile_sums(tessera::array_view<const int, 1>(static_cast<int>(data.size()), data),
                      tessera::array_view<int, 1>(tiles, sums));
  for (int t = 0; t < tiles; ++t) {
    int want = 0;
    for (int i = 0; i < consumer::tile_size; ++i) want += data[t * consumer::tile_size + i];
    EXPECT_EQ(sums[t], want) << "tile " << t;
  }
}
