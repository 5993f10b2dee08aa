// Serial oracle of tile_average (tile_average.hpp), in the kernel's order of additions.
#pragma once

#include <cstddef>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> tile_average(const std::vector<T>& in, int rows, int cols, int ty, int tx) {
  const int count = ty * tx;
  std::vector<T> out(in.size());
  std::vector<T> s(static_cast<std::size_t>(count));
  for (int r0 = 0; r0 < rows; r0 += ty)
    for (int c0 = 0; c0 < cols; c0 += tx) {
      for (int r = 0; r < ty; ++r)
        for (int c = 0; c < tx; ++c) s[r * tx + c] = in[static_cast<std::size_t>(r0 + r) * cols + c0 + c];
      T mean;
      if (count <= 4) {
        T sum = s[0];
        for (int k = 1; k < count; ++k) sum += s[k];
        mean = sum / T(count);
      } else {
        for (int stride = count / 2; stride > 0; stride /= 2)
          for (int l = 0; l < stride; ++l) s[l] += s[l + stride];
        mean = s[0] / T(count);
      }
      for (int r = 0; r < ty; ++r)
        for (int c = 0; c < tx; ++c) out[static_cast<std::size_t>(r0 + r) * cols + c0 + c] = mean;
    }
  return out;
}

}  // namespace tessera::kernels::oracle
