// copy(src, dest): deep copies between arrays, views and host iterators; the destination comes last
// (ARR-9, ARR-10). Extents must match or runtime_exception is thrown.
// copy_async(src, dest): the same copies, returning a completion_future (ARR-9).
#pragma once

#include <tessera/array.hpp>
#include <tessera/completion_future.hpp>
#include <tessera/detail/elementwise.hpp>

#include <utility>

#include <algorithm>
#include <iterator>

namespace tessera {

template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) { src.copy_to(dest); }
template <class T, int N>
void copy(const array<T, N>& src, const array_view<T, N>& dest) { src.copy_to(dest); }
template <class T, int N>
void copy(const array_view<const T, N>& src, array<T, N>& dest) {
  detail::copy_elements(src, static_cast<array_view<T, N>>(dest));
}
template <class T, int N>
void copy(const array_view<T, N>& src, array<T, N>& dest) { copy(array_view<const T, N>(src), dest); }
template <class T, int N>
void copy(const array_view<const T, N>& src, const array_view<T, N>& dest) { detail::copy_elements(src, dest); }
template <class T, int N>
void copy(const array_view<T, N>& src, const array_view<T, N>& dest) { detail::copy_elements(array_view<const T, N>(src), dest); }

// Host iterator range -> container. A range shorter than the destination is an error (ARR-4, U10).
template <std::input_iterator It, class T, int N>
void copy(It first, It last, const array_view<T, N>& dest) {
  unsigned int n = 0;
  detail::for_each_index(dest.extent, [&](const index<N>& i) {
    if (first == last)
      throw runtime_exception("copy: the source range holds " + std::to_string(n) + " elements but the destination needs " +
                              std::to_string(dest.extent.size()) + "; give a longer range");
    dest[i] = *first;
    ++first;
    ++n;
  });
}
template <std::input_iterator It, class T, int N>
void copy(It first, It last, array<T, N>& dest) { copy(first, last, static_cast<array_view<T, N>>(dest)); }
template <std::input_iterator It, class T, int N>
void copy(It first, const array_view<T, N>& dest) {
  detail::for_each_index(dest.extent, [&](const index<N>& i) { dest[i] = *first++; });
}
template <std::input_iterator It, class T, int N>
void copy(It first, array<T, N>& dest) { copy(first, static_cast<array_view<T, N>>(dest)); }

// Container -> host output iterator, in row-major order.
template <class T, int N, std::output_iterator<T> Out>
void copy(const array_view<T, N>& src, Out out) {
  detail::for_each_index(src.extent, [&](const index<N>& i) { *out++ = src[i]; });
}
template <class T, int N, std::output_iterator<T> Out>
void copy(const array<T, N>& src, Out out) { copy(static_cast<array_view<const T, N>>(src), out); }

// copy_async(args...): every copy(args...) above, as an operation with a future. The copy is done when
// copy_async returns (PROJ-17); an error (extents that differ, a range too short) is not thrown by
// copy_async but kept in the future and thrown by its get().
template <class... Args>
  requires requires(Args&&... args) { tessera::copy(std::forward<Args>(args)...); }
completion_future copy_async(Args&&... args) {
  return detail::run_to_completion([&] { tessera::copy(std::forward<Args>(args)...); });
}

}  // namespace tessera
