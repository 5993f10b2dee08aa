#include <tessera/detail/bounds.hpp>

#include <tessera/kernel_failures.hpp>

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

}  // namespace

void throw_out_of_bounds(const char* container, const int* index, const int* extent, int rank) {
  throw out_of_bounds(std::string("out-of-bounds access: index ") + tuple(index, rank) + " is outside the " + container +
                      "'s extent " + tuple(extent, rank) + " (AV-8)");
}

void throw_bad_section(const char* container, const int* origin, const int* section, const int* extent, int rank) {
  throw runtime_exception(std::string("section at origin ") + tuple(origin, rank) + " with extent " + tuple(section, rank) +
                              " does not fit in the " + container + "'s extent " + tuple(extent, rank) +
                              "; choose an origin and extent inside the parent (AV-10)",
                          error_code::invalid_argument);
}

}  // namespace tessera::detail
