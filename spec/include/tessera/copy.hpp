// copy(src, dest): deep copies between arrays, views and host iterators; the destination comes last
// (ARR-9, ARR-10). Extents must match or runtime_exception is thrown.
// copy_async(src, dest): the same copies, returning a completion_future (ARR-9).
#pragma once

#include <tessera/array.hpp>
#include <tessera/completion_future.hpp>
#include <tessera/detail/elementwise.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

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

namespace detail {
// C++ AMP rejects at compile time a copy whose host iterator has another element type than the
// container (ARR-9): an implicit conversion there would hide a wrong buffer. An output iterator without
// a value type (std::back_inserter) takes whatever it is given.
template <class It, class T, class V = typename std::iterator_traits<It>::value_type>
constexpr bool iterator_element_matches = std::is_void_v<V> || std::is_same_v<std::remove_cv_t<V>, std::remove_cv_t<T>>;
template <class It, class T>
constexpr void require_iterator_element() {
  static_assert(iterator_element_matches<It, T>,
                "copy: the iterator's element type differs from the container's (ARR-9); copy through a container or "
                "iterator of the container's element type");
}
}  // namespace detail

// Host iterator range -> container. A range shorter than the destination is an error (ARR-4, U10); so
// is a reversed one (last before first), which C++ AMP refuses with runtime_exception.
template <std::input_iterator It, class T, int N>
void copy(It first, It last, const array_view<T, N>& dest) {
  detail::require_iterator_element<It, T>();
  if constexpr (std::random_access_iterator<It>) {
    if (last < first)
      throw runtime_exception("copy: the source range ends before it begins; pass (begin, end) in that order");
  }
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
  detail::require_iterator_element<It, T>();
  detail::for_each_index(dest.extent, [&](const index<N>& i) { dest[i] = *first++; });
}
template <std::input_iterator It, class T, int N>
void copy(It first, array<T, N>& dest) { copy(first, static_cast<array_view<T, N>>(dest)); }

// Container -> host output iterator, in row-major order, from wherever the current copy is: the view's
// own container is not brought up to date by it (AV-4).
template <class T, int N, std::output_iterator<T> Out>
void copy(const array_view<T, N>& src, Out out) {
  detail::require_iterator_element<Out, T>();
  std::unique_ptr<std::byte[]> scratch;
  detail::for_each_index(src.extent, [&](const index<N>& i) { *out++ = src.current_element(i, scratch); });
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
