// Kernels in a function template capture an array<T, N> whose type depends on the template's parameter:
// it is an array all the same, converted through a view where the view can stand in for it (passed to amp
// code whose array parameter becomes a view, too), and warned about (003) where the kernel binds it to a
// reference of its own.
#include <amp.h>
#include <vector>

using namespace concurrency;

template <typename T>
restrict_amp void add_one(index<1> i, const array_view<T, 1>& a) { a[i] += 1; }

template <typename T>
bool doubled_then_incremented(std::vector<T>& host) {
  array<T, 1> a(static_cast<int>(host.size()), host.begin());
  concurrency::array_view<T, 1> a_view(a);
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { a_view[i] = a_view(i) * 2 + a_view.extent[0] * 0; });
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { add_one<T>(i, a_view); });
  parallel_for_each(a.extent, [&] restrict_amp (index<1> i) {
    // TESSERA-PORT-003: the kernel uses a captured array where an array_view cannot stand in for it (passed on, bound to a reference, its address taken, or inside a macro); capture an array_view of it by value and use the view in the kernel
    array<T, 1>& same = a;
    same[i] -= 1;
  });
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { add_one<T>(i, a_view); });
  std::vector<T> out = a;
  return out[0] == host[0] * 2 + 1;
}

int main() {
  std::vector<int> host(8, 3);
  return doubled_then_incremented(host) ? 0 : 1;
}
