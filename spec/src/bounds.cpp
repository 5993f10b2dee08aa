#include <tessera/detail/bounds.hpp>

#include <tessera/kernel_failures.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <string>

namespace tessera::detail {
namespace {

std::string tuple(const int* v, int rank) {
  std::string s = "(";
  for (int i = 0; i < rank; ++i) {
    if (i) s += ",";
    s += std::to_string(v[i]);
  }
  return s + ")";
}

std::string type_name(const std::type_info& t) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(t.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? name.get() : t.name();
}

}  // namespace

void throw_out_of_bounds(const std::type_info& container, const int* index, const int* extent, int rank) {
  // The callers' code addresses: the host backend finds the kernel's line among them, whether the
  // indexing was inlined into the kernel or not.
  std::vector<const void*> stack;
  if (host_backend.call_stack != nullptr) stack = host_backend.call_stack();
  throw out_of_bounds("out-of-bounds access: index " + tuple(index, rank) + " is outside the extent " + tuple(extent, rank) +
                          " of a " + type_name(container) + " (AV-8)",
                      std::move(stack));
}

void throw_bad_section(const char* container, const int* origin, const int* section, const int* extent, int rank) {
  throw runtime_exception(std::string("section at origin ") + tuple(origin, rank) + " with extent " + tuple(section, rank) +
                              " is empty or does not fit in the " + container + "'s extent " + tuple(extent, rank) +
                              "; a section needs an origin inside the parent and a positive extent that fits (AV-10)",
                          error_code::invalid_argument);
}

}  // namespace tessera::detail
