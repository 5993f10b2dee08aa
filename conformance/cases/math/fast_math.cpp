// MATH-1, MATH-2: every fast_math function (float only) within Tessera's documented bound of a long
// double reference (tessera/math/accuracy.hpp), and precise_math at least as accurate as fast_math.
#include "math_case.hpp"

namespace {
using namespace tessera::conformance::math_cases;
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace
using tessera::conformance::context;
using tessera::conformance::ulps_from_reference;
namespace fm = tessera::fast_math;
namespace pm = tessera::precise_math;

#define FAST1(fn, lo, hi, ref) TESSERA_MATH_CASE1(fast, fast_math, "MATH-1,MATH-2", fn, lo, hi, ref)
#define FAST2(fn, lo, hi, ref) TESSERA_MATH_CASE2(fast, fast_math, "MATH-1,MATH-2", fn, lo, hi, ref)

FAST1(sin, -100, 100, STD1(sin))
FAST1(cos, -100, 100, STD1(cos))
FAST1(tan, -100, 100, STD1(tan))
FAST1(asin, -1, 1, STD1(asin))
FAST1(acos, -1, 1, STD1(acos))
FAST1(atan, -100, 100, STD1(atan))
FAST2(atan2, -10, 10, STD2(atan2))
FAST1(sinh, -80, 80, STD1(sinh))
FAST1(cosh, -80, 80, STD1(cosh))
FAST1(tanh, -10, 10, STD1(tanh))
FAST1(exp, -80, 80, STD1(exp))
FAST1(exp2, -120, 120, STD1(exp2))
FAST1(log, 0, 1e6, STD1(log))
FAST1(log2, 0, 1e6, STD1(log2))
FAST1(log10, 0, 1e6, STD1(log10))
FAST2(pow, 0, 10, STD2(pow))
FAST1(sqrt, 0, 1e6, EXACT1(sqrt))
FAST1(rsqrt, 0, 1e6, [](long double x) { return 1 / std::sqrt(x); })
FAST1(ceil, -1e4, 1e4, EXACT1(ceil))
FAST1(floor, -1e4, 1e4, EXACT1(floor))
FAST1(round, -1e4, 1e4, EXACT1(round))
FAST1(trunc, -1e4, 1e4, EXACT1(trunc))
FAST1(fabs, -1e30, 1e30, EXACT1(fabs))
FAST2(fmod, -1000, 1000, EXACT2(fmod))
FAST2(fmax, -1000, 1000, EXACT2(fmax))
FAST2(fmin, -1000, 1000, EXACT2(fmin))

// The functions with a second result or an exponent, and classification.
TESSERA_CASE(fast_frexp_ldexp_modf_sincos_classification, "MATH-1,MATH-2", expect::pass) {
  const auto x = inputs<float>(ctx, -1000, 1000);
  std::vector<float> mantissa, frac, whole, twice, s, c;
  std::vector<int> exponent, fin, inf, nan, sgn;
  for (float v : x) {
    int k = 0;
    mantissa.push_back(std::frexp(v, &k));
    exponent.push_back(std::isfinite(v) ? k : 0);
    float w = 0;
    frac.push_back(std::modf(v, &w));
    whole.push_back(w);
    twice.push_back(std::ldexp(v, 3));
    s.push_back(static_cast<float>(std::sin(static_cast<long double>(v))));
    c.push_back(static_cast<float>(std::cos(static_cast<long double>(v))));
    fin.push_back(std::isfinite(v));
    inf.push_back(std::isinf(v));
    nan.push_back(std::isnan(v));
    sgn.push_back(std::signbit(v));
  }
  ctx.output("frexp", apply<float>(ctx, x, [] restrict_amp (float v) { int k; return fm::frexp(v, &k); }), mantissa);
  ctx.output("frexp_exponent", apply<int>(ctx, x, [] restrict_amp (float v) {
               int k = 0;
               fm::frexpf(v, &k);
               return fm::isfinite(v) ? k : 0;
             }), exponent);
  ctx.output("modf", apply<float>(ctx, x, [] restrict_amp (float v) { float w; return fm::modf(v, &w); }), frac);
  ctx.output("modf_whole", apply<float>(ctx, x, [] restrict_amp (float v) { float w; fm::modff(v, &w); return w; }), whole);
  ctx.output("ldexp", apply<float>(ctx, x, [] restrict_amp (float v) { return fm::ldexp(v, 3); }), twice);
  ctx.output("ldexpf", apply<float>(ctx, x, [] restrict_amp (float v) { return fm::ldexpf(v, 3); }), twice);
  ctx.output("sincos_sin", apply<float>(ctx, x, [] restrict_amp (float v) { float a, b; fm::sincos(v, &a, &b); return a; }), s,
             ulps_from_reference(fast_math_float("sincos")));
  ctx.output("sincos_cos", apply<float>(ctx, x, [] restrict_amp (float v) { float a, b; fm::sincosf(v, &a, &b); return b; }), c,
             ulps_from_reference(fast_math_float("sincos")));
  ctx.output("isfinite", apply<int>(ctx, x, [] restrict_amp (float v) { return fm::isfinite(v); }), fin);
  ctx.output("isinf", apply<int>(ctx, x, [] restrict_amp (float v) { return fm::isinf(v); }), inf);
  ctx.output("isnan", apply<int>(ctx, x, [] restrict_amp (float v) { return fm::isnan(v); }), nan);
  ctx.output("signbit", apply<int>(ctx, x, [] restrict_amp (float v) { return fm::signbit(v); }), sgn);
}

// The worst distance, in ulps, of `got` from the correctly rounded reference.
std::uint64_t worst_ulps(const std::vector<float>& got, const std::vector<float>& want) {
  using namespace tessera::conformance;
  return compare(element_type::f32, reinterpret_cast<const unsigned char*>(got.data()),
                 reinterpret_cast<const unsigned char*>(want.data()), got.size(), 0).worst_ulps;
}

// MATH-1: precise_math is at least as accurate as fast_math, measured on the backend: for each function
// both offer, precise_math's worst error on the same inputs is no larger than fast_math's.
TESSERA_CASE(precise_is_at_least_as_accurate_as_fast, "MATH-1,MATH-2,MATH-3", expect::pass) {
  const auto x = random_in<float>(ctx, 1024, -50, 50);
  const auto positive = random_in<float>(ctx, 1024, 0, 1e4);
  auto compare_one = [&](const char* name, const std::vector<float>& in, const std::vector<float>& fast,
                         const std::vector<float>& precise, auto ref) {
    const auto want = reference(ref, in);
    const auto f = worst_ulps(fast, want), p = worst_ulps(precise, want);
    ctx.require(p <= f, std::string(name) + ": precise_math is " + std::to_string(p) + " ulp from the reference, fast_math " +
                            std::to_string(f));
  };
  compare_one("sin", x, apply<float>(ctx, x, [] restrict_amp (float v) { return fm::sin(v); }),
              apply<float>(ctx, x, [] restrict_amp (float v) { return pm::sin(v); }), STD1(sin));
  compare_one("tan", x, apply<float>(ctx, x, [] restrict_amp (float v) { return fm::tan(v); }),
              apply<float>(ctx, x, [] restrict_amp (float v) { return pm::tan(v); }), STD1(tan));
  compare_one("exp", x, apply<float>(ctx, x, [] restrict_amp (float v) { return fm::exp(v); }),
              apply<float>(ctx, x, [] restrict_amp (float v) { return pm::exp(v); }), STD1(exp));
  compare_one("sinh", x, apply<float>(ctx, x, [] restrict_amp (float v) { return fm::sinh(v); }),
              apply<float>(ctx, x, [] restrict_amp (float v) { return pm::sinh(v); }), STD1(sinh));
  compare_one("log10", positive, apply<float>(ctx, positive, [] restrict_amp (float v) { return fm::log10(v); }),
              apply<float>(ctx, positive, [] restrict_amp (float v) { return pm::log10(v); }), STD1(log10));
  compare_one("rsqrt", positive, apply<float>(ctx, positive, [] restrict_amp (float v) { return fm::rsqrt(v); }),
              apply<float>(ctx, positive, [] restrict_amp (float v) { return pm::rsqrt(v); }),
              [](long double v) { return 1 / std::sqrt(v); });
}

// MATH-4: precise_math needs double support, even for its float functions: every accelerator kernels run
// on reports full double precision (and so the limited kind), and double division and int <-> double
// conversions are exact in kernels.
TESSERA_CASE(accelerator_supports_double_precision, "MATH-4", expect::pass) {
  const tessera::accelerator a = ctx.view().get_accelerator();
  ctx.require(a.get_supports_double_precision(), "the accelerator reports double precision");
  ctx.require(a.get_supports_limited_double_precision(), "the accelerator reports limited double precision");
  const auto num = ctx.random_doubles(512, -1e6, 1e6);
  const auto den = ctx.random_doubles(512, 0.5, 1e3);
  std::vector<double> quotient, converted;
  for (std::size_t i = 0; i < num.size(); ++i) {
    quotient.push_back(num[i] / den[i]);
    converted.push_back(static_cast<double>(static_cast<int>(num[i])) * 0.5);
  }
  ctx.output("division", apply<double>(ctx, num, den, [] restrict_amp (double a, double b) { return a / b; }), quotient);
  ctx.output("int_conversion", apply<double>(ctx, num, [] restrict_amp (double v) { return static_cast<double>(static_cast<int>(v)) * 0.5; }),
             converted);
}

}  // namespace
