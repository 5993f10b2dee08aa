// Source already in the form nvcc takes: nothing changes.
#include <amp.h>
#include <vector>

using namespace concurrency;

restrict_amp int twice(int x) { return 2 * x; }
int host_only(int x) restrict(cpu) { return x; }

int main() {
  std::vector<int> data(16, 1);
  array<int, 1> a(16, data.begin(), data.end());
  array_view<int, 1> a_view(a);
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { a_view[i] = twice(a_view[i]); });
  copy(a, data.begin());
  return host_only(data[0]) == 2 ? 0 : 1;
}
