// Arrays taken by reference in functions restricted to amp alone become array_view parameters, so that a
// ported kernel, which holds views, passes its views; a function that also runs on the CPU keeps its
// arrays.
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

// Also runs on the CPU: unchanged.
int length(const array<int, 1>& a) restrict(amp, cpu) { return a.get_extent()[0]; }

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
  return doubled[0] == 4 && three[0] == 3 && length(a) == 16 ? 0 : 1;
}
