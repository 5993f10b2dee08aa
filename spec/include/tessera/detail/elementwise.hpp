// Host-side element-wise walks over an extent in row-major order, and the element copy every copy()
// overload reduces to (ARR-9, ARR-10).
#pragma once

#include <tessera/array_view.hpp>

#include <type_traits>

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

// A copy between two views that each cover their whole buffer, densely, moves the buffer where its data
// is (data_home::assign_from): device to device between two accelerators' memories, without touching
// the host where the backends allow it. Anything else goes element by element through the host.
template <class T, class U, int N>
void copy_elements(const array_view<const T, N>& src, const array_view<U, N>& dst) {
  if (src.extent != dst.extent)
    throw runtime_exception("copy: the source and destination extents differ; copy between containers of one extent");
  if constexpr (std::is_same_v<T, U> && std::is_trivially_copyable_v<T>) {
    data_home* from = src.whole_home();
    data_home* to = dst.whole_home();
    if (from != nullptr && to != nullptr && from != to && from->bytes() == to->bytes()) {
      to->assign_from(*from);
      return;
    }
  }
  for_each_index(src.extent, [&](const index<N>& i) { dst[i] = src[i]; });
}

}  // namespace tessera::detail
