// Short vector types: C++ AMP's <amp_short_vectors.h> (SV-1..SV-5, §10.7-§10.10, an Optional part of the
// spec), in namespace tessera::graphics.
//
//   int_2 int_3 int_4   uint_2 ...   float_2 ...   double_2 ...   norm_2 ...   unorm_2 ...
//   short_vector<float, 4>::type is float_4; short_vector_traits<float_4>::value_type is float, size 4
//   graphics::direct3d::float4 is float_4 (the HLSL-style spellings), graphics::uint is unsigned int
//
// Each named type is one specialization of short_vector_type<T, N>: N components of T, laid out as
// x, y[, z[, w]] with no padding beyond T's own. What C++ AMP gives them:
// - constructors: default (every component 0), one value for every component (implicit), one value per
//   component, and explicit conversions between any two vectors of one length (component by component,
//   as static_cast does; into norm/unorm they clamp). norm_N and unorm_N also take floats, per component
//   or (explicitly) one for all, and norm_N takes unorms;
// - component-wise arithmetic + - * / and its compound forms, ++ and --, == and != (true when every
//   component compares so); unary minus only for int, float, double and norm; % ^ | & << >> ~ and their
//   compound forms only for int and uint (SV-4). A scalar on either side converts through the
//   one-value constructor, so float_2(1, 2) * 3.0f works, and norm_2 * 0.5f does not (that constructor is
//   explicit there, as in C++ AMP);
// - component access (SV-5): get_x()/set_x(v)/ref_x() for each component and the same with r, g, b, a;
//   get_yx(), set_zxy(v), get_wzyx(), ... for every order of 2, 3 or 4 distinct components (and their
//   rgba spellings), returning or taking the vector of that length.
//
// One difference from C++ AMP: its members x, xy, rgba, ... are __declspec(property) members, which
// portable C++ does not have. Here x, y, z and w are public data members, so `v.x`, `v.y += 1` and `&v.z`
// work as they do there; the other property names (r, g, b, a and every multi-component name such as
// v.xy) are the get_/set_ functions above (docs/porting.md).
//
// Everything is TESSERA_HD, so the types work in kernels on every backend, and constexpr-constructible,
// so tile_static arrays of them compile under nvcc (a __shared__ variable takes no dynamic initializer).
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/detail/swizzles.hpp>
#include <tessera/norm.hpp>

#include <type_traits>

namespace tessera::graphics {

// C++ AMP's element type name for uint_N.
using uint = unsigned int;

namespace detail {

template <class T>
inline constexpr bool is_short_vector_scalar =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, norm> || std::is_same_v<T, unorm>;
// % ^ | & << >> ~: integers only (SV-4).
template <class T>
inline constexpr bool is_integer_scalar = std::is_same_v<T, int> || std::is_same_v<T, unsigned int>;
// Unary minus: the signed scalar types (SV-4).
template <class T>
inline constexpr bool is_signed_scalar =
    std::is_same_v<T, int> || std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, norm>;
template <class T>
inline constexpr bool is_normalized_scalar = std::is_same_v<T, norm> || std::is_same_v<T, unorm>;

// The components as named data members.
template <class T, int N>
struct components;
template <class T>
struct components<T, 2> {
  T x, y;
};
template <class T>
struct components<T, 3> {
  T x, y, z;
};
template <class T>
struct components<T, 4> {
  T x, y, z, w;
};

}  // namespace detail

template <class T, int N>
class short_vector_type : public detail::components<T, N> {
  static_assert(detail::is_short_vector_scalar<T>,
                "short vector components are int, unsigned int, float, double, norm or unorm (SV-1)");
  static_assert(N >= 2 && N <= 4, "short vectors have 2, 3 or 4 components (SV-1); a single value is the scalar itself");

  template <class U, int M>
  friend class short_vector_type;

 public:
  using value_type = T;
  static constexpr int size = N;

  // --- construction -------------------------------------------------------------------------------------
  // Every component 0 (value-initialized: 0 for numbers, 0.0f for norm and unorm).
  TESSERA_HD constexpr short_vector_type() noexcept : detail::components<T, N>{} {}
  // One value for every component. Implicit, as in C++ AMP, so a scalar passes where a vector is taken.
  TESSERA_HD constexpr short_vector_type(T v) noexcept : detail::components<T, N>{} {
    for (int i = 0; i < N; ++i) at(i) = v;
  }
  TESSERA_HD constexpr short_vector_type(T v0, T v1) noexcept requires(N == 2) : detail::components<T, N>{v0, v1} {}
  TESSERA_HD constexpr short_vector_type(T v0, T v1, T v2) noexcept requires(N == 3)
      : detail::components<T, N>{v0, v1, v2} {}
  TESSERA_HD constexpr short_vector_type(T v0, T v1, T v2, T v3) noexcept requires(N == 4)
      : detail::components<T, N>{v0, v1, v2, v3} {}

