// A case's named output: the backend's values, kept as bytes with their element type, so that results
// files made on different machines can be compared (diff) element by element.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace tessera::conformance {

enum class element_type { i32, u32, i64, u64, f32, f64 };

template <class T>
constexpr element_type element_type_of() {
  if constexpr (std::is_same_v<T, int>) return element_type::i32;
  else if constexpr (std::is_same_v<T, unsigned>) return element_type::u32;
  else if constexpr (std::is_same_v<T, long> || std::is_same_v<T, long long>) return element_type::i64;
  else if constexpr (std::is_same_v<T, unsigned long> || std::is_same_v<T, unsigned long long>) return element_type::u64;
  else if constexpr (std::is_same_v<T, float>) return element_type::f32;
  else if constexpr (std::is_same_v<T, double>) return element_type::f64;
  else static_assert(sizeof(T) == 0, "outputs are int, unsigned, 64-bit integers, float or double");
}

const char* name_of(element_type t) noexcept;        // "i32", "f32", ...
bool element_type_named(const std::string& name, element_type& out) noexcept;
std::size_t size_of(element_type t) noexcept;
bool is_float(element_type t) noexcept;

// An output's accuracy bound: floats within `ulps` units in the last place of the oracle, and within
// `across_backends` of the reference backend's value (0: bit-exact, as every exact computation must be);
// integers always exact.
struct ulp_bound {
  std::uint64_t ulps = 0;
  std::uint64_t across_backends = 0;
};
// The same bound against the oracle and between backends (an oracle that computes what the kernel does).
constexpr ulp_bound ulps(std::uint64_t n) { return ulp_bound{n, n}; }
// Within n ulps of a correctly rounded reference: two backends that each keep that bound may lie 2n apart.
constexpr ulp_bound ulps_from_reference(std::uint64_t n) { return ulp_bound{n, 2 * n}; }
constexpr ulp_bound exact{0, 0};

struct output {
  std::string name;
  element_type type = element_type::i32;
  std::uint64_t count = 0;
  std::uint64_t ulps = 0;
  std::vector<unsigned char> bytes;  // count elements of `type`, host byte order
};

// Distance in units in the last place between two floats of one type; 0 when bit-equal or both zero,
// the largest value when either is NaN and the other is not. Integers: 0 or 1 (equal or not).
std::uint64_t ulp_distance(element_type t, const unsigned char* a, const unsigned char* b) noexcept;
// One element as text ("1.5 (0x3fc00000)" for floats, so that a one-ulp difference is visible).
std::string element_text(element_type t, const unsigned char* p);

// How two outputs of one type differ: how many elements lie beyond the bound, and the first of them.
struct output_comparison {
  std::uint64_t differing = 0;
  std::uint64_t first = 0;
  std::uint64_t first_ulps = 0;
  std::uint64_t worst_ulps = 0;
};
output_comparison compare(element_type t, const unsigned char* got, const unsigned char* want, std::uint64_t count,
                          std::uint64_t bound) noexcept;

// An ulp distance as text: the number, or why there is none (a NaN against a number has no distance in
// ulps; compare() reports it as the largest distance, which must never be printed as a count).
std::string ulps_text(std::uint64_t ulps);

}  // namespace tessera::conformance
