// A lambda nested inside a kernel is device code already: its restriction is dropped (nvcc refuses an
// extended lambda inside another); so is one inside a restrict(amp) function, and one passed to a macro
// that calls it on the host and again inside a kernel (one text, two lambdas: the kernel's copy decides).
#include <amp.h>
#include <vector>

using namespace concurrency;

#define ON_HOST_AND_IN_A_KERNEL(view, func)                                         \
  [&] {                                                                            \
    const int host = func();                                                       \
    parallel_for_each(view.extent, [=] restrict_amp (index<1> i) { view[i] = func(); }); \
    return host;                                                                   \
  }()

restrict_amp int apply_twice(int x) {
  auto add_one = [](int y) { return y + 1; };
  return add_one(add_one(x));
}

int main() {
  std::vector<int> data(16, 0);
  array_view<int, 1> v(16, data);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) {
    auto inner = [=](int y) -> int { return y * 2; };
    auto deeper = [&](int y) {
      auto deepest = [](int z) { return z - 1; };
      return deepest(inner(y));
    };
    v[i] = apply_twice(deeper(i[0]));
  });
  v.synchronize();
  const bool nested_ok = data[3] == 3 * 2 - 1 + 2;
  const int host = ON_HOST_AND_IN_A_KERNEL(v, []() -> int { return 7; });
  v.synchronize();
  return nested_ok && host == 7 && data[0] == 7 ? 0 : 1;
}