  // norm_N and unorm_N from floats (each clamped), and norm_N from unorms (no clamp needed).
  TESSERA_HD constexpr explicit short_vector_type(float v) noexcept requires detail::is_normalized_scalar<T>
      : short_vector_type(T(v)) {}
  TESSERA_HD constexpr short_vector_type(float v0, float v1) noexcept requires(detail::is_normalized_scalar<T> && N == 2)
      : short_vector_type(T(v0), T(v1)) {}
  TESSERA_HD constexpr short_vector_type(float v0, float v1, float v2) noexcept
    requires(detail::is_normalized_scalar<T> && N == 3)
      : short_vector_type(T(v0), T(v1), T(v2)) {}
  TESSERA_HD constexpr short_vector_type(float v0, float v1, float v2, float v3) noexcept
    requires(detail::is_normalized_scalar<T> && N == 4)
      : short_vector_type(T(v0), T(v1), T(v2), T(v3)) {}
  TESSERA_HD constexpr short_vector_type(unorm v0, unorm v1) noexcept requires(std::is_same_v<T, norm> && N == 2)
      : short_vector_type(T(v0), T(v1)) {}
  TESSERA_HD constexpr short_vector_type(unorm v0, unorm v1, unorm v2) noexcept requires(std::is_same_v<T, norm> && N == 3)
      : short_vector_type(T(v0), T(v1), T(v2)) {}
  TESSERA_HD constexpr short_vector_type(unorm v0, unorm v1, unorm v2, unorm v3) noexcept
    requires(std::is_same_v<T, norm> && N == 4)
      : short_vector_type(T(v0), T(v1), T(v2), T(v3)) {}

  // From a vector of another component type and the same length: component by component, explicit.
  template <class U>
    requires(!std::is_same_v<U, T>)
  TESSERA_HD constexpr explicit short_vector_type(const short_vector_type<U, N>& o) noexcept : detail::components<T, N>{} {
    for (int i = 0; i < N; ++i) at(i) = static_cast<T>(o.at(i));
  }

  short_vector_type(const short_vector_type&) = default;
  short_vector_type& operator=(const short_vector_type&) = default;

  // --- arithmetic (SV-4) ------------------------------------------------------------------------------
  TESSERA_HD constexpr short_vector_type& operator+=(const short_vector_type& o) noexcept {
    for (int i = 0; i < N; ++i) at(i) += o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator-=(const short_vector_type& o) noexcept {
    for (int i = 0; i < N; ++i) at(i) -= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator*=(const short_vector_type& o) noexcept {
    for (int i = 0; i < N; ++i) at(i) *= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator/=(const short_vector_type& o) noexcept {
    for (int i = 0; i < N; ++i) at(i) /= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator%=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) %= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator^=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) ^= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator|=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) |= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator&=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) &= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator<<=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) <<= o.at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type& operator>>=(const short_vector_type& o) noexcept requires detail::is_integer_scalar<T> {
    for (int i = 0; i < N; ++i) at(i) >>= o.at(i);
    return *this;
  }

