// What tessera-port cannot convert stays in place with a numbered warning: every warning the rules can
// give on a file that parses.
#include <amp.h>
#include <vector>

using namespace concurrency;

// a name CUDA declares in every file: 011
struct float4 {
  float x, y, z, w;
};

struct holder {
  array<int, 1>& data;
};

int touch(array<int, 1>& a) restrict(amp, cpu) { return a[0]; }

class grid {
 public:
  void go() { run(); }

 private:
  class inner {
   public:
    void launch(array_view<int, 1> v) {
      parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 1; });
    }
  };
  void run() {
    // array reached through this
    parallel_for_each(cells_.extent, [=](index<1> i) restrict(amp) { this->cells_[i] = 0; });
  }
  array<int, 1> cells_{16};
};

class tracker {
 public:
  void count(array_view<int, 1> v) {
    // a local type in a member function cannot move: 006
    struct step { int by; };
    step s = {1};
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += s.by; });
  }
};

template <typename T>
auto deduced(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = T(); });
  return 0;
}

int main() {
  array<int, 1> a(16);
  holder h{a};
  int total = 0;
  // passed on to amp code, whose array parameter becomes a view: converted
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) { a[i] = touch(a); });
  // bound to a reference of the kernel's own: 003
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) {
    array<int, 1>& same = a;
    same[i] += 1;
  });
  // a host variable written by the kernel: 004
  parallel_for_each(a.extent, [&](index<1> i) restrict(amp) { total += a[i]; });
  // an array through a captured object: 002
  parallel_for_each(a.extent, [&h](index<1> i) restrict(amp) { h.data[i] = 1; });
  // a capture by reference with an initializer: 009
  parallel_for_each(a.extent, [&alias = a](index<1> i) restrict(amp) { alias[i] = 3; });
  struct local_kernel {
    array_view<int, 1> v;
    void operator()(index<1> i) const restrict(amp) { v[i] = 2; }
  };
  std::vector<int> d(16);
  array_view<int, 1> v(16, d);
  // a local function object: 008
  parallel_for_each(v.extent, local_kernel{v});
  deduced(v);
  grid g;
  g.go();
  tracker().count(v);
  return total;
}
