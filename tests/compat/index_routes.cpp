// `using namespace concurrency; index<1> i;` with the standard headers before and after <amp.h>, in two
// translation units of one program (docs/porting.md, "index and POSIX ::index"). Each unit must compile,
// compute the same results, and take the route its include order calls for.
#include <iostream>

#include "index_routes.hpp"

namespace {
int check(const char* name, const route_result& r, bool want_macro) {
  int wrong = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      ++wrong;
      std::cerr << name << ": " << what << "\n";
    }
  };
  expect(r.index_is_a_macro == want_macro, want_macro ? "index should be the fallback macro" : "index should not be a macro");
  expect(r.coordinates == 11, "index<1>, concurrency::index<2>, Concurrency::index<3>");
  expect(r.variant_index == 1, "std::variant");
  expect(r.strchr_found, "std::strchr");
  expect(r.kernel_sum == 12, "a kernel over index<1>");
  return wrong;
}
}  // namespace

int main() {
  const int wrong = check("<amp.h> first", header_first(), false) + check("<amp.h> after <cstring>", after_cstring(), true);
  std::cout << (wrong ? "FAIL" : "ok") << ": both include orders, " << wrong << " wrong\n";
  return wrong ? 1 : 0;
}
