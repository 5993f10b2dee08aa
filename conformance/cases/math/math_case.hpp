// What the math family's cases share: a tiled kernel that applies a function to every input on the
// backend under test, seeded inputs with each domain's edges, the reference the results are checked
// against, and the one-line case forms for functions of one and two arguments.
//
// The reference is the C library's long double function rounded to the result type (for the functions
// whose result is exact, the type's own function). Outputs are checked within the bound of
// tessera/math/accuracy.hpp (precise_math: C++ AMP §9.2's table), and two backends within twice that.
#pragma once

#include <tessera/amp_math.hpp>
#include <tessera/conformance/case.hpp>
#include <tessera/math/accuracy.hpp>

#include <type_traits>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace tessera::conformance::math_cases {

using tessera::index;

constexpr int tile_size = 64;
constexpr std::size_t random_count = 256;

// f(x[i]) for every i, computed by a tiled kernel on ctx.view().
template <class R, class T, class F>
std::vector<R> apply(context& ctx, const std::vector<T>& x, F f) {
  const int n = static_cast<int>(x.size());
  array_view<const T, 1> in(n, x);
  std::vector<R> out(x.size());
  array_view<R, 1> result(n, out);
  result.discard_data();
  parallel_for_each(ctx.view(), result.get_extent().template tile<tile_size>().pad(),
                    [=] restrict_amp (tiled_index<tile_size> t) {
                      if (t.global[0] < n) result[t.global] = f(in[t.global]);
                    });
  result.synchronize();
  return out;
}

// f(x[i], y[i]) for every i.
template <class R, class T, class F>
std::vector<R> apply(context& ctx, const std::vector<T>& x, const std::vector<T>& y, F f) {
  const int n = static_cast<int>(x.size());
  array_view<const T, 1> in_x(n, x), in_y(n, y);
  std::vector<R> out(x.size());
  array_view<R, 1> result(n, out);
  result.discard_data();
  parallel_for_each(ctx.view(), result.get_extent().template tile<tile_size>().pad(),
                    [=] restrict_amp (tiled_index<tile_size> t) {
                      if (t.global[0] < n) result[t.global] = f(in_x[t.global], in_y[t.global]);
                    });
  result.synchronize();
  return out;
}

template <class T>
std::vector<T> random_in(context& ctx, std::size_t n, T lo, T hi) {
  if constexpr (std::is_same_v<T, float>) return ctx.random_floats(n, lo, hi);
  else return ctx.random_doubles(n, lo, hi);
}

// Seeded inputs in [lo, hi], then the domain's ends, the zeros, the infinities, a NaN and tiny positives
// (every function must treat these as C's Annex F says, on every backend).
template <class T>
std::vector<T> inputs(context& ctx, T lo, T hi) {
  std::vector<T> v = random_in<T>(ctx, random_count, lo, hi);
  const T inf = std::numeric_limits<T>::infinity();
  for (T e : {lo, hi, T(0), -T(0), T(1), T(-1), T(0.5), inf, -inf, std::numeric_limits<T>::quiet_NaN(),
              std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::min(), T(1e-30)})
    v.push_back(e);
  return v;
}

// A reference computed in the result type itself: for the functions whose result is exact (ceil, fmod,
// sqrt, nextafter, ...), where computing in long double and rounding again could differ in the last bit.
template <class F>
struct in_result_type {
  F f;
  template <class... A>
  auto operator()(A... a) const { return f(a...); }
};
template <class F>
in_result_type<F> exact(F f) { return {f}; }
template <class T>
struct is_in_result_type : std::false_type {};
template <class F>
struct is_in_result_type<in_result_type<F>> : std::true_type {};

// The reference's values: long double arguments rounded to T, unless the reference is exact(...).
template <class T, class Ref, class... V>
std::vector<T> reference(Ref ref, const std::vector<T>& x, const V&... more) {
  std::vector<T> r;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if constexpr (is_in_result_type<Ref>::value) r.push_back(static_cast<T>(ref(x[i], more[i]...)));
    else r.push_back(static_cast<T>(ref(static_cast<long double>(x[i]), static_cast<long double>(more[i])...)));
  }
  return r;
}

constexpr int precise_math_float(std::string_view f) { return math_accuracy::float_ulps(math_accuracy::precise, f); }
constexpr int precise_math_double(std::string_view f) { return math_accuracy::double_ulps(math_accuracy::precise, f); }
constexpr int fast_math_float(std::string_view f) { return math_accuracy::float_ulps(math_accuracy::fast, f); }
constexpr int fast_math_double(std::string_view) { return -1; }  // fast_math has float functions only

