// concurrency::precise_math (C++ AMP §9.2, MATH-1, MATH-3, MATH-4): float and double functions within
// the ulp bounds of the spec's table (tessera/math/accuracy.hpp holds them; docs/math.md lists them).
//
// How each backend meets the bounds:
//   - CUDA (nvcc's device pass): the double functions are CUDA's double library; the float functions of
//     the transcendental kind are computed in double and rounded (precise_math needs double support even
//     for its float versions, MATH-4), so they are within 1 ulp. Functions whose result is exact (ceil,
//     fma, fmod, frexp, ...) use the float library, since a detour through double would round twice.
//   - the emulator (host): float results are computed in double with the C library, double results in
//     long double, then rounded; functions the C library lacks come from math/detail/host_math.hpp.
// Every function is callable from kernel code (`restrict_amp`) and from host code.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/math/classify.hpp>

#include <cmath>
#if !TESSERA_DEVICE_PASS
#include <tessera/math/detail/host_math.hpp>
#endif

// A function of one argument computed in a wider type: float<-double, double<-long double on the host.
#if TESSERA_DEVICE_PASS
#define TESSERA_PRECISE_WIDE1(name, host)                                                          \
  TESSERA_HD inline float name##f(float x) { return static_cast<float>(::name(static_cast<double>(x))); } \
  TESSERA_HD inline double name(double x) { return ::name(x); }
#define TESSERA_PRECISE_WIDE2(name, host)                                                                    \
  TESSERA_HD inline float name##f(float x, float y) {                                                        \
    return static_cast<float>(::name(static_cast<double>(x), static_cast<double>(y)));                      \
  }                                                                                                          \
  TESSERA_HD inline double name(double x, double y) { return ::name(x, y); }
#else
#define TESSERA_PRECISE_WIDE1(name, host)                                                          \
  inline float name##f(float x) { return static_cast<float>(host(static_cast<double>(x))); }      \
  inline double name(double x) { return static_cast<double>(host(static_cast<long double>(x))); }
#define TESSERA_PRECISE_WIDE2(name, host)                                                                       \
  inline float name##f(float x, float y) { return static_cast<float>(host(static_cast<double>(x), static_cast<double>(y))); } \
  inline double name(double x, double y) {                                                                      \
    return static_cast<double>(host(static_cast<long double>(x), static_cast<long double>(y)));                \
  }
#endif

// A function whose result is exact (or a classification): the type's own function on every backend.
#if TESSERA_DEVICE_PASS
#define TESSERA_PRECISE_EXACT1(name)                                 \
  TESSERA_HD inline float name##f(float x) { return ::name##f(x); } \
  TESSERA_HD inline double name(double x) { return ::name(x); }
#define TESSERA_PRECISE_EXACT2(name)                                                   \
  TESSERA_HD inline float name##f(float x, float y) { return ::name##f(x, y); }       \
  TESSERA_HD inline double name(double x, double y) { return ::name(x, y); }
#else
#define TESSERA_PRECISE_EXACT1(name)                               \
  inline float name##f(float x) { return std::name(x); }          \
  inline double name(double x) { return std::name(x); }
#define TESSERA_PRECISE_EXACT2(name)                                         \
  inline float name##f(float x, float y) { return std::name(x, y); }        \
  inline double name(double x, double y) { return std::name(x, y); }
#endif

