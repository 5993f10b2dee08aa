// coordinate<Derived, N>: the component-wise arithmetic shared by index<N> and extent<N>.
//
// C++ AMP gives index and extent the same operator set (IDX-4, EXT-4). Writing it once here keeps the
// two types identical in behaviour; each type adds only what is its own (size, contains, tile...).
// Dimension 0 is the most significant component everywhere (IDX-5).
#pragma once

#include <tessera/detail/config.hpp>

#include <cstddef>
#include <type_traits>

namespace tessera::detail {

// The coordinate constructors index<N>(i0[, i1[, i2]]) and extent<N>(e0[, e1[, e2]]) take exactly N
// integral components and exist only for N <= 3 (IDX-2, EXT-1: C++ AMP specialises them for ranks 1 to
// 3). Rank 4 and above is built from an int array: index<N>(const int components[]).
template <int N, class... I>
concept components_of_rank_at_most_3 = N <= 3 && sizeof...(I) == N && (std::is_integral_v<I> && ...);

template <class Derived, int N>
class coordinate {
  static_assert(N > 0, "rank must be at least 1");

 public:
  static constexpr int rank = N;

  TESSERA_HD constexpr int operator[](int c) const noexcept { return v_[c]; }
  TESSERA_HD constexpr int& operator[](int c) noexcept { return v_[c]; }
  // Component c, for the model's own bookkeeping compiled without the checks' instrumentation
  // (TESSERA_NOT_CHECKED): such a function can inline only functions compiled as it is.
  TESSERA_NOT_CHECKED TESSERA_HD constexpr int component(int c) const noexcept { return v_[c]; }

  TESSERA_HD friend constexpr bool operator==(const Derived& a, const Derived& b) noexcept {
    for (int i = 0; i < N; ++i)
      if (a.v_[i] != b.v_[i]) return false;
    return true;
  }
  TESSERA_HD friend constexpr bool operator!=(const Derived& a, const Derived& b) noexcept { return !(a == b); }

  TESSERA_HD constexpr Derived& operator+=(const Derived& o) noexcept { return apply(o, [](int& a, int b) { a += b; }); }
  TESSERA_HD constexpr Derived& operator-=(const Derived& o) noexcept { return apply(o, [](int& a, int b) { a -= b; }); }
  TESSERA_HD constexpr Derived& operator+=(int s) noexcept { return apply(s, [](int& a, int b) { a += b; }); }
  TESSERA_HD constexpr Derived& operator-=(int s) noexcept { return apply(s, [](int& a, int b) { a -= b; }); }
  TESSERA_HD constexpr Derived& operator*=(int s) noexcept { return apply(s, [](int& a, int b) { a *= b; }); }
  TESSERA_HD constexpr Derived& operator/=(int s) noexcept { return apply(s, [](int& a, int b) { a /= b; }); }
  TESSERA_HD constexpr Derived& operator%=(int s) noexcept { return apply(s, [](int& a, int b) { a %= b; }); }

  // ++ and -- change every component (IDX-4).
  TESSERA_HD constexpr Derived& operator++() noexcept { return *this += 1; }
  TESSERA_HD constexpr Derived& operator--() noexcept { return *this -= 1; }
  TESSERA_HD constexpr Derived operator++(int) noexcept { Derived old = self(); ++*this; return old; }
  TESSERA_HD constexpr Derived operator--(int) noexcept { Derived old = self(); --*this; return old; }

  TESSERA_HD friend constexpr Derived operator+(Derived a, const Derived& b) noexcept { return a += b; }
  TESSERA_HD friend constexpr Derived operator-(Derived a, const Derived& b) noexcept { return a -= b; }
  TESSERA_HD friend constexpr Derived operator+(Derived a, int s) noexcept { return a += s; }
  TESSERA_HD friend constexpr Derived operator-(Derived a, int s) noexcept { return a -= s; }
  TESSERA_HD friend constexpr Derived operator*(Derived a, int s) noexcept { return a *= s; }
  TESSERA_HD friend constexpr Derived operator/(Derived a, int s) noexcept { return a /= s; }
  TESSERA_HD friend constexpr Derived operator%(Derived a, int s) noexcept { return a %= s; }
  // Scalar on the left: component i of the result is `s op a[i]` (so 7 % index<2>(2,3) == (1,1)).
  TESSERA_HD friend constexpr Derived operator+(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x + y; }); }
  TESSERA_HD friend constexpr Derived operator-(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x - y; }); }
  TESSERA_HD friend constexpr Derived operator*(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x * y; }); }
  TESSERA_HD friend constexpr Derived operator/(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x / y; }); }
  TESSERA_HD friend constexpr Derived operator%(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x % y; }); }

 protected:
  TESSERA_HD constexpr coordinate() noexcept : v_{} {}

  int v_[N];

 private:
  TESSERA_HD constexpr Derived& self() noexcept { return static_cast<Derived&>(*this); }

  template <class Op>
  TESSERA_HD constexpr Derived& apply(const Derived& o, Op op) noexcept {
    for (int i = 0; i < N; ++i) op(v_[i], o.v_[i]);
    return self();
  }
  template <class Op>
  TESSERA_HD constexpr Derived& apply(int s, Op op) noexcept {
    for (int i = 0; i < N; ++i) op(v_[i], s);
    return self();
  }
  template <class Op>
  TESSERA_HD static constexpr Derived scalar_first(int s, const Derived& a, Op op) noexcept {
    Derived r = a;
    for (int i = 0; i < N; ++i) r.v_[i] = op(s, a.v_[i]);
    return r;
  }
};

}  // namespace tessera::detail
