// concurrency::fast_math (C++ AMP §9.1, MATH-1, MATH-2): float functions only, favouring speed; their
// precision is implementation-defined (tessera/math/accuracy.hpp and docs/math.md give Tessera's bounds).
//
// Each is the float function of the backend's library: CUDA's single-precision library in nvcc's device
// pass, the C library's float functions on the emulator. CUDA's hardware approximations (__sinf, __expf)
// are not used: their error is absolute, unbounded in ulps near the zeros, so no ulp bound could be kept;
// a program that wants them compiles its CUDA code with nvcc's -use_fast_math.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/math/classify.hpp>

#include <cmath>

#if TESSERA_DEVICE_PASS
#define TESSERA_FAST1(name) TESSERA_HD inline float name##f(float x) { return ::name##f(x); }
#define TESSERA_FAST2(name) TESSERA_HD inline float name##f(float x, float y) { return ::name##f(x, y); }
#else
#define TESSERA_FAST1(name) inline float name##f(float x) { return std::name(x); }
#define TESSERA_FAST2(name) inline float name##f(float x, float y) { return std::name(x, y); }
#endif

namespace tessera::fast_math {

#define TESSERA_FAST1_BOTH(name) TESSERA_FAST1(name) TESSERA_MATH_FLOAT_ALIAS1(name)
#define TESSERA_FAST2_BOTH(name) TESSERA_FAST2(name) TESSERA_MATH_FLOAT_ALIAS2(name)
TESSERA_FAST1_BOTH(acos) TESSERA_FAST1_BOTH(asin) TESSERA_FAST1_BOTH(atan) TESSERA_FAST1_BOTH(cos)
TESSERA_FAST1_BOTH(cosh) TESSERA_FAST1_BOTH(sin) TESSERA_FAST1_BOTH(sinh) TESSERA_FAST1_BOTH(tan)
TESSERA_FAST1_BOTH(tanh) TESSERA_FAST1_BOTH(exp) TESSERA_FAST1_BOTH(exp2) TESSERA_FAST1_BOTH(log)
TESSERA_FAST1_BOTH(log10) TESSERA_FAST1_BOTH(log2) TESSERA_FAST1_BOTH(sqrt) TESSERA_FAST1_BOTH(ceil)
TESSERA_FAST1_BOTH(floor) TESSERA_FAST1_BOTH(round) TESSERA_FAST1_BOTH(trunc) TESSERA_FAST1_BOTH(fabs)
TESSERA_FAST2_BOTH(atan2) TESSERA_FAST2_BOTH(pow) TESSERA_FAST2_BOTH(fmax) TESSERA_FAST2_BOTH(fmin)
TESSERA_FAST2_BOTH(fmod)
#undef TESSERA_FAST1_BOTH
#undef TESSERA_FAST2_BOTH

#if TESSERA_DEVICE_PASS
TESSERA_HD inline float rsqrtf(float x) { return ::rsqrtf(x); }
TESSERA_HD inline float frexpf(float x, int* e) { return ::frexpf(x, e); }
TESSERA_HD inline float ldexpf(float x, int e) { return ::ldexpf(x, e); }
TESSERA_HD inline float modff(float x, float* ip) { return ::modff(x, ip); }
TESSERA_HD inline void sincosf(float x, float* s, float* c) { ::sincosf(x, s, c); }
#else
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline float frexpf(float x, int* e) { return std::frexp(x, e); }
inline float ldexpf(float x, int e) { return std::ldexp(x, e); }
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline void sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
#endif
TESSERA_MATH_FLOAT_ALIAS1(rsqrt)
TESSERA_HD inline float frexp(float x, int* e) { return frexpf(x, e); }
TESSERA_HD inline float ldexp(float x, int e) { return ldexpf(x, e); }
TESSERA_HD inline float modf(float x, float* ip) { return modff(x, ip); }
TESSERA_HD inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

// Classification (float only, int results).
TESSERA_HD inline int isfinite(float x) { return math_detail::isfinite(x); }
TESSERA_HD inline int isinf(float x) { return math_detail::isinf(x); }
TESSERA_HD inline int isnan(float x) { return math_detail::isnan(x); }
TESSERA_HD inline int signbit(float x) { return math_detail::signbit(x); }

}  // namespace tessera::fast_math
