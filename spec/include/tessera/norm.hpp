// norm and unorm: a float kept to [-1, 1] and a float kept to [0, 1] (SV-2, §10.7).
//
// Every way a value gets in (construction, compound assignment, ++/--, the arithmetic operators) clamps
// the result to the range, so a norm or unorm never holds a value outside it. NaN is not a number in any
// range and is kept as it is. Both convert implicitly to float; building one from a number is explicit,
// so that a clamp never happens by accident. A norm converts implicitly from a unorm (every unorm value
// is a norm value); the other way is explicit, since it clamps.
//
// Usable in kernels on every backend (TESSERA_HD), and in tile_static memory: the default constructor is
// constexpr, which nvcc accepts for __shared__ variables.
#pragma once

#include <tessera/detail/config.hpp>

namespace tessera::graphics {

class unorm;

namespace detail {
TESSERA_HD constexpr float clamp_to(float v, float lo, float hi) noexcept { return v < lo ? lo : (v > hi ? hi : v); }
}  // namespace detail

// The members both types share, written once; Derived supplies the range (lowest).
#define TESSERA_NORMALIZED_FLOAT_MEMBERS(C, LOWEST)                                                         \
 public:                                                                                                   \
  TESSERA_HD constexpr C() noexcept : value_(0.0f) {}                                                      \
  TESSERA_HD constexpr explicit C(float v) noexcept : value_(clamp(v)) {}                                  \
  TESSERA_HD constexpr explicit C(unsigned int v) noexcept : value_(clamp(static_cast<float>(v))) {}       \
  TESSERA_HD constexpr explicit C(int v) noexcept : value_(clamp(static_cast<float>(v))) {}                \
  TESSERA_HD constexpr explicit C(double v) noexcept : value_(clamp(static_cast<float>(v))) {}             \
  C(const C&) = default;                                                                                   \
  C& operator=(const C&) = default;                                                                        \
                                                                                                           \
  TESSERA_HD constexpr operator float() const noexcept { return value_; }                                  \
                                                                                                           \
  TESSERA_HD constexpr C& operator+=(const C& o) noexcept { return set(value_ + o.value_); }               \
  TESSERA_HD constexpr C& operator-=(const C& o) noexcept { return set(value_ - o.value_); }               \
  TESSERA_HD constexpr C& operator*=(const C& o) noexcept { return set(value_ * o.value_); }               \
  TESSERA_HD constexpr C& operator/=(const C& o) noexcept { return set(value_ / o.value_); }               \
  TESSERA_HD constexpr C& operator++() noexcept { return set(value_ + 1.0f); }                             \
  TESSERA_HD constexpr C operator++(int) noexcept {                                                        \
    C old = *this;                                                                                         \
    ++*this;                                                                                               \
    return old;                                                                                            \
  }                                                                                                        \
  TESSERA_HD constexpr C& operator--() noexcept { return set(value_ - 1.0f); }                             \
  TESSERA_HD constexpr C operator--(int) noexcept {                                                        \
    C old = *this;                                                                                         \
    --*this;                                                                                               \
    return old;                                                                                            \
  }                                                                                                        \
                                                                                                           \
  friend TESSERA_HD constexpr C operator+(const C& a, const C& b) noexcept { return C(a.value_ + b.value_); } \
  friend TESSERA_HD constexpr C operator-(const C& a, const C& b) noexcept { return C(a.value_ - b.value_); } \
  friend TESSERA_HD constexpr C operator*(const C& a, const C& b) noexcept { return C(a.value_ * b.value_); } \
  friend TESSERA_HD constexpr C operator/(const C& a, const C& b) noexcept { return C(a.value_ / b.value_); } \
  friend TESSERA_HD constexpr bool operator==(const C& a, const C& b) noexcept { return a.value_ == b.value_; } \
  friend TESSERA_HD constexpr bool operator!=(const C& a, const C& b) noexcept { return a.value_ != b.value_; } \
  friend TESSERA_HD constexpr bool operator<(const C& a, const C& b) noexcept { return a.value_ < b.value_; } \
  friend TESSERA_HD constexpr bool operator>(const C& a, const C& b) noexcept { return a.value_ > b.value_; } \
  friend TESSERA_HD constexpr bool operator<=(const C& a, const C& b) noexcept { return a.value_ <= b.value_; } \
  friend TESSERA_HD constexpr bool operator>=(const C& a, const C& b) noexcept { return a.value_ >= b.value_; } \
                                                                                                           \
 private:                                                                                                  \
  TESSERA_HD static constexpr float clamp(float v) noexcept { return detail::clamp_to(v, LOWEST, 1.0f); }  \
  TESSERA_HD constexpr C& set(float v) noexcept {                                                          \
    value_ = clamp(v);                                                                                     \
    return *this;                                                                                          \
  }                                                                                                        \
  float value_;

// A float in [-1, 1].
class norm {
  TESSERA_NORMALIZED_FLOAT_MEMBERS(norm, -1.0f)

 public:
  // Every unorm is a norm value: no clamp, so the conversion is implicit.
  TESSERA_HD constexpr norm(const unorm& u) noexcept;
  TESSERA_HD constexpr norm operator-() const noexcept { return norm(-value_); }
};

// A float in [0, 1]. It has no unary minus (C++ AMP gives it none).
class unorm {
  TESSERA_NORMALIZED_FLOAT_MEMBERS(unorm, 0.0f)

 public:
  // A negative norm clamps to 0, so this conversion is explicit.
  TESSERA_HD constexpr explicit unorm(const norm& n) noexcept : value_(clamp(static_cast<float>(n))) {}
};

#undef TESSERA_NORMALIZED_FLOAT_MEMBERS

TESSERA_HD constexpr norm::norm(const unorm& u) noexcept : value_(static_cast<float>(u)) {}

static_assert(sizeof(norm) == 4 && sizeof(unorm) == 4, "norm and unorm are one float, as in C++ AMP");

}  // namespace tessera::graphics
