// What a conformance case expects of the backend under test: to pass (its outputs equal the oracle's),
// or one of the negative outcomes a case can declare. Every expectation is a constant, so a case's
// declaration is constant data (case_info), enumerated in main() and never run at static initialization.
#pragma once

#include <exception>
#include <string>
#include <typeinfo>

namespace tessera::conformance {

enum class expected_outcome {
  pass,           // no exception; every output within its bound of the oracle
  exception,      // the body throws an exception of exactly one type (invalid_compute_domain, out_of_memory,
                  // ...) from the statement marked `// expect: throws`
  hazard,         // the emulator's checks report a finding of one of `detail`'s kinds, at a marked line
  divergence,     // barrier_divergence naming a marked line
  out_of_bounds,  // tessera::out_of_bounds naming a marked line
};

struct expectation {
  expected_outcome outcome = expected_outcome::pass;
  const char* detail = "";                              // hazard: kinds, comma-separated, one must be reported
  bool (*matches)(const std::exception_ptr&) = nullptr;  // exception: is it exactly the expected type?
  std::string (*type_name)() = nullptr;                  // exception: the expected type, for messages

  // Positive cases pass; every other expectation makes a negative case.
  constexpr bool negative() const noexcept { return outcome != expected_outcome::pass; }
};

namespace detail {
// Exactly E, not a class derived from it: a case expecting runtime_exception is not satisfied by an
// invalid_compute_domain thrown for another reason.
template <class E>
bool is_exactly(const std::exception_ptr& thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (const E& e) {
    return typeid(e) == typeid(E);
  } catch (...) {
    return false;
  }
}
std::string demangle(const char* mangled);
template <class E>
std::string name_of() {
  return demangle(typeid(E).name());
}
}  // namespace detail

namespace expect {
inline constexpr expectation pass{};
template <class E>
inline constexpr expectation throws{expected_outcome::exception, "", &detail::is_exactly<E>, &detail::name_of<E>};
// hazard("read after write") or hazard("write after read,write after write"): the spelling of
// hazard_detected::hazard::kind.
constexpr expectation hazard(const char* kinds) { return expectation{expected_outcome::hazard, kinds, nullptr, nullptr}; }
inline constexpr expectation divergence{expected_outcome::divergence, "barrier divergence", nullptr, nullptr};
inline constexpr expectation out_of_bounds{expected_outcome::out_of_bounds, "out of bounds", nullptr, nullptr};
}  // namespace expect

// "pass", "throws tessera::invalid_compute_domain", "hazard: read after write", ...
std::string describe(const expectation& e);

}  // namespace tessera::conformance
