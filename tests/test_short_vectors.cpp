// Short vector types, norm and unorm (SV-1..SV-5): construction, clamping, operators by component type,
// component access and swizzles, the short_vector templates, and their use in emulator kernels.
// tests/every_backend/short_vectors_on_every_backend.cpp runs kernels using them on every backend.
#include <tessera/amp.hpp>
#include <tessera/compat/amp_short_vectors.h>
#include <tessera/compat/amp_short_vectors.h>  // twice: the shim is idempotent
#include <tessera/short_vectors.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using namespace tessera::graphics;
using tessera::index;

// What an expression compiles to, for the "exists only for" rules.
template <class V>
concept has_bitwise = requires(V a) {
  a & a;
  a | a;
  a ^ a;
  a << a;
  a >> a;
  ~a;
  a %= a;
};
template <class V>
concept has_modulo = requires(V a) { a % a; };
template <class V>
concept has_negation = requires(V a) { -a; };
template <class V>
concept has_get_z = requires(V a) { a.get_z(); };
template <class V>
concept has_get_xz = requires(V a) { a.get_xz(); };
template <class V>
concept has_get_wx = requires(V a) { a.get_wx(); };
template <class V>
concept has_get_xyzw = requires(V a) { a.get_xyzw(); };

// SV-1: every component starts at 0; one value fills every component.
TEST(ShortVectors, DefaultConstructorZeroesEveryComponent) {
  const int_4 i;
  EXPECT_TRUE(i.x == 0 && i.y == 0 && i.z == 0 && i.w == 0);
  const double_3 d;
  EXPECT_TRUE(d.x == 0.0 && d.y == 0.0 && d.z == 0.0);
  const unorm_2 u;
  EXPECT_EQ(static_cast<float>(u.x), 0.0f);
  EXPECT_EQ(static_cast<float>(u.y), 0.0f);
  constexpr float_2 c;  // constexpr: usable in tile_static memory under nvcc
  static_assert(c.x == 0.0f && c.y == 0.0f);
}

TEST(ShortVectors, OneValueFillsEveryComponentAndConvertsImplicitly) {
  const uint_3 u(7u);
  EXPECT_EQ(u, uint_3(7u, 7u, 7u));
  const float_4 f = 2.5f;  // implicit, as in C++ AMP
  EXPECT_EQ(f, float_4(2.5f, 2.5f, 2.5f, 2.5f));
  static_assert(std::is_convertible_v<float, float_4> && std::is_convertible_v<int, int_2>);
  // norm_N and unorm_N: from norm/unorm implicitly, from a float only explicitly (it clamps).
  static_assert(std::is_convertible_v<norm, norm_2> && !std::is_convertible_v<float, norm_2>);
  static_assert(std::is_constructible_v<norm_2, float> && !std::is_convertible_v<float, unorm_4>);
  EXPECT_EQ(norm_3(-4.0f), norm_3(norm(-1.0f)));
}

// SV-1: conversions between vectors of one length are explicit and go component by component.
TEST(ShortVectors, ConversionsBetweenTypesAreExplicitAndComponentWise) {
  static_assert(!std::is_convertible_v<int_2, float_2> && std::is_constructible_v<float_2, int_2>);
  static_assert(!std::is_constructible_v<float_3, int_2>);  // lengths must match
  EXPECT_EQ(float_2(int_2(3, -4)), float_2(3.0f, -4.0f));
  EXPECT_EQ(int_3(float_3(1.75f, -2.5f, 9.0f)), int_3(1, -2, 9));  // truncates, as static_cast does
  EXPECT_EQ(double_4(uint_4(1u, 2u, 3u, 4u)), double_4(1.0, 2.0, 3.0, 4.0));
  EXPECT_EQ(unorm_2(float_2(-0.5f, 2.0f)), unorm_2(0.0f, 1.0f));  // into unorm: clamped
  EXPECT_EQ(norm_2(unorm_2(0.25f, 0.75f)), norm_2(0.25f, 0.75f));
  EXPECT_EQ(unorm_2(norm_2(-0.5f, 0.5f)), unorm_2(0.0f, 0.5f));
  EXPECT_EQ(float_2(norm_2(-0.5f, 0.5f)), float_2(-0.5f, 0.5f));
}

