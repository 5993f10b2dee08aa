// The accuracy each math function promises, in ulps against the correctly rounded result.
//   precise_math: C++ AMP §9.2's table (MATH-3), float and double columns.
//   fast_math: implementation-defined (MATH-2); Tessera's bound is the larger of CUDA's documented
//   single-precision error and the C library's (the two libraries fast_math forwards to).
// The conformance suite's math family checks every function against these bounds on every backend, and
// docs/math.md prints the same table.
#pragma once

#include <string_view>

namespace tessera::math_accuracy {

struct bound {
  std::string_view function;
  int float_ulps;
  int double_ulps;  // -1: no double version (fast_math)
};

inline constexpr bound precise[] = {
    {"ceil", 0, 0},     {"floor", 0, 0},   {"round", 0, 0},    {"trunc", 0, 0},     {"nearbyint", 0, 0},
    {"fmod", 0, 0},     {"remainder", 0, 0}, {"remquo", 0, 0}, {"frexp", 0, 0},     {"ldexp", 0, 0},
    {"modf", 0, 0},     {"logb", 0, 0},    {"ilogb", 0, 0},    {"scalb", 0, 0},     {"scalbn", 0, 0},
    {"fdim", 0, 0},     {"fma", 0, 0},     {"sqrt", 0, 0},     {"cbrt", 1, 1},      {"expm1", 1, 1},
    {"log", 1, 1},      {"exp", 2, 1},     {"exp2", 2, 1},     {"exp10", 2, 1},     {"log1p", 2, 1},
    {"rcbrt", 2, 1},    {"rsqrt", 2, 1},   {"atan", 2, 2},     {"cos", 2, 2},       {"cosh", 2, 2},
    {"cospi", 2, 2},    {"sin", 2, 2},     {"sincos", 2, 2},   {"sinpi", 2, 2},     {"tanh", 2, 2},
    {"tanpi", 2, 2},    {"log10", 3, 1},   {"log2", 3, 1},     {"acos", 3, 2},      {"asinh", 3, 2},
    {"atanh", 3, 2},    {"atan2", 3, 2},   {"hypot", 3, 2},    {"erf", 3, 2},       {"sinh", 3, 2},
    {"asin", 4, 2},     {"acosh", 4, 2},   {"tan", 4, 2},      {"pow", 8, 2},       {"erfc", 6, 5},
    {"erfinv", 3, 8},   {"erfcinv", 7, 8}, {"tgamma", 11, 8},  {"lgamma", 67, 48},  {"copysign", 0, 0},
    {"fabs", 0, 0},     {"fmax", 0, 0},    {"fmin", 0, 0},     {"nextafter", 0, 0},
};

inline constexpr bound fast[] = {
    {"acos", 2, -1},  {"asin", 2, -1},  {"atan", 2, -1},  {"atan2", 3, -1}, {"cos", 2, -1},   {"cosh", 2, -1},
    {"sin", 2, -1},   {"sinh", 3, -1},  {"sincos", 2, -1}, {"tan", 4, -1},  {"tanh", 2, -1},  {"exp", 2, -1},
    {"exp2", 2, -1},  {"log", 1, -1},   {"log10", 2, -1}, {"log2", 1, -1},  {"pow", 4, -1},   {"sqrt", 0, -1},
    {"rsqrt", 2, -1}, {"ceil", 0, -1},  {"floor", 0, -1}, {"round", 0, -1}, {"trunc", 0, -1}, {"fabs", 0, -1},
    {"fmax", 0, -1},  {"fmin", 0, -1},  {"fmod", 0, -1},  {"frexp", 0, -1}, {"ldexp", 0, -1}, {"modf", 0, -1},
};

// The bound of `function` in `table`; -2 when the table has no such function (a compile-time error
// where it is used in a constant expression that requires it).
constexpr int float_ulps(const bound* table, std::size_t n, std::string_view function) {
  for (std::size_t i = 0; i < n; ++i)
    if (table[i].function == function) return table[i].float_ulps;
  return -2;
}
constexpr int double_ulps(const bound* table, std::size_t n, std::string_view function) {
  for (std::size_t i = 0; i < n; ++i)
    if (table[i].function == function) return table[i].double_ulps;
  return -2;
}
template <std::size_t N>
constexpr int float_ulps(const bound (&table)[N], std::string_view function) { return float_ulps(table, N, function); }
template <std::size_t N>
constexpr int double_ulps(const bound (&table)[N], std::string_view function) { return double_ulps(table, N, function); }

}  // namespace tessera::math_accuracy
