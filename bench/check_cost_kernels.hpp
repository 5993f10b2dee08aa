// The kernels whose checking cost bench/check_cost.cpp measures: a 16x16 tiled matrix multiply and a
// 256-wide tree reduction. The same source is compiled twice, plainly (check_cost_plain.cpp) and with the
// checks' instrumentation (check_cost_checked.cpp); `Variant` is a tag type of each translation unit, so
// the two builds of each kernel are distinct functions that the linker cannot merge.
#pragma once

#include <tessera/amp.hpp>

#include <vector>

namespace bench {

template <class Variant>
void tiled_matmul(int n, const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c) {
  using namespace tessera;
  constexpr int tile = 16;
  array_view<const float, 2> av(n, n, a), bv(n, n, b);
  array_view<float, 2> cv(n, n, c);
  cv.discard_data();
  parallel_for_each(cv.extent.tile<tile, tile>(), [=](tiled_index<tile, tile> t) restrict_amp {
    tile_static float ta[tile][tile];
    tile_static float tb[tile][tile];
    const int row = t.local[0], col = t.local[1];
    float sum = 0;
    for (int k = 0; k < n; k += tile) {
      ta[row][col] = av(t.global[0], k + col);
      tb[row][col] = bv(k + row, t.global[1]);
      t.barrier.wait();
      for (int j = 0; j < tile; ++j) sum += ta[row][j] * tb[j][col];
      t.barrier.wait();
    }
    cv[t] = sum;
  });
  cv.synchronize();
}

template <class Variant>
void tree_reduction(const std::vector<float>& in, std::vector<float>& partial_sums) {
  using namespace tessera;
  constexpr int width = 256;
  const int n = static_cast<int>(in.size());
  array_view<const float, 1> iv(n, in);
  array_view<float, 1> out(n / width, partial_sums);
  out.discard_data();
  parallel_for_each(iv.extent.tile<width>(), [=](tiled_index<width> t) restrict_amp {
    tile_static float s[width];
    const int l = t.local[0];
    s[l] = iv[t];
    t.barrier.wait();
    for (int stride = width / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) out[t.tile] = s[0];
  });
  out.synchronize();
}

// Each translation unit's entry points.
struct kernels {
  void (*matmul)(int, const std::vector<float>&, const std::vector<float>&, std::vector<float>&);
  void (*reduction)(const std::vector<float>&, std::vector<float>&);
};
kernels plain_kernels();
kernels checked_kernels();

}  // namespace bench