namespace tessera::precise_math {

#define TESSERA_PRECISE_STD1(name) TESSERA_PRECISE_WIDE1(name, std::name) TESSERA_MATH_FLOAT_ALIAS1(name)
#define TESSERA_PRECISE_OWN1(name) TESSERA_PRECISE_WIDE1(name, ::tessera::math_detail::name) TESSERA_MATH_FLOAT_ALIAS1(name)
TESSERA_PRECISE_STD1(acos) TESSERA_PRECISE_STD1(acosh) TESSERA_PRECISE_STD1(asin) TESSERA_PRECISE_STD1(asinh)
TESSERA_PRECISE_STD1(atan) TESSERA_PRECISE_STD1(atanh) TESSERA_PRECISE_STD1(cbrt) TESSERA_PRECISE_STD1(cos)
TESSERA_PRECISE_STD1(cosh) TESSERA_PRECISE_STD1(erf) TESSERA_PRECISE_STD1(erfc) TESSERA_PRECISE_STD1(exp)
TESSERA_PRECISE_STD1(exp2) TESSERA_PRECISE_STD1(expm1) TESSERA_PRECISE_STD1(log) TESSERA_PRECISE_STD1(log10)
TESSERA_PRECISE_STD1(log1p) TESSERA_PRECISE_STD1(log2) TESSERA_PRECISE_STD1(sin) TESSERA_PRECISE_STD1(sinh)
TESSERA_PRECISE_STD1(tan) TESSERA_PRECISE_STD1(tanh) TESSERA_PRECISE_STD1(tgamma)
TESSERA_PRECISE_OWN1(cospi) TESSERA_PRECISE_OWN1(sinpi) TESSERA_PRECISE_OWN1(erfinv) TESSERA_PRECISE_OWN1(erfcinv)
TESSERA_PRECISE_OWN1(exp10) TESSERA_PRECISE_OWN1(rcbrt) TESSERA_PRECISE_OWN1(rsqrt)
TESSERA_PRECISE_WIDE1(lgamma, ::tessera::math_detail::lgamma_r) TESSERA_MATH_FLOAT_ALIAS1(lgamma)
TESSERA_PRECISE_WIDE2(atan2, std::atan2) TESSERA_MATH_FLOAT_ALIAS2(atan2)
TESSERA_PRECISE_WIDE2(hypot, std::hypot) TESSERA_MATH_FLOAT_ALIAS2(hypot)
TESSERA_PRECISE_WIDE2(pow, std::pow) TESSERA_MATH_FLOAT_ALIAS2(pow)
#undef TESSERA_PRECISE_STD1
#undef TESSERA_PRECISE_OWN1

#define TESSERA_PRECISE_EXACT1_BOTH(name) TESSERA_PRECISE_EXACT1(name) TESSERA_MATH_FLOAT_ALIAS1(name)
#define TESSERA_PRECISE_EXACT2_BOTH(name) TESSERA_PRECISE_EXACT2(name) TESSERA_MATH_FLOAT_ALIAS2(name)
TESSERA_PRECISE_EXACT1_BOTH(ceil) TESSERA_PRECISE_EXACT1_BOTH(floor) TESSERA_PRECISE_EXACT1_BOTH(round)
TESSERA_PRECISE_EXACT1_BOTH(trunc) TESSERA_PRECISE_EXACT1_BOTH(nearbyint) TESSERA_PRECISE_EXACT1_BOTH(logb)
TESSERA_PRECISE_EXACT1_BOTH(fabs) TESSERA_PRECISE_EXACT1_BOTH(sqrt)
TESSERA_PRECISE_EXACT2_BOTH(fmod) TESSERA_PRECISE_EXACT2_BOTH(remainder) TESSERA_PRECISE_EXACT2_BOTH(fdim)
TESSERA_PRECISE_EXACT2_BOTH(fmax) TESSERA_PRECISE_EXACT2_BOTH(fmin) TESSERA_PRECISE_EXACT2_BOTH(copysign)
TESSERA_PRECISE_EXACT2_BOTH(nextafter)
#undef TESSERA_PRECISE_EXACT1_BOTH
#undef TESSERA_PRECISE_EXACT2_BOTH

// tan(pi x): CUDA has no tanpi; sinpi / cospi in double is within the double bound there.
#if TESSERA_DEVICE_PASS
TESSERA_HD inline double tanpi(double x) { return ::sinpi(x) / ::cospi(x); }
TESSERA_HD inline float tanpif(float x) { return static_cast<float>(::sinpi(static_cast<double>(x)) / ::cospi(static_cast<double>(x))); }
#else
inline double tanpi(double x) { return static_cast<double>(math_detail::tanpi(static_cast<long double>(x))); }
inline float tanpif(float x) { return static_cast<float>(math_detail::tanpi(static_cast<double>(x))); }
#endif
TESSERA_MATH_FLOAT_ALIAS1(tanpi)

#if TESSERA_DEVICE_PASS
TESSERA_HD inline float fmaf(float x, float y, float z) { return ::fmaf(x, y, z); }
TESSERA_HD inline double fma(double x, double y, double z) { return ::fma(x, y, z); }
TESSERA_HD inline float frexpf(float x, int* e) { return ::frexpf(x, e); }
TESSERA_HD inline double frexp(double x, int* e) { return ::frexp(x, e); }
TESSERA_HD inline float ldexpf(float x, int e) { return ::ldexpf(x, e); }
TESSERA_HD inline double ldexp(double x, int e) { return ::ldexp(x, e); }
TESSERA_HD inline float scalbnf(float x, int e) { return ::scalbnf(x, e); }
TESSERA_HD inline double scalbn(double x, int e) { return ::scalbn(x, e); }
TESSERA_HD inline float modff(float x, float* ip) { return ::modff(x, ip); }
TESSERA_HD inline double modf(double x, double* ip) { return ::modf(x, ip); }
TESSERA_HD inline float remquof(float x, float y, int* q) { return ::remquof(x, y, q); }
TESSERA_HD inline double remquo(double x, double y, int* q) { return ::remquo(x, y, q); }
TESSERA_HD inline int ilogbf(float x) { return ::ilogbf(x); }
TESSERA_HD inline int ilogb(double x) { return ::ilogb(x); }
#else
inline float fmaf(float x, float y, float z) { return std::fma(x, y, z); }
inline double fma(double x, double y, double z) { return std::fma(x, y, z); }
inline float frexpf(float x, int* e) { return std::frexp(x, e); }
inline double frexp(double x, int* e) { return std::frexp(x, e); }
inline float ldexpf(float x, int e) { return std::ldexp(x, e); }
inline double ldexp(double x, int e) { return std::ldexp(x, e); }
inline float scalbnf(float x, int e) { return std::scalbn(x, e); }
inline double scalbn(double x, int e) { return std::scalbn(x, e); }
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline double modf(double x, double* ip) { return std::modf(x, ip); }
inline float remquof(float x, float y, int* q) { return std::remquo(x, y, q); }
inline double remquo(double x, double y, int* q) { return std::remquo(x, y, q); }
inline int ilogbf(float x) { return std::ilogb(x); }
inline int ilogb(double x) { return std::ilogb(x); }
#endif
TESSERA_HD inline float fma(float x, float y, float z) { return fmaf(x, y, z); }
TESSERA_HD inline float frexp(float x, int* e) { return frexpf(x, e); }
TESSERA_HD inline float ldexp(float x, int e) { return ldexpf(x, e); }
TESSERA_HD inline float scalbn(float x, int e) { return scalbnf(x, e); }
TESSERA_HD inline float modf(float x, float* ip) { return modff(x, ip); }
TESSERA_HD inline float remquo(float x, float y, int* q) { return remquof(x, y, q); }
TESSERA_HD inline int ilogb(float x) { return ilogbf(x); }

// scalb(x, e): x * 2^e for a floating exponent; NaN when e is not an integer (as C's scalb).
template <class T>
TESSERA_HD inline T scalb_of(T x, T e) {
  if (!math_detail::isfinite(e)) return e > T(0) ? x * e : (x == T(0) ? x : x / -e);
  if (trunc(e) != e) return math_detail::quiet_nan<T>();
  const T limit = T(1 << 16);  // beyond any exponent range: the result is 0 or infinity either way
  return scalbn(x, static_cast<int>(e > limit ? limit : (e < -limit ? -limit : e)));
}
TESSERA_HD inline float scalbf(float x, float e) { return scalb_of(x, e); }
TESSERA_HD inline float scalb(float x, float e) { return scalb_of(x, e); }
TESSERA_HD inline double scalb(double x, double e) { return scalb_of(x, e); }

TESSERA_HD inline void sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
TESSERA_HD inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }
TESSERA_HD inline void sincos(double x, double* s, double* c) { *s = sin(x); *c = cos(x); }

TESSERA_HD inline float nanf(int) { return math_detail::quiet_nan<float>(); }
TESSERA_HD inline double nan(int) { return math_detail::quiet_nan<double>(); }

// Classification: int results, for float and double.
TESSERA_MATH_CLASSIFY(fpclassify) TESSERA_MATH_CLASSIFY(isfinite) TESSERA_MATH_CLASSIFY(isinf)
TESSERA_MATH_CLASSIFY(isnan) TESSERA_MATH_CLASSIFY(isnormal) TESSERA_MATH_CLASSIFY(signbit)

}  // namespace tessera::precise_math
