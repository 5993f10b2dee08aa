// Host-side element-wise walks over an extent in row-major order, and the element copy every copy()
// overload reduces to (ARR-9, ARR-10).
#pragma once

#include <tessera/array_view.hpp>

namespace tessera::detail {

template <int N, class F>
void for_each_index(const extent<N>& e, F&& f) {
  index<N> i;
  const unsigned int n = e.size();
  for (unsigned int k = 0; k < n; ++k) {
    f(static_cast<const index<N>&>(i));
    for (int d = N - 1; d >= 0; --d) {
      if (++i[d] < e[d]) break;
      i[d] = 0;
    }
  }
}

template <class T, class U, int N>
void copy_elements(const array_view<const T, N>& src, const array_view<U, N>& dst) {
  if (src.extent != dst.extent)
    throw runtime_exception("copy: the source and destination extents differ; copy between containers of one extent");
  for_each_index(src.extent, [&](const index<N>& i) { dst[i] = src[i]; });
}

}  // namespace tessera::detail
