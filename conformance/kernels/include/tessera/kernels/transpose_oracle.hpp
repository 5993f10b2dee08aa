// Serial oracle of tiled_transpose (transpose.hpp): row-major rows x cols in, cols x rows out.
#pragma once

#include <cstddef>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> transpose(const std::vector<T>& in, int rows, int cols) {
  std::vector<T> out(in.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out[static_cast<std::size_t>(c) * rows + r] = in[static_cast<std::size_t>(r) * cols + c];
  return out;
}

}  // namespace tessera::kernels::oracle
