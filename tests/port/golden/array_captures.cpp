// Arrays captured by reference become array_views made before the launch: [&], [&a], [=, &a], a const
// array, arrays of rank 2, a lambda stored before its launch, two launches sharing one view, a bare [&].
#include <amp.h>
#include <vector>

using namespace concurrency;

void fill(array<int, 2>& grid, const array<int, 2>& source) {
  parallel_for_each(grid.extent, [&](index<2> i) restrict(amp) { grid[i] = source[i] + grid.extent[1]; });
}

// A goto must not jump over a view's declaration: the view follows the array's declaration instead.
int with_goto(int n) {
  array<int, 1> first(n);
  if (n < 1) goto done;
  {
    array<int, 1> second(n);
    parallel_for_each(first.extent, [&](index<1> i) restrict(amp) { first[i] = 2; });
    parallel_for_each(first.extent, [&](index<1> i) restrict(amp) { second[i] = first[i] + 1; });
    std::vector<int> out(n);
    copy(second, out.begin());
    return out[0];
  }
done:
  return 0;
}

// data() of a rank-2 array in a kernel: a view has data() at rank 1 only; its element 0 stands in.
int first_and_fourth(array<int, 2>& m) {
  array<int, 1> out(1);
  parallel_for_each(out.extent, [&](index<1> i) restrict(amp) { out[i] = m.data()[0] + m.data()[3]; });
  std::vector<int> r(1);
  copy(out, r.begin());
  return r[0];
}

int main() {
  if (with_goto(4) != 3) return 1;
  std::vector<int> init(64, 1);
  array<int, 1> a(64, init.begin(), init.end());
  array<int, 1> b(64);
  int k = 3;
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = i[0]; });
  parallel_for_each(a.extent, [=, &a, &b](index<1> i) restrict(amp) { b[i] = a(i[0]) * k; });
  auto kernel = [&](index<1> i) restrict(amp) { b[i] += k; };
  parallel_for_each(b.extent, kernel);
  if (k > 0) parallel_for_each(b.extent, [&, k](index<1> i) restrict(amp) { a[i] = b[i] - k; });
  std::vector<float> out(64);
  array_view<float, 1> o(64, out);
  parallel_for_each(o.extent, [&](index<1> i) restrict(amp) { o[i] = static_cast<float>(k); });
  array<int, 2> grid(8, 8);
  array<int, 2> source(8, 8, init.begin(), init.end());
  fill(grid, source);
  if (first_and_fourth(source) != 2) return 1;
  std::vector<int> result(64);
  copy(a, result.begin());
  return result[5] == 5 * 3 && out[0] == 3.0f ? 0 : 1;
}