  TESSERA_HD constexpr short_vector_type& operator++() noexcept {
    for (int i = 0; i < N; ++i) ++at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type operator++(int) noexcept {
    short_vector_type old = *this;
    ++*this;
    return old;
  }
  TESSERA_HD constexpr short_vector_type& operator--() noexcept {
    for (int i = 0; i < N; ++i) --at(i);
    return *this;
  }
  TESSERA_HD constexpr short_vector_type operator--(int) noexcept {
    short_vector_type old = *this;
    --*this;
    return old;
  }

  TESSERA_HD constexpr short_vector_type operator-() const noexcept requires detail::is_signed_scalar<T> {
    short_vector_type r;
    for (int i = 0; i < N; ++i) r.at(i) = -at(i);
    return r;
  }
  TESSERA_HD constexpr short_vector_type operator~() const noexcept requires detail::is_integer_scalar<T> {
    short_vector_type r;
    for (int i = 0; i < N; ++i) r.at(i) = ~at(i);
    return r;
  }

  // Free operators, found by argument-dependent lookup; as non-templates they let a scalar operand convert
  // through the one-value constructor.
  friend TESSERA_HD constexpr short_vector_type operator+(short_vector_type a, const short_vector_type& b) noexcept { return a += b; }
  friend TESSERA_HD constexpr short_vector_type operator-(short_vector_type a, const short_vector_type& b) noexcept { return a -= b; }
  friend TESSERA_HD constexpr short_vector_type operator*(short_vector_type a, const short_vector_type& b) noexcept { return a *= b; }
  friend TESSERA_HD constexpr short_vector_type operator/(short_vector_type a, const short_vector_type& b) noexcept { return a /= b; }
  friend TESSERA_HD constexpr short_vector_type operator%(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a %= b;
  }
  friend TESSERA_HD constexpr short_vector_type operator^(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a ^= b;
  }
  friend TESSERA_HD constexpr short_vector_type operator|(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a |= b;
  }
  friend TESSERA_HD constexpr short_vector_type operator&(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a &= b;
  }
  friend TESSERA_HD constexpr short_vector_type operator<<(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a <<= b;
  }
  friend TESSERA_HD constexpr short_vector_type operator>>(short_vector_type a, const short_vector_type& b) noexcept
    requires detail::is_integer_scalar<T>
  {
    return a >>= b;
  }
  friend TESSERA_HD constexpr bool operator==(const short_vector_type& a, const short_vector_type& b) noexcept {
    for (int i = 0; i < N; ++i)
      if (!(a.at(i) == b.at(i))) return false;
    return true;
  }
  friend TESSERA_HD constexpr bool operator!=(const short_vector_type& a, const short_vector_type& b) noexcept { return !(a == b); }

  // --- component access (SV-5) ------------------------------------------------------------------------
#define TESSERA_SV_ONE(S, i)                                                                                   \
  TESSERA_HD constexpr T TESSERA_SWIZZLE_NAME2(get, _, TESSERA_SWIZZLE_LETTER(S, i))() const noexcept requires(N > i) { return at(i); } \
  TESSERA_HD constexpr void TESSERA_SWIZZLE_NAME2(set, _, TESSERA_SWIZZLE_LETTER(S, i))(T v) noexcept requires(N > i) { at(i) = v; } \
  TESSERA_HD constexpr T& TESSERA_SWIZZLE_NAME2(ref, _, TESSERA_SWIZZLE_LETTER(S, i))() noexcept requires(N > i) { return at(i); }
  TESSERA_SV_ONE(xyzw, 0)
  TESSERA_SV_ONE(xyzw, 1)
  TESSERA_SV_ONE(xyzw, 2)
  TESSERA_SV_ONE(xyzw, 3)
  TESSERA_SV_ONE(rgba, 0)
  TESSERA_SV_ONE(rgba, 1)
  TESSERA_SV_ONE(rgba, 2)
  TESSERA_SV_ONE(rgba, 3)
#undef TESSERA_SV_ONE

#define TESSERA_SV_TWO_IN(S, i, j)                                                                             \
  TESSERA_HD constexpr short_vector_type<T, 2> TESSERA_SWIZZLE_NAME2(get_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j)) \
  () const noexcept requires(N > i && N > j) { return short_vector_type<T, 2>(at(i), at(j)); }                       \
  TESSERA_HD constexpr void TESSERA_SWIZZLE_NAME2(set_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j)) \
  (short_vector_type<T, 2> v) noexcept requires(N > i && N > j) {                                             \
    at(i) = v.x;                                                                                                     \
    at(j) = v.y;                                                                                                     \
  }
#define TESSERA_SV_TWO(i, j) TESSERA_SV_TWO_IN(xyzw, i, j) TESSERA_SV_TWO_IN(rgba, i, j)
  TESSERA_SWIZZLES_OF_2(TESSERA_SV_TWO)
#undef TESSERA_SV_TWO
#undef TESSERA_SV_TWO_IN

#define TESSERA_SV_THREE_IN(S, i, j, k)                                                                        \
  TESSERA_HD constexpr short_vector_type<T, 3> TESSERA_SWIZZLE_NAME3(get_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j), \
                                                                     TESSERA_SWIZZLE_LETTER(S, k))()                 \
      const noexcept requires(N > i && N > j && N > k) { return short_vector_type<T, 3>(at(i), at(j), at(k)); }       \
  TESSERA_HD constexpr void TESSERA_SWIZZLE_NAME3(set_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j), \
                                                  TESSERA_SWIZZLE_LETTER(S, k))(short_vector_type<T, 3> v) noexcept \
    requires(N > i && N > j && N > k) {                                                                              \
    at(i) = v.x;                                                                                                     \
    at(j) = v.y;                                                                                                     \
    at(k) = v.z;                                                                                                     \
  }
#define TESSERA_SV_THREE(i, j, k) TESSERA_SV_THREE_IN(xyzw, i, j, k) TESSERA_SV_THREE_IN(rgba, i, j, k)
  TESSERA_SWIZZLES_OF_3(TESSERA_SV_THREE)
#undef TESSERA_SV_THREE
#undef TESSERA_SV_THREE_IN

