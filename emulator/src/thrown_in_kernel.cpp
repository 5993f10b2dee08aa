#include "thrown_in_kernel.hpp"

#include "code_sites.hpp"

#include <tessera/kernel_failures.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <typeinfo>

namespace tessera::emulator::detail {
namespace {

std::string demangled(const std::type_info& t) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(t.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? name.get() : t.name();
}

}  // namespace

std::exception_ptr describe_thrown(std::exception_ptr thrown, const std::string& where) {
  try {
    std::rethrow_exception(thrown);
  } catch (const out_of_bounds& e) {
    const std::string site = first_user_site(e.call_stack());
    return std::make_exception_ptr(
        out_of_bounds(std::string(e.what()) + (site.empty() ? "" : " at " + site) + " (" + where + ")", e.call_stack()));
  } catch (const std::exception& e) {
    return std::make_exception_ptr(
        kernel_exception("kernel code threw " + demangled(typeid(e)) + ": " + e.what() + " (" + where + "); the original is nested"));
  } catch (...) {
    return std::make_exception_ptr(kernel_exception("kernel code threw a non-standard exception (" + where + "); the original is nested"));
  }
}

}  // namespace tessera::emulator::detail
