// C++ AMP's indexing is unchecked (AV-8), and C++ AMP programs' host code reads views past their extent
// and gets the element at that address: a section's loop running on into its parent, a 2-D view read
// with its loop bounds swapped. Built through <amp.h>, such host reads give that element while the
// address lies inside the data's storage; past the storage, and in kernel code everywhere, the read is
// still refused with out_of_bounds. The program returns non-zero on a mismatch.
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>

using namespace concurrency;

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "MISMATCH", what);
    failures += ok ? 0 : 1;
  };
  std::vector<int> data(2 * 3 * 4);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 3> v(2, 3, 4, data);
  array_view<int, 3> s = v.section(extent<3>(2, 2, 2));
  check(s(1, 2, 2) == v(1, 2, 2), "a section read past its extent gives the parent's element there");
  std::vector<int> m(100 * 80);
  std::iota(m.begin(), m.end(), 0);
  array_view<const int, 2> grid(100, 80, m);
  check(grid(0, 80) == 80, "a 2-D view read past its row gives the next row's element");
  bool refused = false;
  try {
    (void)grid(99, 80);  // one past the storage
  } catch (const runtime_exception&) {
    refused = true;
  }
  check(refused, "a read past the storage throws");
  refused = false;
  try {
    parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { s(1, 2, 2) = 0; });
  } catch (const runtime_exception&) {
    refused = true;
  }
  check(refused && data[1 * 12 + 2 * 4 + 2] == 22, "kernel code past the extent is still refused");
  return failures;
}
