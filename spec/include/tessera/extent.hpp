// extent<N>: the size of each dimension of a box whose origin is 0 (EXT-1..EXT-4).
#pragma once

#include <tessera/detail/coordinate.hpp>
#include <tessera/index.hpp>

#include <type_traits>

namespace tessera {

template <int D0, int D1, int D2>
class tiled_extent;

template <int N = 1>
class extent : public detail::coordinate<extent<N>, N> {
 public:
  constexpr extent() noexcept = default;

  // extent<N>(c0[, c1[, c2]]): exactly N components, most significant first, at ranks 1 to 3 only
  // (EXT-1, IDX-2); extent<4>(1, 2, 3, 4) does not compile.
  template <class... I>
    requires detail::components_of_rank_at_most_3<N, I...>
  TESSERA_HD constexpr extent(I... components) noexcept {
    const int c[] = {static_cast<int>(components)...};
    for (int i = 0; i < N; ++i) this->v_[i] = c[i];
  }

  // extent<N>(const int components[]): the first N ints of the array, at any rank (EXT-1, IDX-2; reading
  // past the array's end is undefined, as in C++ AMP). Takes int[] and const int[] alike.
  TESSERA_HD constexpr explicit extent(const int components[]) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] = components[i];
  }
  // A literal 0 is not an array of components.
  extent(std::nullptr_t) = delete;

  // The number of points: the product of the components (EXT-2).
  TESSERA_HD constexpr unsigned int size() const noexcept {
    unsigned int s = 1;
    for (int i = 0; i < N; ++i) s *= static_cast<unsigned int>(this->v_[i]);
    return s;
  }

  // True when 0 <= idx[i] < (*this)[i] for every i (EXT-2).
  TESSERA_HD constexpr bool contains(const index<N>& idx) const noexcept {
    for (int i = 0; i < N; ++i)
      if (idx[i] < 0 || idx[i] >= this->v_[i]) return false;
    return true;
  }

  // extent +/- index shifts the box's far corner (EXT-4).
  TESSERA_HD constexpr extent& operator+=(const index<N>& o) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] += o[i];
    return *this;
  }
  TESSERA_HD constexpr extent& operator-=(const index<N>& o) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] -= o[i];
    return *this;
  }
  TESSERA_HD friend constexpr extent operator+(extent e, const index<N>& o) noexcept { return e += o; }
  TESSERA_HD friend constexpr extent operator-(extent e, const index<N>& o) noexcept { return e -= o; }
  using detail::coordinate<extent<N>, N>::operator+=;
  using detail::coordinate<extent<N>, N>::operator-=;

  // Cut the extent into tiles; the rank must match the number of tile sizes (EXT-3).
  template <int D0>
    requires(N == 1)
  TESSERA_HD constexpr tiled_extent<D0, 0, 0> tile() const noexcept { return tiled_extent<D0, 0, 0>(*this); }
  template <int D0, int D1>
    requires(N == 2)
  TESSERA_HD constexpr tiled_extent<D0, D1, 0> tile() const noexcept { return tiled_extent<D0, D1, 0>(*this); }
  template <int D0, int D1, int D2>
    requires(N == 3)
  TESSERA_HD constexpr tiled_extent<D0, D1, D2> tile() const noexcept { return tiled_extent<D0, D1, D2>(*this); }
};

}  // namespace tessera

#include <tessera/tiled_extent.hpp>
