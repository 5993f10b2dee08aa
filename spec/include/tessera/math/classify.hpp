// Classification of floats by their bits (isnan, isinf, isfinite, isnormal, signbit, fpclassify), the
// same code on the host and in nvcc's device pass, where the C library's macros are not guaranteed to be
// callable. Both fast_math and precise_math return these as int, as C++ AMP does.
#pragma once

#include <tessera/detail/config.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tessera::math_detail {

template <class T>
struct float_bits;
template <>
struct float_bits<float> {
  using word = std::uint32_t;
  static constexpr word sign = 0x80000000u, exponent = 0x7f800000u, mantissa = 0x007fffffu;
};
template <>
struct float_bits<double> {
  using word = std::uint64_t;
  static constexpr word sign = 0x8000000000000000ull, exponent = 0x7ff0000000000000ull, mantissa = 0x000fffffffffffffull;
};

template <class T>
TESSERA_HD inline typename float_bits<T>::word bits_of(T x) {
  typename float_bits<T>::word w;
  std::memcpy(&w, &x, sizeof w);
  return w;
}

template <class T>
TESSERA_HD inline int fpclassify(T x) {
  using B = float_bits<T>;
  const auto w = bits_of(x);
  const auto e = w & B::exponent, m = w & B::mantissa;
  if (e == B::exponent) return m ? FP_NAN : FP_INFINITE;
  if (e == 0) return m ? FP_SUBNORMAL : FP_ZERO;
  return FP_NORMAL;
}
template <class T>
TESSERA_HD inline int isnan(T x) { return fpclassify(x) == FP_NAN; }
template <class T>
TESSERA_HD inline int isinf(T x) { return fpclassify(x) == FP_INFINITE; }
template <class T>
TESSERA_HD inline int isfinite(T x) { return (bits_of(x) & float_bits<T>::exponent) != float_bits<T>::exponent; }
template <class T>
TESSERA_HD inline int isnormal(T x) { return fpclassify(x) == FP_NORMAL; }
template <class T>
TESSERA_HD inline int signbit(T x) { return (bits_of(x) & float_bits<T>::sign) != 0; }
// A quiet NaN (the payload argument of nan(tagp) is ignored, as C++ AMP allows).
template <class T>
TESSERA_HD inline T quiet_nan() {
  const typename float_bits<T>::word w = float_bits<T>::exponent | ((float_bits<T>::mantissa >> 1) + 1);
  T x;
  std::memcpy(&x, &w, sizeof x);
  return x;
}

}  // namespace tessera::math_detail

// Declaration helpers shared by fast_math and precise_math.
// The overloaded float name beside each ...f name (C++ AMP offers both).
#define TESSERA_MATH_FLOAT_ALIAS1(name) \
  TESSERA_HD inline float name(float x) { return name##f(x); }
#define TESSERA_MATH_FLOAT_ALIAS2(name) \
  TESSERA_HD inline float name(float x, float y) { return name##f(x, y); }
// A classification function for float and double (C++ AMP returns int).
#define TESSERA_MATH_CLASSIFY(name)                                     \
  TESSERA_HD inline int name(float x) { return ::tessera::math_detail::name(x); } \
  TESSERA_HD inline int name(double x) { return ::tessera::math_detail::name(x); }
