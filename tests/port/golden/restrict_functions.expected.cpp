// restrict(amp) and restrict(amp, cpu) on free functions, templates, member functions, operators and
// constructors, declarations and definitions, member functions of a class local to a kernel; restrict(cpu)
// alone stays.
#include <amp.h>
#include <vector>

using namespace concurrency;

restrict_amp float scale(float x);
restrict_amp float scale(float x) { return 3.0f * x; }

template <typename T>
restrict_amp T twice(T x) { return x + x; }

static inline int host_side(int x) restrict(cpu) { return x - 1; }

struct pair2 {
  float a, b;
  restrict_amp pair2() : a(0), b(0) {}
  restrict_amp pair2(float x, float y)
      : a(x), b(y) {}
  restrict_amp pair2 operator+(const pair2& o) const { return pair2(a + o.a, b + o.b); }
  restrict_amp float sum() const;
  restrict_amp explicit operator float() const { return a * b; }
};

restrict_amp float pair2::sum() const { return a + b; }

int main() {
  std::vector<float> data(32, 1.0f);
  array_view<float, 1> v(32, data);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) {
    pair2 p = pair2(v[i], 2.0f) + pair2(1.0f, 1.0f);
    v[i] = twice(scale(p.sum())) + static_cast<float>(p);
  });
  // A class local to a kernel: its member functions are amp code in C++ AMP, restriction or not.
  parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static float shared;
    struct holder {
      restrict_amp void put(float x) { shared = x; }
      restrict_amp float get() const { return shared; }
    };
    if (t.local[0] == 0) holder().put(1.0f);
    t.barrier.wait();
    v[t] += holder().get() - 1.0f;
  });
  v.synchronize();
  return host_side(static_cast<int>(data[0])) == 29 ? 0 : 1;
}
