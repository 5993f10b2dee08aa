#include <tessera/conformance/expectation.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace tessera::conformance {

namespace detail {
std::string demangle(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(mangled);
}
}  // namespace detail

std::string describe(const expectation& e) {
  switch (e.outcome) {
    case expected_outcome::pass: return "pass";
    case expected_outcome::exception: return "throws " + (e.type_name ? e.type_name() : std::string("?"));
    case expected_outcome::hazard: return std::string("hazard: ") + e.detail;
    case expected_outcome::divergence: return "barrier divergence";
    case expected_outcome::out_of_bounds: return "out of bounds";
  }
  return "?";
}

}  // namespace tessera::conformance
