// Serial oracle of tiled_matmul (matmul.hpp): row-major M x K times K x N, each element summed in
// ascending k from T(0), the kernel's order.
#pragma once

#include <cstddef>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> matmul(const std::vector<T>& a, const std::vector<T>& b, int m, int k, int n) {
  std::vector<T> c(static_cast<std::size_t>(m) * n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      T sum = T(0);
      for (int x = 0; x < k; ++x) sum += a[static_cast<std::size_t>(i) * k + x] * b[static_cast<std::size_t>(x) * n + j];
      c[static_cast<std::size_t>(i) * n + j] = sum;
    }
  return c;
}

}  // namespace tessera::kernels::oracle
