// C++ AMP source that reopens namespace Concurrency to add its own helpers, as Microsoft's own test
// library does, and uses both spellings of the namespace to reach them; with access_type's unscoped
// constants combined and tested as bits, and the cpu accelerator set as the default. Each check prints
// what it saw; the program returns non-zero on a mismatch.
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

namespace Concurrency {
namespace Test {
// A helper in the library's own namespace, as amptest writes them.
inline bool is_readable(access_type type) { return (type & access_type_read) != 0; }
template <typename T>
int count_equal(const std::vector<T>& v, T value) {
  int n = 0;
  for (const T& x : v) n += x == value;
  return n;
}
}  // namespace Test
}  // namespace Concurrency

namespace Concurrency {  // reopened a second time
inline int twice(int x) restrict(amp, cpu) { return 2 * x; }
}  // namespace Concurrency

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "MISMATCH", what);
    failures += ok ? 0 : 1;
  };
  // C++ AMP lets the cpu accelerator be the default (it runs no kernels: launches then throw).
  check(accelerator::set_default(accelerator::cpu_accelerator), "set_default(cpu) succeeds before any use");
  check(accelerator() == accelerator(accelerator::cpu_accelerator), "the cpu accelerator is then the default");
  std::vector<int> data(64, 3);
  array_view<int, 1> v(64, data);
  bool refused = false;
  try {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 0; });
  } catch (const runtime_exception&) {
    refused = true;
  }
  check(refused, "a launch on the default (cpu) accelerator throws runtime_exception");

  check(Concurrency::Test::is_readable(access_type_read_write) && concurrency::Test::is_readable(access_type_read),
        "helpers added to Concurrency are reached through both spellings");
  check(!Test::is_readable(access_type_write), "and through using namespace concurrency");
  const access_type combined = static_cast<access_type>(access_type_read | access_type_write);
  check(combined == access_type_read_write && Concurrency::access_type_auto != access_type_none,
        "access_type's constants combine as bits");
  const accelerator emulator("emulator");
  check(emulator.get_default_cpu_access_type() & access_type_write,
        "an accelerator's default CPU access type tests as bits");

  parallel_for_each(emulator.get_default_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] = Concurrency::twice(v[i]); });
  v.synchronize();
  check(Test::count_equal(data, 6) == 64, "a kernel calls a restrict(amp, cpu) helper added to Concurrency");

  return failures;
}
