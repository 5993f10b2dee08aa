// Arrays captured by reference become array_views made before the launch: [&], [&a], [=, &a], a const
// array, arrays of rank 2, a lambda stored before its launch, two launches sharing one view, a bare [&].
#include <amp.h>
#include <vector>

using namespace concurrency;

void fill(array<int, 2>& grid, const array<int, 2>& source) {
  concurrency::array_view<int, 2> grid_view(grid);
  concurrency::array_view<const int, 2> source_view(source);
  parallel_for_each(grid.extent, [=] restrict_amp (index<2> i) { grid_view[i] = source_view[i] + grid_view.extent[1]; });
}

// A goto must not jump over a view's declaration: the view follows the array's declaration instead.
int with_goto(int n) {
  array<int, 1> first(n);
  concurrency::array_view<int, 1> first_view(first);
  if (n < 1) goto done;
  {
    array<int, 1> second(n);
    concurrency::array_view<int, 1> second_view(second);
    parallel_for_each(first.extent, [=] restrict_amp (index<1> i) { first_view[i] = 2; });
    parallel_for_each(first.extent, [=] restrict_amp (index<1> i) { second_view[i] = first_view[i] + 1; });
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
  concurrency::array_view<int, 1> out_view(out);
  concurrency::array_view<int, 2> m_view(m);
  parallel_for_each(out.extent, [=] restrict_amp (index<1> i) { out_view[i] = (&m_view[concurrency::index<2>()])[0] + (&m_view[concurrency::index<2>()])[3]; });
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
  concurrency::array_view<int, 1> a_view(a);
  parallel_for_each(a.extent, [a_view] restrict_amp (index<1> i) { a_view[i] = i[0]; });
  concurrency::array_view<int, 1> b_view(b);
  parallel_for_each(a.extent, [=] restrict_amp (index<1> i) { b_view[i] = a_view(i[0]) * k; });
  auto kernel = [=] restrict_amp (index<1> i) { b_view[i] += k; };
  parallel_for_each(b.extent, kernel);
  if (k > 0) parallel_for_each(b.extent, [=] restrict_amp (index<1> i) { a_view[i] = b_view[i] - k; });
  std::vector<float> out(64);
  array_view<float, 1> o(64, out);
  parallel_for_each(o.extent, [=] restrict_amp (index<1> i) { o[i] = static_cast<float>(k); });
  array<int, 2> grid(8, 8);
  array<int, 2> source(8, 8, init.begin(), init.end());
  fill(grid, source);
  if (first_and_fourth(source) != 2) return 1;
  std::vector<int> result(64);
  copy(a, result.begin());
  return result[5] == 5 * 3 && out[0] == 3.0f ? 0 : 1;
}
