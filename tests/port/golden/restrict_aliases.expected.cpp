// A macro whose whole definition is one restriction, as Microsoft's <amp.h> defines __GPU
// (restrict(amp, cpu)) and __GPU_ONLY (restrict(amp)) and C++ AMP code writes them: each use, on a
// function or a lambda, is converted where it is written, as the restriction itself would be. The macros
// stay defined; nothing uses them afterwards.
#include <amp.h>
#include <vector>

using namespace concurrency;

#define GPU_AND_CPU restrict(amp, cpu)
#define GPU_ONLY restrict(amp)
#define CPU_ONLY_EXPLICIT restrict(cpu)

restrict_amp int twice(int x) { return 2 * x; }
restrict_amp int thrice(int x);
restrict_amp int thrice(int x) { return 3 * x; }
int host_only(int x) CPU_ONLY_EXPLICIT { return x; }

struct scale {
  int factor;
  restrict_amp int apply(int x) const { return factor * x; }
};

int main() {
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data);
  const scale s{2};
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) {
    auto add_one = [=](int y) { return y + 1; };
    v[i] = add_one(s.apply(thrice(twice(v[i]))));
  });
  v.synchronize();
  return data[0] == host_only(13) ? 0 : 1;
}
