// index<N>: a point in an N-dimensional compute domain or container (IDX-1..IDX-5).
#pragma once

#include <tessera/detail/coordinate.hpp>

#include <type_traits>

namespace tessera {

template <int N = 1>
class index : public detail::coordinate<index<N>, N> {
  using base = detail::coordinate<index<N>, N>;

 public:
  constexpr index() noexcept = default;

  // index<N>(c0[, c1[, c2]]): exactly N components, most significant first, at ranks 1 to 3 only
  // (IDX-2); index<4>(1, 2, 3, 4) does not compile.
  template <class... I>
    requires detail::components_of_rank_at_most_3<N, I...>
  TESSERA_HD constexpr index(I... components) noexcept {
    const int c[] = {static_cast<int>(components)...};
    for (int i = 0; i < N; ++i) this->v_[i] = c[i];
  }

  // index<N>(const int components[]): the first N ints of the array, at any rank (IDX-2; reading
  // past the array's end is undefined, as in C++ AMP). Takes int[] and const int[] alike.
  TESSERA_HD constexpr explicit index(const int components[]) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] = components[i];
  }
  // A literal 0 is not an array of components.
  index(std::nullptr_t) = delete;
};

}  // namespace tessera
