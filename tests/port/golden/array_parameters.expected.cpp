// Arrays taken by reference in amp functions become array_view parameters, so that a ported kernel, which
// holds views, passes its views. A function that also runs on the CPU is converted only where its body
// uses the array as a view would (a host caller then passes a view of its array); otherwise it keeps
// its arrays.
#include <amp.h>
#include <vector>

using namespace concurrency;

restrict_amp void add_one(index<1> i, const array_view<int, 1>& out);

restrict_amp void add_one(index<1> i, const array_view<int, 1>& out) { out[i] += 1; }

restrict_amp int twice(index<1> i, const concurrency::array_view<const int, 1>& in) { return in[i] * 2; }

template <typename T>
restrict_amp void scale(index<1> i, const array_view<const T, 1>& in, const array_view<T, 1>& out, T by) {
  out[i] = in[i] * by;
}

// Also runs on the CPU, uses the array as a view would: converted.
restrict_amp int length(const array_view<const int, 1>& a) { return a.get_extent()[0]; }

// Also runs on the CPU, compares the arrays' addresses, which views do not keep: unchanged.
restrict_amp bool same(const array<int, 1>& a, const array<int, 1>& b) { return &a == &b; }

// Also runs on the CPU, declared here and defined in each file that uses it (a header of a test suite):
// the definition, in amp code too, can reach the array only as a view would: converted.
template <typename T, int N>
restrict_amp void set_all(index<N>& idx, const array_view<T, N>& a);

template <typename T, int N>
void run_set_all(array<T, N>& a) {
  concurrency::array_view<T, N> a_view(a);
  parallel_for_each(a.get_extent(), [=] restrict_amp (index<N> idx) { set_all<T, N>(idx, a_view); });
}

template <typename T>
std::vector<T> tripled(const std::vector<T>& data) {
  array<T, 1> in(static_cast<int>(data.size()), data.begin()), out(static_cast<int>(data.size()));
  concurrency::array_view<T, 1> in_view(in);
  concurrency::array_view<T, 1> out_view(out);
  parallel_for_each(in.get_extent(), [=] restrict_amp (index<1> i) { scale<T>(i, in_view, out_view, T(3)); });
  return out;
}

int main() {
  std::vector<int> data(16, 1);
  array<int, 1> a(16, data.begin()), b(16);
  concurrency::array_view<int, 1> a_view(a);
  concurrency::array_view<int, 1> b_view(b);
  parallel_for_each(a.get_extent(), [=] restrict_amp (index<1> i) {
    add_one(i, a_view);
    b_view[i] = twice(i, a_view);
  });
  std::vector<int> doubled = b;
  const std::vector<int> three = tripled(data);
  return doubled[0] == 4 && three[0] == 3 && length(a) == 16 && !same(a, b) ? 0 : 1;
}
