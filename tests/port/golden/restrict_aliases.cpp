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

int twice(int x) GPU_AND_CPU { return 2 * x; }
int thrice(int x) GPU_ONLY;
int thrice(int x) GPU_ONLY { return 3 * x; }
int host_only(int x) CPU_ONLY_EXPLICIT { return x; }

struct scale {
  int factor;
  int apply(int x) const GPU_AND_CPU { return factor * x; }
};

int main() {
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data);
  const scale s{2};
  parallel_for_each(v.extent, [=](index<1> i) GPU_ONLY {
    auto add_one = [=](int y) GPU_ONLY { return y + 1; };
    v[i] = add_one(s.apply(thrice(twice(v[i]))));
  });
  v.synchronize();
  return data[0] == host_only(13) ? 0 : 1;
}