// The ...f name's results: bit-equal to the overloaded name's on one backend, and within the function's
// bound between backends (two libraries may round differently).
template <int FloatUlps>
constexpr ulp_bound same_as_overload{0, 2 * FloatUlps};

// One function of one argument, float and double: the overloaded name, the ...f name (bit-equal to it),
// and the double overload, against `ref` (long double) within the table's bounds.
template <int FloatUlps, int DoubleUlps, class FF, class FNamed, class FD, class Ref>
void check_unary(context& ctx, double lo, double hi, FF f_float, FNamed f_named, FD f_double, Ref ref) {
  static_assert(FloatUlps >= 0, "the function is missing from tessera/math/accuracy.hpp");
  const auto xf = inputs<float>(ctx, static_cast<float>(lo), static_cast<float>(hi));
  const auto got = apply<float>(ctx, xf, f_float);
  ctx.output("float", got, reference(ref, xf), ulps_from_reference(FloatUlps));
  ctx.output("float_f_name", apply<float>(ctx, xf, f_named), got, same_as_overload<FloatUlps>);
  if constexpr (DoubleUlps >= 0) {
    const auto xd = inputs<double>(ctx, lo, hi);
    ctx.output("double", apply<double>(ctx, xd, f_double), reference(ref, xd), ulps_from_reference(DoubleUlps));
  }
}

template <int FloatUlps, int DoubleUlps, class FF, class FNamed, class FD, class Ref>
void check_binary(context& ctx, double lo, double hi, FF f_float, FNamed f_named, FD f_double, Ref ref) {
  static_assert(FloatUlps >= 0, "the function is missing from tessera/math/accuracy.hpp");
  const auto xf = inputs<float>(ctx, static_cast<float>(lo), static_cast<float>(hi));
  auto yf = inputs<float>(ctx, static_cast<float>(lo), static_cast<float>(hi));
  std::reverse(yf.begin() + random_count, yf.end());  // edge values meet other edge values
  const auto got = apply<float>(ctx, xf, yf, f_float);
  ctx.output("float", got, reference(ref, xf, yf), ulps_from_reference(FloatUlps));
  ctx.output("float_f_name", apply<float>(ctx, xf, yf, f_named), got, same_as_overload<FloatUlps>);
  if constexpr (DoubleUlps >= 0) {
    const auto xd = inputs<double>(ctx, lo, hi);
    auto yd = inputs<double>(ctx, lo, hi);
    std::reverse(yd.begin() + random_count, yd.end());
    ctx.output("double", apply<double>(ctx, xd, yd, f_double), reference(ref, xd, yd), ulps_from_reference(DoubleUlps));
  }
}

}  // namespace tessera::conformance::math_cases

// The one-line case forms: TESSERA_PRECISE_CASE1(sin, lo, hi, REF) declares case math.precise_sin.
// REF is a long double function of the arguments (for the functions whose result is exact, a generic
// lambda, computed in the result type, is as good).
#define TESSERA_MATH_CASE1(prefix, NS, clauses, fn, lo, hi, REF)                                              \
  TESSERA_CASE(prefix##_##fn, clauses, expect::pass) {                                                        \
    using namespace ::tessera::conformance::math_cases;                                                        \
    check_unary<NS##_float(#fn), NS##_double(#fn)>(                                                            \
        ctx, lo, hi, [] restrict_amp (float x) { return ::tessera::NS::fn(x); },                                \
        [] restrict_amp (float x) { return ::tessera::NS::fn##f(x); },                                          \
        [] restrict_amp (double x) { return ::tessera::NS::fn(x); }, REF);                                     \
  }
#define TESSERA_MATH_CASE2(prefix, NS, clauses, fn, lo, hi, REF)                                              \
  TESSERA_CASE(prefix##_##fn, clauses, expect::pass) {                                                        \
    using namespace ::tessera::conformance::math_cases;                                                        \
    check_binary<NS##_float(#fn), NS##_double(#fn)>(                                                           \
        ctx, lo, hi, [] restrict_amp (float x, float y) { return ::tessera::NS::fn(x, y); },                    \
        [] restrict_amp (float x, float y) { return ::tessera::NS::fn##f(x, y); },                              \
        [] restrict_amp (double x, double y) { return ::tessera::NS::fn(x, y); }, REF);                        \
  }

// The references of the one-line forms: the C library's function, in long double (STD) or, for the
// functions whose result is exact, in the result type (EXACT).
#define STD1(fn) [](long double x) { return std::fn(x); }
#define STD2(fn) [](long double x, long double y) { return std::fn(x, y); }
#define EXACT1(fn) exact([](auto x) { return std::fn(x); })
#define EXACT2(fn) exact([](auto x, auto y) { return std::fn(x, y); })
