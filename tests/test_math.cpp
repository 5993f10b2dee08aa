// fast_math and precise_math on the host (the emulator's side): the functions the C library lacks, the
// classification by bits, and docs/math.md's table kept equal to tessera/math/accuracy.hpp.
#include <tessera/amp_math.hpp>
#include <tessera/math/accuracy.hpp>

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <fstream>
#include <map>
#include <limits>
#include <regex>
#include <string>

namespace {
namespace pm = tessera::precise_math;
namespace fm = tessera::fast_math;

TEST(PreciseMath, PiFunctionsAreExactAtHalfIntegers) {
  EXPECT_EQ(pm::sinpi(0.5), 1.0);
  EXPECT_EQ(pm::sinpi(-1.5), 1.0);
  EXPECT_EQ(pm::sinpi(1e6), 0.0);
  EXPECT_TRUE(std::signbit(pm::sinpi(-2.0))) << "sinpi(-n) is -0";
  EXPECT_EQ(pm::cospi(1.0), -1.0);
  EXPECT_EQ(pm::cospi(2.5), 0.0);
  EXPECT_EQ(pm::tanpi(0.25), 1.0);
  EXPECT_EQ(pm::sinpif(1.0f / 6), 0.5f);
  EXPECT_TRUE(std::isnan(pm::sinpi(INFINITY)));
}

TEST(PreciseMath, PiFunctionsKeepRelativePrecisionNearTheirZeros) {
  const double x = 1.0 - std::ldexp(1.0, -40);  // sin(pi x) = sin(pi 2^-40), about pi 2^-40
  EXPECT_NEAR(pm::sinpi(x) / (M_PI * std::ldexp(1.0, -40)), 1.0, 4 * DBL_EPSILON);
}

TEST(PreciseMath, ErfinvInvertsErfToTheLastPlace) {
  for (double x : {-5.5, -2.0, -0.3, 1e-200, 0.25, 0.4769, 1.0, 3.0, 5.8}) {
    const double y = std::erf(x);
    if (std::fabs(y) == 1.0) continue;
    EXPECT_NEAR(std::erf(pm::erfinv(y)), y, 2 * std::nextafter(std::fabs(y), 2.0) - 2 * std::fabs(y)) << x;
  }
  EXPECT_EQ(pm::erfinv(1.0), INFINITY);
  EXPECT_EQ(pm::erfinv(-1.0), -INFINITY);
  EXPECT_TRUE(std::isnan(pm::erfinv(1.5)));
}

TEST(PreciseMath, ErfcinvKeepsPrecisionForTinyArguments) {
  for (double z : {1e-300, 1e-100, 1e-20, 1e-5, 0.3, 1.0, 1.7}) {
    const double x = pm::erfcinv(z);
    EXPECT_NEAR(std::erfc(x) / z, 1.0, 64 * DBL_EPSILON * std::max(1.0, x * x)) << z;
  }
  EXPECT_EQ(pm::erfcinv(0.0), INFINITY);
  EXPECT_EQ(pm::erfcinv(2.0), -INFINITY);
  EXPECT_EQ(pm::erfcinvf(1.2861120922025293e-05f), 0x1.8ad826p+1f) << "a hard case for float erfcinv";
}

TEST(PreciseMath, ClassificationReadsTheBits) {
  EXPECT_EQ(pm::fpclassify(std::numeric_limits<double>::denorm_min()), FP_SUBNORMAL);
  EXPECT_EQ(pm::fpclassify(-0.0f), FP_ZERO);
  EXPECT_EQ(pm::fpclassify(1.0), FP_NORMAL);
  EXPECT_EQ(pm::fpclassify(-INFINITY), FP_INFINITE);
  EXPECT_EQ(pm::fpclassify(pm::nan(0)), FP_NAN);
  EXPECT_EQ(pm::signbit(-0.0), 1);
  EXPECT_EQ(fm::isnan(pm::nanf(7)), 1);
  EXPECT_EQ(fm::isfinite(FLT_MAX), 1);
  EXPECT_EQ(pm::isnormal(FLT_MIN / 2), 0);
}

TEST(PreciseMath, ScalbNeedsAnIntegralExponent) {
  EXPECT_EQ(pm::scalb(3.0, 4.0), 48.0);
  EXPECT_EQ(pm::scalbf(1.0f, -1e9f), 0.0f);
  EXPECT_TRUE(std::isnan(pm::scalb(1.0, 0.5)));
}

TEST(FastMath, RsqrtIsWithinItsBound) {
  for (float x : {1e-30f, 0.5f, 2.0f, 3.0f, 1e30f}) {
    const float want = static_cast<float>(1 / std::sqrt(static_cast<long double>(x)));
    EXPECT_LE(std::fabs(fm::rsqrt(x) - want), 2 * (std::nextafter(want, INFINITY) - want)) << x;
  }
}

// The table in docs/math.md lists every function of accuracy.hpp with its bounds, and nothing else.
TEST(MathDocs, TableEqualsTheAccuracyHeader) {
  std::ifstream in(TESSERA_SOURCE_DIR "/docs/math.md");
  ASSERT_TRUE(in) << "docs/math.md is missing";
  std::string line, section;
  std::map<std::string, std::string> precise, fast;
  const std::regex row(R"(^\| `(\w+)` \| (\d+) \|(?: (\d+) \|)?$)");
  while (std::getline(in, line)) {
    if (line.rfind("### ", 0) == 0) section = line;
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    if (section.find("precise_math") != std::string::npos) precise[m[1]] = m[2].str() + "/" + m[3].str();
    else if (section.find("fast_math") != std::string::npos) fast[m[1]] = m[2].str();
  }
  namespace acc = tessera::math_accuracy;
  EXPECT_EQ(precise.size(), std::size(acc::precise));
  for (const auto& b : acc::precise)
    EXPECT_EQ(precise[std::string(b.function)], std::to_string(b.float_ulps) + "/" + std::to_string(b.double_ulps)) << b.function;
  EXPECT_EQ(fast.size(), std::size(acc::fast));
  for (const auto& b : acc::fast) EXPECT_EQ(fast[std::string(b.function)], std::to_string(b.float_ulps)) << b.function;
}

}  // namespace