// SV-2: norm stays in [-1, 1] and unorm in [0, 1] through every operation.
TEST(ShortVectors, NormAndUnormClampToTheirRange) {
  EXPECT_EQ(static_cast<float>(unorm(1.5f)), 1.0f);
  EXPECT_EQ(static_cast<float>(unorm(-0.25f)), 0.0f);
  EXPECT_EQ(static_cast<float>(norm(-7)), -1.0f);
  EXPECT_EQ(static_cast<float>(norm(0.5)), 0.5f);
  EXPECT_EQ(static_cast<float>(norm(3u)), 1.0f);
  unorm u(0.75f);
  u += unorm(0.5f);
  EXPECT_EQ(static_cast<float>(u), 1.0f);
  u -= unorm(1.0f);
  u -= unorm(1.0f);
  EXPECT_EQ(static_cast<float>(u), 0.0f);
  norm n(0.5f);
  ++n;
  EXPECT_EQ(static_cast<float>(n), 1.0f);
  n--;
  n--;
  EXPECT_EQ(static_cast<float>(n), -1.0f);
  EXPECT_EQ(static_cast<float>(-norm(0.25f)), -0.25f);
  EXPECT_EQ(static_cast<float>(norm(0.75f) + norm(0.75f)), 1.0f);
  EXPECT_EQ(static_cast<float>(unorm(0.25f) - unorm(0.75f)), 0.0f);
  EXPECT_EQ(static_cast<float>(norm(0.5f) * norm(-0.5f)), -0.25f);
  EXPECT_EQ(static_cast<float>(unorm(0.5f) / unorm(0.25f)), 1.0f);
  EXPECT_TRUE(norm(0.25f) < norm(0.5f) && unorm(1.0f) >= unorm(0.5f) && norm(-1.0f) == norm(-2.0f));
  EXPECT_EQ(static_cast<float>(norm(unorm(0.5f))), 0.5f);
  EXPECT_EQ(static_cast<float>(unorm(norm(-0.5f))), 0.0f);
  static_assert(std::is_convertible_v<unorm, norm> && !std::is_convertible_v<norm, unorm>);
  static_assert(!std::is_convertible_v<float, norm> && std::is_convertible_v<norm, float>);
  // norm has its own minus; a unorm has none, so -u is the minus of its float value.
  static_assert(std::is_same_v<decltype(-norm(0.5f)), norm> && std::is_same_v<decltype(-unorm(0.5f)), float>);
}

TEST(ShortVectors, NormVectorsClampEachComponent) {
  EXPECT_EQ(norm_4(2.0f, -2.0f, 0.5f, -0.5f), norm_4(1.0f, -1.0f, 0.5f, -0.5f));
  unorm_3 u(0.5f, 0.9f, 0.0f);
  ++u;
  EXPECT_EQ(u, unorm_3(1.0f, 1.0f, 1.0f));
  EXPECT_EQ(unorm_2(0.5f, 0.25f) - unorm_2(0.75f, 0.0f), unorm_2(0.0f, 0.25f));
  EXPECT_EQ(-norm_2(0.5f, -1.0f), norm_2(-0.5f, 1.0f));
  EXPECT_EQ(norm_2(0.5f, 0.5f) * norm(-2.0f), norm_2(-0.5f, -0.5f));  // the norm converts to norm_2
}

// SV-4: + - * / and their compound forms, ++ and --, per component, with a scalar on either side.
TEST(ShortVectors, ArithmeticIsComponentWiseWithScalarsOnEitherSide) {
  const float_3 a(1.0f, 2.0f, 3.0f), b(4.0f, 5.0f, 6.0f);
  EXPECT_EQ(a + b, float_3(5.0f, 7.0f, 9.0f));
  EXPECT_EQ(b - a, float_3(3.0f, 3.0f, 3.0f));
  EXPECT_EQ(a * b, float_3(4.0f, 10.0f, 18.0f));
  EXPECT_EQ(b / a, float_3(4.0f, 2.5f, 2.0f));
  EXPECT_EQ(a * 2.0f, float_3(2.0f, 4.0f, 6.0f));
  EXPECT_EQ(12.0f / b, float_3(3.0f, 2.4f, 2.0f));
  int_2 i(5, -7);
  i += 1;
  EXPECT_EQ(i, int_2(6, -6));
  i *= int_2(2, 3);
  EXPECT_EQ(i, int_2(12, -18));
  i /= 4;
  EXPECT_EQ(i, int_2(3, -4));
  EXPECT_EQ(i++, int_2(3, -4));
  EXPECT_EQ(i, int_2(4, -3));
  EXPECT_EQ(--i, int_2(3, -4));
  double_2 d(0.5, 1.5);
  d -= 0.25;
  EXPECT_EQ(d, double_2(0.25, 1.25));
  EXPECT_EQ(-d, double_2(-0.25, -1.25));
}

