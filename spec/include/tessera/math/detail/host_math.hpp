// The host side of precise_math for the functions the C library lacks (sinpi, cospi, tanpi, erfinv,
// erfcinv, rcbrt, rsqrt, exp10) or gives with a side effect (lgamma writes the global signgam).
//
// Each is computed in W, a type wider than the result (double for float results, long double for double
// results), so that rounding the W value to the result type is within the precise_math bound (§9.2):
// the error of the W computation is a small fraction of the result's last place.
#pragma once

#include <cmath>
#include <limits>

namespace tessera::math_detail {

template <class W>
inline constexpr W pi_w = static_cast<W>(3.141592653589793238462643383279502884L);

// x reduced exactly to r in [-1, 1] with x = r + 2k (fmod is exact; subtracting 2 from a value in (1, 2) is
// exact), so that sinpi(x) = sinpi(r) and cospi(x) = cospi(r).
template <class W>
W reduce_period_two(W x) {
  W r = std::fmod(x, W(2));
  if (r > W(1)) r -= W(2);
  if (r < W(-1)) r += W(2);
  return r;
}

// sin(pi x): folded into [-1/2, 1/2] (1 - r is exact there) so that pi * r never loses the result's
// relative precision near the zeros at the integers.
template <class W>
W sinpi(W x) {
  if (!std::isfinite(x)) return std::numeric_limits<W>::quiet_NaN();
  W r = reduce_period_two(x);
  if (r > W(0.5)) r = W(1) - r;
  if (r < W(-0.5)) r = W(-1) - r;
  if (r == W(0)) return std::copysign(W(0), x);
  return std::sin(pi_w<W> * r);
}

// cos(pi x) = sin(pi (1/2 - |r|)); 1/2 - |r| is exact where the result is small.
template <class W>
W cospi(W x) {
  if (!std::isfinite(x)) return std::numeric_limits<W>::quiet_NaN();
  const W r = std::fabs(reduce_period_two(x));
  const W s = W(0.5) - r;
  if (s == W(0)) return W(0);
  return sinpi(s);
}

template <class W>
W tanpi(W x) {
  if (!std::isfinite(x)) return std::numeric_limits<W>::quiet_NaN();
  return sinpi(x) / cospi(x);
}

template <class W>
W rsqrt(W x) { return W(1) / std::sqrt(x); }
template <class W>
W rcbrt(W x) { return W(1) / std::cbrt(x); }
template <class W>
W exp10(W x) { return std::pow(W(10), x); }

// Solves f(x) = target for an f increasing on [lo, hi] by Newton steps kept inside a shrinking bracket
// (a step that leaves the bracket is replaced by bisection): a handful of steps to full W precision.
template <class W, class F, class DF>
W solve_increasing(F f, DF df, W target, W lo, W hi) {
  W x = (lo + hi) / 2;
  for (int i = 0; i < 200; ++i) {
    const W fx = f(x) - target;
    if (fx == W(0)) return x;
    if (fx < W(0)) lo = x; else hi = x;
    W next = x - fx / df(x);
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
    if (next == x || hi - lo <= std::numeric_limits<W>::epsilon() * std::fabs(x)) return next;
    x = next;
  }
  return x;
}

template <class W>
W erf_slope(W x) { return W(2) / std::sqrt(pi_w<W>) * std::exp(-x * x); }

// erfcinv(z) for z in [0, 2]: solves -log(erfc(x)) = -log(z), which keeps relative precision as z -> 0
// (where erfinv(1 - z) would lose it to the subtraction) and lets Newton converge in a few steps in the
// tail, where erfc falls like exp(-x^2) and a step on erfc itself would advance by only 1/(2x).
template <class W>
W erfcinv(W z) {
  if (std::isnan(z) || z < W(0) || z > W(2)) return std::numeric_limits<W>::quiet_NaN();
  if (z == W(0)) return std::numeric_limits<W>::infinity();
  if (z == W(2)) return -std::numeric_limits<W>::infinity();
  if (z == W(1)) return W(0);
  if (z > W(1)) return -erfcinv(W(2) - z);
  // erfc(30) is below every double, so the root for any z > 0 of a float or double lies in [0, 30]
  // (and long double, where W is long double, still represents erfc there).
  return solve_increasing<W>([](W x) { return -std::log(std::erfc(x)); }, [](W x) { return erf_slope(x) / std::erfc(x); },
                             -std::log(z), W(0), W(30));
}

template <class W>
W erfinv(W y) {
  if (std::isnan(y) || y < W(-1) || y > W(1)) return std::numeric_limits<W>::quiet_NaN();
  if (y == W(0)) return y;
  if (std::fabs(y) > W(0.5)) return std::copysign(erfcinv(W(1) - std::fabs(y)), y);  // 1 - |y| is exact
  return solve_increasing<W>([](W x) { return std::erf(x); }, [](W x) { return erf_slope(x); }, y, W(-0.5), W(0.5));
}

// lgamma without writing the C library's global signgam (a data race between kernel threads).
inline double lgamma_r(double x) {
#if defined(__GLIBC__)
  int sign = 0;
  return ::lgamma_r(x, &sign);
#else
  return std::lgamma(x);
#endif
}
inline long double lgamma_r(long double x) {
#if defined(__GLIBC__)
  int sign = 0;
  return ::lgammal_r(x, &sign);
#else
  return std::lgamma(x);
#endif
}

}  // namespace tessera::math_detail
