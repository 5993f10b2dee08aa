// What tessera-port cannot convert stays in place with a numbered warning: every warning the rules can
// give on a file that parses.
#include <amp.h>
#include <vector>

using namespace concurrency;

// TESSERA-PORT-011: this global name is one CUDA declares in every file nvcc compiles (its vector types float3, int2, ... and dim3), so nvcc reports a redefinition: rename it, or put it in a namespace of your own
// a name CUDA declares in every file: 011
struct float4 {
  float x, y, z, w;
};

struct holder {
  array<int, 1>& data;
};

restrict_amp int touch(const array_view<int, 1>& a) { return a[0]; }

class grid {
 public:
  void go() { run(); }

 private:
  class inner {
   public:
    void launch(array_view<int, 1> v) {
      // TESSERA-PORT-005: this kernel sits in a member function that nvcc cannot reach (private or protected, in a private or unnamed class, or declared in a file not being ported); make the function and its classes public, or move the launch into a public member function or a free function
      parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = 1; });
    }
  };
  public: void run() {
    // array reached through this
    // TESSERA-PORT-002: the kernel reaches an array through a captured object or this; a GPU launch carries only captured array_views: make an array_view of that array before the launch and capture the view by value
    parallel_for_each(cells_.extent, [=] restrict_amp (index<1> i) { this->cells_[i] = 0; });
  } private:
  array<int, 1> cells_{16};
};

class tracker {
 public:
  void count(array_view<int, 1> v) {
    // a local type in a member function cannot move: 006
    struct step { int by; };
    step s = {1};
    // TESSERA-PORT-006: the kernel captures a variable whose type is local to the enclosing function, which nvcc refuses, and the type cannot be moved out of the function automatically (it names other local declarations, its name is taken at namespace scope, or the function is a member or a template): move the type to namespace scope by hand
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += s.by; });
  }
};

template <typename T>
auto deduced(array_view<T, 1> v) {
  // TESSERA-PORT-007: nvcc refuses a kernel lambda here (inside a generic lambda, a local class, or a function with a deduced return type): move the launch into an ordinary named function
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = T(); });
  return 0;
}

int main() {
  array<int, 1> a(16);
  holder h{a};
  int total = 0;
  // passed on to amp code, whose array parameter becomes a view: converted
  concurrency::array_view<int, 1> a_view(a);
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { a_view[i] = touch(a_view); });
  // bound to a reference of the kernel's own: 003
  parallel_for_each(a.extent, [&] restrict_amp (index<1> i) {
    // TESSERA-PORT-003: the kernel uses a captured array where an array_view cannot stand in for it (passed on, bound to a reference, its address taken, or inside a macro); capture an array_view of it by value and use the view in the kernel
    array<int, 1>& same = a;
    same[i] += 1;
  });
  // a host variable written by the kernel: 004
  // TESSERA-PORT-004: the kernel writes a variable captured by reference; a GPU kernel cannot write host variables (C++ AMP allows only array to be captured by reference): write the result into an array_view instead
  parallel_for_each(a.extent, [&] restrict_amp (index<1> i) { total += a[i]; });
  // an array through a captured object: 002
  // TESSERA-PORT-002: the kernel reaches an array through a captured object or this; a GPU launch carries only captured array_views: make an array_view of that array before the launch and capture the view by value
  parallel_for_each(a.extent, [h] restrict_amp (index<1> i) { h.data[i] = 1; });
  // a capture by reference with an initializer: 009
  // TESSERA-PORT-009: the kernel's capture list cannot be rewritten automatically (a pack expansion, an init-capture by reference, or a capture spelled by a macro): capture array_views by value and nothing by reference
  parallel_for_each(a.extent, [&alias = a] restrict_amp (index<1> i) { alias[i] = 3; });
  struct local_kernel {
    array_view<int, 1> v;
    restrict_amp void operator()(index<1> i) const { v[i] = 2; }
  };
  std::vector<int> d(16);
  array_view<int, 1> v(16, d);
  // a local function object: 008
  // TESSERA-PORT-008: the kernel is a function object whose class is local to a function or private to a class; nvcc cannot launch it: move the class to namespace scope (or make it public)
  parallel_for_each(v.extent, local_kernel{v});
  deduced(v);
  grid g;
  g.go();
  tracker().count(v);
  return total;
}
