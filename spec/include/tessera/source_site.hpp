// source_site: a file:line captured at a call site, usable in kernel code on every backend.
//
// std::source_location is not usable in nvcc device code; the __builtin_FILE/__builtin_LINE pair is, and
// it is all a diagnostic needs. Barrier and fence calls take one as a defaulted argument so that reports
// name the user's line, not Tessera's. On the host it also keeps the return address of the function that
// made the call: a helper that waits, called from two branches, waits at one line but from two places,
// and the emulator tells those apart (BAR-6).
#pragma once

#include <tessera/detail/config.hpp>

namespace tessera {

struct source_site {
  const char* file = "<unknown>";
  int line = 0;
  const void* caller = nullptr;  // where the calling function returns to (host compilations); not compared

  TESSERA_HD static constexpr source_site current(const char* file = __builtin_FILE(), int line = __builtin_LINE(),
                                                  const void* caller = TESSERA_CALLER_ADDRESS) noexcept {
    return source_site{file, line, caller};
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
