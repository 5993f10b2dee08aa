#include "kernels/rotate_in_tile.hpp"

#include <gtest/gtest.h>

#include <vector>

// Fails on the emulator: the kernel has a planted race, and the checks report it.
TEST(RotateInTile, EachThreadGetsItsNeighboursElement) {
  constexpr int n = 4 * consumer::rotate_tile;
  std::vector<int> data(n), out(n);
  for (int i = 0; i < n; ++i) data[i] = 1000 + i;
  consumer::rotate_in_tile(tessera::array_view<const int, 1>(n, data), tessera::array_view<int, 1>(n, out));
  for (int i = 0; i < n; ++i) {
    const int base = i - i % consumer::rotate_tile;
    EXPECT_EQ(out[i], data[base + (i % consumer::rotate_tile + 1) % consumer::rotate_tile]) << "element " << i;
  }
}
