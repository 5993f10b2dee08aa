// Serial oracle of tiled_matmul (matmul.hpp): row-major M x K times K x N, each element summed in
// ascending k from T(0), the kernel's order.
#pragma once

#include <cstddef>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> matmul(const std::vector<T>& a, const std::vector<T>& b, int m, int k, int n) {
  std::vector<T> c(static_cast<std::size_t>(m) * n, T(0));
  // Row by row, adding a[i][x] * b[x][...] for x = 0, 1, ...: every element still sums in ascending k, and
  // both matrices are read along their rows (reading b down its columns costs a cache miss per product).
  for (int i = 0; i < m; ++i) {
    T* row = c.data() + static_cast<std::size_t>(i) * n;
    for (int x = 0; x < k; ++x) {
      const T factor = a[static_cast<std::size_t>(i) * k + x];
      const T* b_row = b.data() + static_cast<std::size_t>(x) * n;
      for (int j = 0; j < n; ++j) row[j] += factor * b_row[j];
    }
  }
  return c;
}

}  // namespace tessera::kernels::oracle
