// Serial oracles of stencil.hpp (zero outside the input, the kernels' order of operations).
#pragma once

#include <cstddef>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> stencil_3point(const std::vector<T>& in) {
  const int n = static_cast<int>(in.size());
  auto at = [&](int i) { return i >= 0 && i < n ? in[i] : T(0); };
  std::vector<T> out(in.size());
  for (int i = 0; i < n; ++i) out[i] = at(i - 1) + at(i) + at(i + 1);
  return out;
}

template <class T>
std::vector<T> stencil_5point(const std::vector<T>& in, int rows, int cols) {
  auto at = [&](int i, int j) {
    return i >= 0 && i < rows && j >= 0 && j < cols ? in[static_cast<std::size_t>(i) * cols + j] : T(0);
  };
  std::vector<T> out(in.size());
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      out[static_cast<std::size_t>(i) * cols + j] = T(4) * at(i, j) - at(i - 1, j) - at(i + 1, j) - at(i, j - 1) - at(i, j + 1);
  return out;
}

}  // namespace tessera::kernels::oracle
