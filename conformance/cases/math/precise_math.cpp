// MATH-1, MATH-3, MATH-4: every precise_math function, float and double, on seeded inputs and the edges of
// its domain, within C++ AMP §9.2's ulp table of a long double reference; functions whose result is exact
// (ceil, fmod, frexp, ...) bit-exact.
#include "math_case.hpp"

namespace {
using namespace tessera::conformance::math_cases;
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace
using tessera::conformance::context;
using tessera::conformance::ulps_from_reference;

// sin(pi x) with x reduced exactly to [-1/2, 1/2], so the reference keeps its precision at the zeros.
long double sinpi_ref(long double x) {
  if (!std::isfinite(x)) return NAN;
  long double r = std::remainder(x, 2.0L);  // exact, in [-1, 1]
  if (r > 0.5L) r = 1.0L - r;
  if (r < -0.5L) r = -1.0L - r;
  return r == 0 ? std::copysign(0.0L, x) : std::sin(3.141592653589793238462643383279502884L * r);
}
long double cospi_ref(long double x) { return std::isfinite(x) ? (std::fabs(std::remainder(x, 2.0L)) == 0.5L ? 0.0L : sinpi_ref(0.5L - std::fabs(std::remainder(x, 2.0L)))) : NAN; }
long double tanpi_ref(long double x) { return sinpi_ref(x) / cospi_ref(x); }
long double exp10_ref(long double x) { return std::pow(static_cast<long double>(10), x); }

// The inverse of an increasing function by bisection to the last bit of long double.
template <class F>
long double invert_increasing(F f, long double y, long double lo, long double hi) {
  for (int i = 0; i < 20000 && lo < hi; ++i) {
    const long double mid = lo + (hi - lo) / 2;
    if (mid == lo || mid == hi) break;
    (f(mid) < y ? lo : hi) = mid;
  }
  return (y - f(lo) < f(hi) - y) ? lo : hi;
}
long double erfinv_ref(long double y) {
  if (std::isnan(y) || std::fabs(y) > 1) return NAN;
  if (std::fabs(y) == 1) return std::copysign(INFINITY, y);
  if (y == 0) return y;
  if (std::fabs(y) > 0.5L) {  // through erfc, where 1 - |y| is exact and erfc keeps its relative precision
    const long double z = 1 - std::fabs(y);
    return std::copysign(invert_increasing([](long double x) { return -std::erfc(x); }, -z, 0, 30), y);
  }
  return invert_increasing([](long double x) { return std::erf(x); }, y, -1, 1);
}
long double erfcinv_ref(long double z) {
  if (std::isnan(z) || z < 0 || z > 2) return NAN;
  if (z == 0) return INFINITY;
  if (z == 2) return -INFINITY;
  if (z > 1) return -erfcinv_ref(2 - z);
  return invert_increasing([](long double x) { return -std::erfc(x); }, -z, 0, 30);
}

#define PRECISE1(fn, lo, hi, ref) TESSERA_MATH_CASE1(precise, precise_math, "MATH-1,MATH-3,MATH-4", fn, lo, hi, ref)
#define PRECISE2(fn, lo, hi, ref) TESSERA_MATH_CASE2(precise, precise_math, "MATH-1,MATH-3,MATH-4", fn, lo, hi, ref)

// Trigonometric and hyperbolic.
PRECISE1(sin, -100, 100, STD1(sin))
PRECISE1(cos, -100, 100, STD1(cos))
PRECISE1(tan, -100, 100, STD1(tan))
PRECISE1(asin, -1, 1, STD1(asin))
PRECISE1(acos, -1, 1, STD1(acos))
PRECISE1(atan, -100, 100, STD1(atan))
PRECISE2(atan2, -10, 10, STD2(atan2))
PRECISE1(sinpi, -8, 8, sinpi_ref)
PRECISE1(cospi, -8, 8, cospi_ref)
PRECISE1(tanpi, -8, 8, tanpi_ref)
PRECISE1(sinh, -80, 80, STD1(sinh))
PRECISE1(cosh, -80, 80, STD1(cosh))
PRECISE1(tanh, -10, 10, STD1(tanh))
PRECISE1(asinh, -10000, 10000, STD1(asinh))
PRECISE1(acosh, 1, 10000, STD1(acosh))
PRECISE1(atanh, -1, 1, STD1(atanh))
// Exponential, logarithm, powers and roots.
PRECISE1(exp, -80, 80, STD1(exp))
PRECISE1(exp2, -120, 120, STD1(exp2))
PRECISE1(exp10, -35, 35, exp10_ref)
PRECISE1(expm1, -10, 10, STD1(expm1))
PRECISE1(log, 0, 1e6, STD1(log))
PRECISE1(log2, 0, 1e6, STD1(log2))
PRECISE1(log10, 0, 1e6, STD1(log10))
PRECISE1(log1p, -1, 1e6, STD1(log1p))
PRECISE2(pow, 0, 10, STD2(pow))
PRECISE2(hypot, -1000, 1000, STD2(hypot))
PRECISE1(sqrt, 0, 1e6, EXACT1(sqrt))
PRECISE1(rsqrt, 0, 1e6, [](long double x) { return 1 / std::sqrt(x); })
PRECISE1(cbrt, -1e6, 1e6, STD1(cbrt))
PRECISE1(rcbrt, -1e6, 1e6, [](long double x) { return 1 / std::cbrt(x); })
// Special functions.
PRECISE1(erf, -5, 5, STD1(erf))
PRECISE1(erfc, -5, 9, STD1(erfc))
PRECISE1(erfinv, -1, 1, erfinv_ref)
PRECISE1(erfcinv, 0, 2, erfcinv_ref)
PRECISE1(tgamma, -10.5, 30, STD1(tgamma))
PRECISE1(lgamma, -2, 40, STD1(lgamma))  // (-2, 40] holds no zero of lgamma but 1 and 2, where the C libraries are careful
// Rounding, remainders and the exact functions.
PRECISE1(ceil, -1e4, 1e4, EXACT1(ceil))
PRECISE1(floor, -1e4, 1e4, EXACT1(floor))
PRECISE1(round, -1e4, 1e4, EXACT1(round))
PRECISE1(trunc, -1e4, 1e4, EXACT1(trunc))
PRECISE1(nearbyint, -1e4, 1e4, EXACT1(nearbyint))
PRECISE1(logb, -1e30, 1e30, EXACT1(logb))
PRECISE1(fabs, -1e30, 1e30, EXACT1(fabs))
PRECISE2(fmod, -1000, 1000, EXACT2(fmod))
PRECISE2(remainder, -1000, 1000, EXACT2(remainder))
PRECISE2(fdim, -1000, 1000, EXACT2(fdim))
PRECISE2(fmax, -1000, 1000, EXACT2(fmax))
PRECISE2(fmin, -1000, 1000, EXACT2(fmin))
PRECISE2(copysign, -1000, 1000, EXACT2(copysign))
PRECISE2(nextafter, -1000, 1000, EXACT2(nextafter))

template <class T>
std::vector<T> integral_exponents(context& ctx, std::size_t n) {
  std::vector<T> e;
  for (int v : ctx.random_ints(n, -160, 160)) e.push_back(static_cast<T>(v));
  return e;
}

// fma rounds once: x*y + z in one rounding on every backend (the reference: the C library's fma).
template <class T>
void check_fma(context& ctx, const char* name) {
  const auto x = inputs<T>(ctx, -1000, 1000), y = random_in<T>(ctx, x.size(), -1000, 1000),
             z = random_in<T>(ctx, x.size(), -1e6, 1e6);
  const int n = static_cast<int>(x.size());
  array_view<const T, 1> ax(n, x), ay(n, y), az(n, z);
  std::vector<T> out(x.size());
  array_view<T, 1> r(n, out);
  parallel_for_each(ctx.view(), r.get_extent().template tile<tile_size>().pad(), [=] restrict_amp (tiled_index<tile_size> t) {
    if (t.global[0] < n) r[t.global] = tessera::precise_math::fma(ax[t.global], ay[t.global], az[t.global]);
  });
  r.synchronize();
  ctx.output(name, out, reference(exact([](auto a, auto b, auto c) { return std::fma(a, b, c); }), x, y, z));
}
TESSERA_CASE(precise_fma, "MATH-1,MATH-3", expect::pass) {
  check_fma<float>(ctx, "float");
  check_fma<double>(ctx, "double");
}

// frexp, modf and remquo return a second result through a pointer; ldexp, scalbn and scalb take an
// exponent; ilogb returns it.
template <class T>
void check_exponents(context& ctx, const std::string& type) {
  namespace pm = tessera::precise_math;
  const auto x = inputs<T>(ctx, -1e30, 1e30);
  const auto e = integral_exponents<T>(ctx, x.size());
  std::vector<T> mantissa;
  std::vector<int> exponent, ilogb;
  for (T v : x) {
    int k = 0;
    mantissa.push_back(std::frexp(v, &k));
    exponent.push_back(std::isfinite(v) ? k : 0);  // the exponent of an infinity or NaN is unspecified
    ilogb.push_back(std::ilogb(v));
  }
  ctx.output("frexp_" + type, apply<T>(ctx, x, [] restrict_amp (T v) { int k; return pm::frexp(v, &k); }), mantissa);
  ctx.output("frexp_exponent_" + type, apply<int>(ctx, x, [] restrict_amp (T v) {
               int k = 0;
               pm::frexp(v, &k);
               return pm::isfinite(v) ? k : 0;
             }), exponent);
  ctx.output("ilogb_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::ilogb(v); }), ilogb);
  const auto ex = reference(exact([](auto v, auto k) { return std::ldexp(v, static_cast<int>(k)); }), x, e);
  ctx.output("ldexp_" + type, apply<T>(ctx, x, e, [] restrict_amp (T v, T k) { return pm::ldexp(v, static_cast<int>(k)); }), ex);
  ctx.output("scalbn_" + type, apply<T>(ctx, x, e, [] restrict_amp (T v, T k) { return pm::scalbn(v, static_cast<int>(k)); }), ex);
  ctx.output("scalb_" + type, apply<T>(ctx, x, e, [] restrict_amp (T v, T k) { return pm::scalb(v, k); }), ex);
}

template <class T>
void check_two_results(context& ctx, const std::string& type, int sincos_ulps) {
  namespace pm = tessera::precise_math;
  const auto x = inputs<T>(ctx, -1000, 1000);
  auto y = inputs<T>(ctx, -50, 50);
  std::reverse(y.begin() + random_count, y.end());
  std::vector<T> frac, whole, rem, s, c;
  std::vector<int> quo;
  for (std::size_t i = 0; i < x.size(); ++i) {
    T w = 0;
    frac.push_back(std::modf(x[i], &w));
    whole.push_back(w);
    int q = 0;
    rem.push_back(std::remquo(x[i], y[i], &q));
    quo.push_back(std::isnan(rem.back()) ? 0 : (q < 0 ? -(-q % 8) : q % 8));  // C promises the sign and 3 bits
    s.push_back(static_cast<T>(std::sin(static_cast<long double>(x[i]))));
    c.push_back(static_cast<T>(std::cos(static_cast<long double>(x[i]))));
  }
  ctx.output("modf_" + type, apply<T>(ctx, x, [] restrict_amp (T v) { T w; return pm::modf(v, &w); }), frac);
  ctx.output("modf_whole_" + type, apply<T>(ctx, x, [] restrict_amp (T v) { T w; pm::modf(v, &w); return w; }), whole);
  ctx.output("remquo_" + type, apply<T>(ctx, x, y, [] restrict_amp (T a, T b) { int q; return pm::remquo(a, b, &q); }), rem);
  ctx.output("remquo_quotient_" + type, apply<int>(ctx, x, y, [] restrict_amp (T a, T b) {
               int q = 0;
               const T r = pm::remquo(a, b, &q);
               return pm::isnan(r) ? 0 : (q < 0 ? -(-q % 8) : q % 8);
             }), quo);
  ctx.output("sincos_sin_" + type, apply<T>(ctx, x, [] restrict_amp (T v) { T a, b; pm::sincos(v, &a, &b); return a; }), s,
             ulps_from_reference(sincos_ulps));
  ctx.output("sincos_cos_" + type, apply<T>(ctx, x, [] restrict_amp (T v) { T a, b; pm::sincos(v, &a, &b); return b; }), c,
             ulps_from_reference(sincos_ulps));
}

// Classification and nan(): normal, subnormal, zero, infinite and NaN inputs of both signs.
template <class T>
void check_classification(context& ctx, const std::string& type) {
  namespace pm = tessera::precise_math;
  using lim = std::numeric_limits<T>;
  std::vector<T> x = random_in<T>(ctx, 64, -1e6, 1e6);
  for (T v : {T(0), -T(0), lim::denorm_min(), -lim::denorm_min(), lim::min(), lim::min() / 2, lim::max(), -lim::max(),
              lim::infinity(), -lim::infinity(), lim::quiet_NaN(), -lim::quiet_NaN()})
    x.push_back(v);
  std::vector<int> cls, fin, inf, nan, nor, sgn;
  for (T v : x) {
    cls.push_back(std::fpclassify(v));
    fin.push_back(std::isfinite(v));
    inf.push_back(std::isinf(v));
    nan.push_back(std::isnan(v));
    nor.push_back(std::isnormal(v));
    sgn.push_back(std::signbit(v));
  }
  ctx.output("fpclassify_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::fpclassify(v); }), cls);
  ctx.output("isfinite_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::isfinite(v); }), fin);
  ctx.output("isinf_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::isinf(v); }), inf);
  ctx.output("isnan_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::isnan(v); }), nan);
  ctx.output("isnormal_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::isnormal(v); }), nor);
  ctx.output("signbit_" + type, apply<int>(ctx, x, [] restrict_amp (T v) { return pm::signbit(v); }), sgn);
  const std::vector<int> all_nan(x.size(), 1);
  if constexpr (std::is_same_v<T, float>)
    ctx.output("nanf", apply<int>(ctx, x, [] restrict_amp (T) { return pm::isnan(pm::nanf(0)); }), all_nan);
  else
    ctx.output("nan", apply<int>(ctx, x, [] restrict_amp (T) { return pm::isnan(pm::nan(0)); }), all_nan);
}

TESSERA_CASE(precise_frexp_ldexp_scalbn_scalb_ilogb, "MATH-1,MATH-3", expect::pass) {
  check_exponents<float>(ctx, "float");
  check_exponents<double>(ctx, "double");
}
TESSERA_CASE(precise_modf_remquo_sincos, "MATH-1,MATH-3", expect::pass) {
  check_two_results<float>(ctx, "float", precise_math_float("sincos"));
  check_two_results<double>(ctx, "double", precise_math_double("sincos"));
}
TESSERA_CASE(precise_classification_and_nan, "MATH-1,MATH-3", expect::pass) {
  check_classification<float>(ctx, "float");
  check_classification<double>(ctx, "double");
}

}  // namespace
