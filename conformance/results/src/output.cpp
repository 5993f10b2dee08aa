#include <tessera/conformance/output.hpp>

#include <cinttypes>
#include <cstdio>

namespace tessera::conformance {

const char* name_of(element_type t) noexcept {
  switch (t) {
    case element_type::i32: return "i32";
    case element_type::u32: return "u32";
    case element_type::i64: return "i64";
    case element_type::u64: return "u64";
    case element_type::f32: return "f32";
    case element_type::f64: return "f64";
  }
  return "?";
}

bool element_type_named(const std::string& name, element_type& out) noexcept {
  for (element_type t : {element_type::i32, element_type::u32, element_type::i64, element_type::u64, element_type::f32,
                         element_type::f64})
    if (name == name_of(t)) {
      out = t;
      return true;
    }
  return false;
}

std::size_t size_of(element_type t) noexcept {
  return (t == element_type::i32 || t == element_type::u32 || t == element_type::f32) ? 4 : 8;
}

bool is_float(element_type t) noexcept { return t == element_type::f32 || t == element_type::f64; }

namespace {

// Maps a float's bits onto a line where adjacent floats are adjacent integers (negative floats below
// positive ones, both zeros on one point), so the ulp distance is a difference.
template <class Bits, class Float>
std::int64_t ordered(const unsigned char* p) {
  Bits b;
  std::memcpy(&b, p, sizeof b);
  constexpr Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
  const std::int64_t magnitude = static_cast<std::int64_t>(b & ~sign);
  return (b & sign) ? -magnitude : magnitude;
}

template <class Bits, class Float>
std::uint64_t float_distance(const unsigned char* a, const unsigned char* b) {
  Float x, y;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  if (std::isnan(x) || std::isnan(y)) return (std::isnan(x) && std::isnan(y)) ? 0 : std::numeric_limits<std::uint64_t>::max();
  const std::int64_t i = ordered<Bits, Float>(a), j = ordered<Bits, Float>(b);
  return i > j ? static_cast<std::uint64_t>(i - j) : static_cast<std::uint64_t>(j - i);
}

}  // namespace

std::uint64_t ulp_distance(element_type t, const unsigned char* a, const unsigned char* b) noexcept {
  switch (t) {
    case element_type::f32: return float_distance<std::uint32_t, float>(a, b);
    case element_type::f64: return float_distance<std::uint64_t, double>(a, b);
    default: return std::memcmp(a, b, size_of(t)) == 0 ? 0 : 1;
  }
}

namespace {

template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace

std::string element_text(element_type t, const unsigned char* p) {
  char text[96];
  switch (t) {
    case element_type::i32: std::snprintf(text, sizeof text, "%" PRId32, load<std::int32_t>(p)); break;
    case element_type::u32: std::snprintf(text, sizeof text, "%" PRIu32, load<std::uint32_t>(p)); break;
    case element_type::i64: std::snprintf(text, sizeof text, "%" PRId64, load<std::int64_t>(p)); break;
    case element_type::u64: std::snprintf(text, sizeof text, "%" PRIu64, load<std::uint64_t>(p)); break;
    case element_type::f32:  // the value and its bits, so that a one-ulp difference is visible
      std::snprintf(text, sizeof text, "%.9g (0x%08" PRIx32 ")", static_cast<double>(load<float>(p)), load<std::uint32_t>(p));
      break;
    case element_type::f64:
      std::snprintf(text, sizeof text, "%.17g (0x%016" PRIx64 ")", load<double>(p), load<std::uint64_t>(p));
      break;
  }
  return text;
}

output_comparison compare(element_type t, const unsigned char* got, const unsigned char* want, std::uint64_t count,
                          std::uint64_t bound) noexcept {
  output_comparison c;
  const std::size_t size = size_of(t);
  const bool exact_only = !is_float(t);
  for (std::uint64_t i = 0; i < count; ++i) {
    const unsigned char* a = got + i * size;
    const unsigned char* b = want + i * size;
    if (std::memcmp(a, b, size) == 0) continue;
    const std::uint64_t d = ulp_distance(t, a, b);
    if (d == 0 || (!exact_only && d <= bound)) continue;
    if (c.differing++ == 0) {
      c.first = i;
      c.first_ulps = d;
    }
    if (d > c.worst_ulps) c.worst_ulps = d;
  }
  return c;
}

std::string ulps_text(std::uint64_t ulps) {
  if (ulps == std::numeric_limits<std::uint64_t>::max()) return "not measurable in ulps (NaN against a number)";
  return std::to_string(ulps) + " ulp";
}

}  // namespace tessera::conformance
