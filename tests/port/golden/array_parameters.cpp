// Arrays taken by reference in amp functions become array_view parameters, so that a ported kernel, which
// holds views, passes its views. A function that also runs on the CPU is converted only where its body
// uses the array as a view would (a host caller then passes a view of its array); otherwise it keeps
// its arrays.
#include <amp.h>
#include <vector>

using namespace concurrency;

void add_one(index<1> i, array<int, 1>& out) restrict(amp);

void add_one(index<1> i, array<int, 1>& out) restrict(amp) { out[i] += 1; }

int twice(index<1> i, const concurrency::array<int, 1>& in) restrict(amp) { return in[i] * 2; }

template <typename T>
void scale(index<1> i, const array<T, 1>& in, array<T, 1>& out, T by) restrict(amp) {
  out[i] = in[i] * by;
}

// Also runs on the CPU, uses the array as a view would: converted.
int length(const array<int, 1>& a) restrict(amp, cpu) { return a.get_extent()[0]; }

// Also runs on the CPU, compares the arrays' addresses, which views do not keep: unchanged.
bool same(const array<int, 1>& a, const array<int, 1>& b) restrict(amp, cpu) { return &a == &b; }

// Also runs on the CPU, declared here and defined in each file that uses it (a header of a test suite):
// the definition, in amp code too, can reach the array only as a view would: converted.
template <typename T, int N>
void set_all(index<N>& idx, array<T, N>& a) restrict(cpu, amp);

template <typename T, int N>
void run_set_all(array<T, N>& a) {
  parallel_for_each(a.get_extent(), [&](index<N> idx) restrict(amp) { set_all<T, N>(idx, a); });
}

template <typename T>
std::vector<T> tripled(const std::vector<T>& data) {
  array<T, 1> in(static_cast<int>(data.size()), data.begin()), out(static_cast<int>(data.size()));
  parallel_for_each(in.get_extent(), [&](index<1> i) restrict(amp) { scale<T>(i, in, out, T(3)); });
  return out;
}

int main() {
  std::vector<int> data(16, 1);
  array<int, 1> a(16, data.begin()), b(16);
  parallel_for_each(a.get_extent(), [&](index<1> i) restrict(amp) {
    add_one(i, a);
    b[i] = twice(i, a);
  });
  std::vector<int> doubled = b;
  const std::vector<int> three = tripled(data);
  return doubled[0] == 4 && three[0] == 3 && length(a) == 16 && !same(a, b) ? 0 : 1;
}