// SV-4: % ^ | & << >> ~ and their compound forms on int and uint only.
TEST(ShortVectors, IntegerOperatorsExistOnlyForIntAndUint) {
  static_assert(has_bitwise<int_2> && has_bitwise<int_3> && has_bitwise<uint_4>);
  static_assert(!has_bitwise<float_2> && !has_bitwise<double_3> && !has_bitwise<norm_4> && !has_bitwise<unorm_2>);
  static_assert(has_modulo<uint_3> && !has_modulo<float_4>);
  EXPECT_EQ(int_3(7, -7, 9) % int_3(3, 3, 4), int_3(1, -1, 1));
  EXPECT_EQ(uint_2(0b1100u, 0b1010u) & uint_2(0b1010u), uint_2(0b1000u, 0b1010u));
  EXPECT_EQ(uint_2(0b1100u, 0b1010u) | uint_2(0b0011u), uint_2(0b1111u, 0b1011u));
  EXPECT_EQ(int_2(6, 3) ^ int_2(5), int_2(3, 6));
  EXPECT_EQ(int_4(1) << int_4(0, 1, 2, 3), int_4(1, 2, 4, 8));
  EXPECT_EQ(uint_2(256u, 7u) >> uint_2(4u, 1u), uint_2(16u, 3u));
  EXPECT_EQ(~int_2(0, -1), int_2(-1, 0));
  EXPECT_EQ(~uint_2(0u), uint_2(0xFFFFFFFFu));
  uint_3 u(1u, 2u, 3u);
  u <<= uint_3(2u);
  u |= uint_3(1u);
  EXPECT_EQ(u, uint_3(5u, 9u, 13u));
}

// SV-4: unary minus on int, float, double and norm; not on uint or unorm.
TEST(ShortVectors, NegationExistsOnlyForSignedComponentTypes) {
  static_assert(has_negation<int_2> && has_negation<float_3> && has_negation<double_4> && has_negation<norm_2>);
  static_assert(!has_negation<uint_2> && !has_negation<unorm_4>);
  EXPECT_EQ(-int_3(1, -2, 0), int_3(-1, 2, 0));
}

// SV-4: == and != compare every component.
TEST(ShortVectors, EqualityHoldsWhenEveryComponentIsEqual) {
  EXPECT_TRUE(int_4(1, 2, 3, 4) == int_4(1, 2, 3, 4));
  EXPECT_TRUE(int_4(1, 2, 3, 4) != int_4(1, 2, 3, 5));
  EXPECT_FALSE(float_2(1.0f, 2.0f) == float_2(1.0f, 2.5f));
  EXPECT_TRUE(int_2(3, 3) == 3);
  EXPECT_TRUE(3 == int_2(3, 3));
}

// SV-1, SV-5: x, y, z, w are data members; get_/set_/ref_ in both spellings.
TEST(ShortVectors, ComponentAccessorsReadWriteAndReferTheComponents) {
  float_4 v(1.0f, 2.0f, 3.0f, 4.0f);
  EXPECT_EQ(v.get_x(), 1.0f);
  EXPECT_EQ(v.get_g(), 2.0f);
  EXPECT_EQ(v.get_b(), 3.0f);
  EXPECT_EQ(v.get_w(), 4.0f);
  v.set_y(20.0f);
  v.set_a(40.0f);
  v.ref_r() += 10.0f;
  v.ref_z() *= 2.0f;
  v.w += 1.0f;
  EXPECT_EQ(v, float_4(11.0f, 20.0f, 6.0f, 41.0f));
  float* z = &v.z;
  *z = 0.5f;
  EXPECT_EQ(v.get_b(), 0.5f);
  static_assert(std::is_same_v<decltype(v.ref_g()), float&> && std::is_same_v<decltype(v.get_x()), float>);
  static_assert(has_get_z<int_3> && !has_get_z<int_2>);
}

// SV-5: swizzles of 2, 3 and 4 distinct components, in the order named, read and written.
TEST(ShortVectors, SwizzlesReadAndWriteComponentsInTheOrderNamed) {
  int_4 v(1, 2, 3, 4);
  EXPECT_EQ(v.get_yx(), int_2(2, 1));
  EXPECT_EQ(v.get_wz(), int_2(4, 3));
  EXPECT_EQ(v.get_zxw(), int_3(3, 1, 4));
  EXPECT_EQ(v.get_wzyx(), int_4(4, 3, 2, 1));
  EXPECT_EQ(v.get_bgr(), int_3(3, 2, 1));
  EXPECT_EQ(v.get_argb(), int_4(4, 1, 2, 3));
  v.set_zx(int_2(30, 10));
  EXPECT_EQ(v, int_4(10, 2, 30, 4));
  v.set_wzyx(v);  // the value is read whole before any component is written
  EXPECT_EQ(v, int_4(4, 30, 2, 10));
  v.set_gba(int_3(7, 8, 9));
  EXPECT_EQ(v, int_4(4, 7, 8, 9));
  float_3 f(1.0f, 2.0f, 3.0f);
  f.set_zyx(f.get_xyz() * 2.0f);
  EXPECT_EQ(f, float_3(6.0f, 4.0f, 2.0f));
  EXPECT_EQ(f.get_xz(), float_2(6.0f, 2.0f));
  // Only the components a vector has.
  static_assert(has_get_xz<int_3> && !has_get_xz<int_2>);
  static_assert(has_get_wx<uint_4> && !has_get_wx<uint_3>);
  static_assert(has_get_xyzw<double_4> && !has_get_xyzw<double_3>);
}

