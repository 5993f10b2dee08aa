// restrict(amp) and restrict(amp, cpu) on free functions, templates, member functions, operators and
// constructors, declarations and definitions, member functions of a class local to a kernel; restrict(cpu)
// alone stays.
#include <amp.h>
#include <vector>

using namespace concurrency;

float scale(float x) restrict(amp);
float scale(float x) restrict(amp) { return 3.0f * x; }

template <typename T>
T twice(T x) restrict(amp, cpu) { return x + x; }

static inline int host_side(int x) restrict(cpu) { return x - 1; }

struct pair2 {
  float a, b;
  pair2() restrict(cpu, amp) : a(0), b(0) {}
  pair2(float x, float y) restrict(amp, cpu)
      : a(x), b(y) {}
  pair2 operator+(const pair2& o) const restrict(amp) { return pair2(a + o.a, b + o.b); }
  float sum() const restrict(amp);
  explicit operator float() const restrict(amp) { return a * b; }
};

float pair2::sum() const restrict(amp) { return a + b; }

int main() {
  std::vector<float> data(32, 1.0f);
  array_view<float, 1> v(32, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    pair2 p = pair2(v[i], 2.0f) + pair2(1.0f, 1.0f);
    v[i] = twice(scale(p.sum())) + static_cast<float>(p);
  });
  // A class local to a kernel: its member functions are amp code in C++ AMP, restriction or not.
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict(amp) {
    tile_static float shared;
    struct holder {
      void put(float x) { shared = x; }
      float get() const { return shared; }
    };
    if (t.local[0] == 0) holder().put(1.0f);
    t.barrier.wait();
    v[t] += holder().get() - 1.0f;
  });
  v.synchronize();
  return host_side(static_cast<int>(data[0])) == 29 ? 0 : 1;
}
