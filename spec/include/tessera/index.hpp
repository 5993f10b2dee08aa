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

  // index<N>(i0[, i1[, i2 ...]]): exactly N components, most significant first (IDX-2).
  template <class... I>
    requires(sizeof...(I) == N && (std::is_integral_v<I> && ...))
  TESSERA_HD constexpr index(I... components) noexcept {
    const int c[] = {static_cast<int>(components)...};
    for (int i = 0; i < N; ++i) this->v_[i] = c[i];
  }

  TESSERA_HD constexpr explicit index(const int (&components)[N]) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] = components[i];
  }
};

}  // namespace tessera