// SV-3: short_vector<T, N>::type and short_vector_traits<V> map to the named types.
TEST(ShortVectors, ShortVectorAndItsTraitsMapToTheNamedTypes) {
  static_assert(std::is_same_v<short_vector<int, 1>::type, int> && std::is_same_v<short_vector<int, 2>::type, int_2>);
  static_assert(std::is_same_v<short_vector<unsigned int, 3>::type, uint_3>);
  static_assert(std::is_same_v<short_vector<float, 4>::type, float_4> && std::is_same_v<short_vector<double, 2>::type, double_2>);
  static_assert(std::is_same_v<short_vector<norm, 3>::type, norm_3> && std::is_same_v<short_vector<unorm, 1>::type, unorm>);
  static_assert(std::is_same_v<short_vector_traits<float_3>::value_type, float> && short_vector_traits<float_3>::size == 3);
  static_assert(std::is_same_v<short_vector_traits<unorm_4>::value_type, unorm> && short_vector_traits<unorm_4>::size == 4);
  static_assert(std::is_same_v<short_vector_traits<double>::value_type, double> && short_vector_traits<double>::size == 1);
  static_assert(std::is_same_v<int_2::value_type, int> && int_2::size == 2 && norm_4::size == 4);
  static_assert(std::is_same_v<graphics::uint, unsigned int> && std::is_same_v<uint_2::value_type, graphics::uint>);
  SUCCEED();
}

// SV-1: the HLSL-style spellings live in graphics::direct3d; the compat shim puts graphics where C++ AMP
// code looks for it.
TEST(ShortVectors, Direct3dSpellingsAndTheCompatShimNameTheSameTypes) {
  static_assert(std::is_same_v<direct3d::int2, int_2> && std::is_same_v<direct3d::uint3, uint_3>);
  static_assert(std::is_same_v<direct3d::float4, float_4> && std::is_same_v<direct3d::double2, double_2>);
  static_assert(std::is_same_v<direct3d::norm3, norm_3> && std::is_same_v<direct3d::unorm4, unorm_4>);
  static_assert(std::is_same_v<concurrency::graphics::float_4, float_4>);
  static_assert(std::is_same_v<concurrency::graphics::direct3d::int3, int_3>);
  EXPECT_EQ(static_cast<float>(NORM_MIN), -1.0f);
  EXPECT_EQ(static_cast<float>(UNORM_MAX), 1.0f);
  EXPECT_EQ(static_cast<float>(NORM_ZERO), 0.0f);
}

// GEN-4: amp-compatible layouts: packed components, copied bit for bit into kernels and mirrors.
TEST(ShortVectors, TypesArePackedAndTriviallyCopyable) {
  static_assert(sizeof(int_3) == 12 && sizeof(uint_4) == 16 && sizeof(float_2) == 8 && sizeof(double_3) == 24);
  static_assert(sizeof(norm_4) == 16 && sizeof(unorm_3) == 12);
  static_assert(std::is_trivially_copyable_v<float_4> && std::is_trivially_copyable_v<norm_2> &&
                std::is_trivially_copyable_v<unorm>);
  static_assert(std::is_standard_layout_v<double_4> && std::is_standard_layout_v<unorm_3>);
  SUCCEED();
}

// SV-1: short vectors as view elements and in tile_static memory of an emulator kernel.
TEST(ShortVectors, WorkAsViewElementsAndInTileStaticMemory) {
  std::vector<float_4> in(64), out(64);
  for (int k = 0; k < 64; ++k) in[k] = float_4(float(k), float(2 * k), float(-k), 1.0f);
  array_view<const float_4, 1> a(64, in);
  array_view<float_4, 1> b(64, out);
  parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static float_4 s[16];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    float_4 mine = s[15 - t.local[0]];
    mine.set_xy(mine.get_yx());
    b[t] = mine * 2.0f + float_4(0.0f, 0.0f, 0.0f, 1.0f);
  });
  b.synchronize();
  for (int k = 0; k < 64; ++k) {
    const int m = (k / 16) * 16 + 15 - k % 16;
    EXPECT_EQ(out[k], float_4(4.0f * m, 2.0f * m, -2.0f * m, 3.0f)) << k;
  }
}

}  // namespace
