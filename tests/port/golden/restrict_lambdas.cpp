// restrict(amp) on kernel lambdas: every capture form, mutable helpers, trailing return types, a kernel
// over many lines, and restrict(cpu, amp) / restrict(amp, cpu).
#include <amp.h>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  int offset = 2;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += offset; });
  parallel_for_each(v.extent, [v, offset](index<1> i) restrict(amp) { v[i] -= offset; });
  parallel_for_each(v.extent, [=](index<1> i) restrict(cpu, amp) { v[i] *= 2; });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp, cpu) -> void { v[i] /= 2; });
  parallel_for_each(v.extent.tile<16>(),
                    [=](tiled_index<16> t)
                        restrict(amp)
                    {
                      tile_static int s[16];
                      s[t.local[0]] = v[t.global];  // a comment stays
                      t.barrier.wait();
                      v[t.global] = s[15 - t.local[0]];
                    });
  auto square = [](int x) mutable restrict(amp) -> int { return x * x; };
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = square(v[i]); });
  auto host_only = [](int x) restrict(cpu) { return x + 1; };
  v.synchronize();
  return host_only(data[0]) == 2 ? 0 : 1;
}
