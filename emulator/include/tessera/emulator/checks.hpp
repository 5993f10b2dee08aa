// What the emulator's checks look for in kernels built with tessera_checked_kernels(), and what a
// finding does to the launch (docs/checks.md). The checks themselves are declared in check_table.hpp;
// the enum, the names and the help text here are generated from that table.
#pragma once

#include <tessera/emulator/check_table.hpp>
#include <tessera/hazard_types.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace tessera::emulator {

// What a launch does about findings.
enum class check_mode {
  off,     // no checks at all (instrumented kernels run as if they were not)
  report,  // every finding is gathered; the launch runs to the end, then throws hazard_detected
  stop,    // the first finding stops the launch (the lowest tile's, so it is the same at every worker count)
};

namespace detail {
// The position of each check in the table.
enum check_position : unsigned {
#define TESSERA_CHECK_POSITION(name, ...) name##_position,
  TESSERA_EMULATOR_CHECKS(TESSERA_CHECK_POSITION)
#undef TESSERA_CHECK_POSITION
  check_count
};
}  // namespace detail

// One check each; every one can be switched on and off on its own. Bit i is the table's i-th line.
enum class check : unsigned {
#define TESSERA_CHECK_ENUMERATOR(name, ...) name = 1u << detail::name##_position,
  TESSERA_EMULATOR_CHECKS(TESSERA_CHECK_ENUMERATOR)
#undef TESSERA_CHECK_ENUMERATOR
};

class check_set {
 public:
  static constexpr unsigned all_bits = (1u << detail::check_count) - 1;

  constexpr check_set() noexcept = default;  // every check
  constexpr check_set(std::initializer_list<check> checks) noexcept : bits_(0) {
    for (check c : checks) bits_ |= static_cast<unsigned>(c);
  }
  static constexpr check_set none() noexcept { return check_set({}); }

  constexpr bool has(check c) const noexcept { return (bits_ & static_cast<unsigned>(c)) != 0; }
  constexpr check_set with(check c) const noexcept { return from_bits(bits_ | static_cast<unsigned>(c)); }
  constexpr check_set without(check c) const noexcept { return from_bits(bits_ & ~static_cast<unsigned>(c)); }
  constexpr unsigned bits() const noexcept { return bits_; }
  constexpr bool operator==(const check_set&) const noexcept = default;

 private:
  static constexpr check_set from_bits(unsigned b) noexcept {
    check_set s;
    s.bits_ = b;
    return s;
  }
  unsigned bits_ = all_bits;
};

// One line of the table.
struct check_info {
  check id;
  const char* name;   // as TESSERA_CHECKS_OFF spells it
  const char* doc;    // one line
  std::uint32_t kinds;  // bit k: reports hazard_kind k

  constexpr bool reports(::tessera::hazard_kind k) const noexcept { return (kinds >> static_cast<unsigned>(k)) & 1u; }
};

namespace detail {
constexpr std::uint32_t kind_bits(std::initializer_list<::tessera::hazard_kind> kinds) noexcept {
  std::uint32_t bits = 0;
  for (::tessera::hazard_kind k : kinds) bits |= 1u << static_cast<unsigned>(k);
  return bits;
}
}  // namespace detail

// Every check, in the table's order.
inline constexpr check_info check_table[] = {
#define TESSERA_CHECK_INFO(name, doc, ...)                  \
  {check::name, #name, doc, [] {                             \
     using enum ::tessera::hazard_kind;                      \
     return detail::kind_bits({__VA_ARGS__});                \
   }()},
    TESSERA_EMULATOR_CHECKS(TESSERA_CHECK_INFO)
#undef TESSERA_CHECK_INFO
};

// Every kind of finding has a check that reports it (and so a switch that turns it off).
static_assert([] {
  std::uint32_t reported = 0;
  for (const check_info& c : check_table) reported |= c.kinds;
  return reported == (1u << ::tessera::hazard_kind_count) - 1;
}(), "a hazard_kind that no check of check_table.hpp reports");

// The name used by TESSERA_CHECKS_OFF ("tile_static_races", ...).
const char* name_of(check c) noexcept;
// The check with that name; throws runtime_exception listing the names when there is none.
check check_named(const std::string& name);
// The checks, one per line: name, what it finds, the kinds it reports (TESSERA_CHECKS_OFF=help).
std::string check_help();

}  // namespace tessera::emulator