#define TESSERA_SV_FOUR_IN(S, i, j, k, l)                                                                      \
  TESSERA_HD constexpr short_vector_type<T, 4> TESSERA_SWIZZLE_NAME4(get_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j), \
                                                                     TESSERA_SWIZZLE_LETTER(S, k), TESSERA_SWIZZLE_LETTER(S, l))() \
      const noexcept requires(N == 4) { return short_vector_type<T, 4>(at(i), at(j), at(k), at(l)); }                \
  TESSERA_HD constexpr void TESSERA_SWIZZLE_NAME4(set_, TESSERA_SWIZZLE_LETTER(S, i), TESSERA_SWIZZLE_LETTER(S, j), \
                                                  TESSERA_SWIZZLE_LETTER(S, k), TESSERA_SWIZZLE_LETTER(S, l))(     \
      short_vector_type<T, 4> v) noexcept requires(N == 4) {                                                  \
    at(i) = v.x;                                                                                                     \
    at(j) = v.y;                                                                                                     \
    at(k) = v.z;                                                                                                     \
    at(l) = v.w;                                                                                                     \
  }
#define TESSERA_SV_FOUR(i, j, k, l) TESSERA_SV_FOUR_IN(xyzw, i, j, k, l) TESSERA_SV_FOUR_IN(rgba, i, j, k, l)
  TESSERA_SWIZZLES_OF_4(TESSERA_SV_FOUR)
#undef TESSERA_SV_FOUR
#undef TESSERA_SV_FOUR_IN

 private:
  // Component i (0 is x). With i a constant, as in every accessor, this folds to the member itself.
  TESSERA_HD constexpr T& at(int i) noexcept {
    if constexpr (N == 2) return i == 0 ? this->x : this->y;
    else if constexpr (N == 3) return i == 0 ? this->x : (i == 1 ? this->y : this->z);
    else return i == 0 ? this->x : (i == 1 ? this->y : (i == 2 ? this->z : this->w));
  }
  TESSERA_HD constexpr const T& at(int i) const noexcept { return const_cast<short_vector_type*>(this)->at(i); }
};

// The named types (§10.8).
using int_2 = short_vector_type<int, 2>;
using int_3 = short_vector_type<int, 3>;
using int_4 = short_vector_type<int, 4>;
using uint_2 = short_vector_type<unsigned int, 2>;
using uint_3 = short_vector_type<unsigned int, 3>;
using uint_4 = short_vector_type<unsigned int, 4>;
using float_2 = short_vector_type<float, 2>;
using float_3 = short_vector_type<float, 3>;
using float_4 = short_vector_type<float, 4>;
using double_2 = short_vector_type<double, 2>;
using double_3 = short_vector_type<double, 3>;
using double_4 = short_vector_type<double, 4>;
using norm_2 = short_vector_type<norm, 2>;
using norm_3 = short_vector_type<norm, 3>;
using norm_4 = short_vector_type<norm, 4>;
using unorm_2 = short_vector_type<unorm, 2>;
using unorm_3 = short_vector_type<unorm, 3>;
using unorm_4 = short_vector_type<unorm, 4>;

// short_vector<T, N>::type: the type of N components of T; N = 1 is T itself (SV-3, §10.9).
template <class T, int N>
struct short_vector {
  static_assert(detail::is_short_vector_scalar<T> && N >= 1 && N <= 4,
                "short_vector<T, N>: T is int, unsigned int, float, double, norm or unorm, and N is 1 to 4 (SV-3)");
};
template <class T, int N>
  requires(detail::is_short_vector_scalar<T> && N == 1)
struct short_vector<T, N> {
  using type = T;
};
template <class T, int N>
  requires(detail::is_short_vector_scalar<T> && N >= 2 && N <= 4)
struct short_vector<T, N> {
  using type = short_vector_type<T, N>;
};

// short_vector_traits<V>: V's component type and count; a scalar is a vector of one (SV-3, §10.10).
template <class V>
struct short_vector_traits {
  static_assert(detail::is_short_vector_scalar<V>,
                "short_vector_traits<V>: V is a short vector type or one of int, unsigned int, float, double, norm, unorm (SV-3)");
  using value_type = V;
  static constexpr int size = 1;
};
template <class T, int N>
struct short_vector_traits<short_vector_type<T, N>> {
  using value_type = T;
  static constexpr int size = N;
};

// The HLSL-style spellings: graphics::direct3d::float4 is float_4 (SV-1).
namespace direct3d {
using uint = graphics::uint;
using int2 = int_2;
using int3 = int_3;
using int4 = int_4;
using uint2 = uint_2;
using uint3 = uint_3;
using uint4 = uint_4;
using float2 = float_2;
using float3 = float_3;
using float4 = float_4;
using double2 = double_2;
using double3 = double_3;
using double4 = double_4;
using norm2 = norm_2;
using norm3 = norm_3;
using norm4 = norm_4;
using unorm2 = unorm_2;
using unorm3 = unorm_3;
using unorm4 = unorm_4;
}  // namespace direct3d

}  // namespace tessera::graphics
