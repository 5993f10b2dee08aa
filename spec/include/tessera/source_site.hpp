// source_site: a file:line captured at a call site, usable in kernel code on every backend.
//
// std::source_location is not usable in nvcc device code; the __builtin_FILE/__builtin_LINE pair is, and
// it is all a diagnostic needs. Barrier and fence calls take one as a defaulted argument so that reports
// name the user's line, not Tessera's.
#pragma once

#include <tessera/detail/config.hpp>

namespace tessera {

struct source_site {
  const char* file = "<unknown>";
  int line = 0;

  TESSERA_HD static constexpr source_site current(const char* file = __builtin_FILE(),
                                                  int line = __builtin_LINE()) noexcept {
    return source_site{file, line};
  }

  TESSERA_HD friend constexpr bool operator==(const source_site& a, const source_site& b) noexcept {
    if (a.line != b.line) return false;
    if (a.file == b.file) return true;  // one call site: the same string literal
    const char* x = a.file;
    const char* y = b.file;
    while (*x != '\0' && *x == *y) { ++x; ++y; }
    return *x == *y;
  }
};

}  // namespace tessera
