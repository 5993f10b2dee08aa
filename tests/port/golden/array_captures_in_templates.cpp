// Kernels in a function template capture an array<T, N> whose type depends on the template's parameter:
// it is an array all the same, converted through a view where the view can stand in for it (passed to amp
// code whose array parameter becomes a view, too), and warned about (003) where the kernel binds it to a
// reference of its own.
#include <amp.h>
#include <vector>

using namespace concurrency;

template <typename T>
void add_one(index<1> i, array<T, 1>& a) restrict(amp) { a[i] += 1; }

template <typename T>
bool doubled_then_incremented(std::vector<T>& host) {
  array<T, 1> a(static_cast<int>(host.size()), host.begin());
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) { a[i] = a(i) * 2 + a.extent[0] * 0; });
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) { add_one<T>(i, a); });
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) {
    array<T, 1>& same = a;
    same[i] -= 1;
  });
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) { add_one<T>(i, a); });
  std::vector<T> out = a;
  return out[0] == host[0] * 2 + 1;
}

int main() {
  std::vector<int> host(8, 3);
  return doubled_then_incremented(host) ? 0 : 1;
}
