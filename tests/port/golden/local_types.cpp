// A kernel that captures a variable of a type local to the function (directly, or as the element of an
// array_view): the type moves, unchanged, to namespace scope before the function.
#include <amp.h>
#include <vector>

using namespace concurrency;

int sum_of_points() {
  struct point {
    int x;
    int y;
  };
  std::vector<point> points(16, point{1, 2});
  array_view<point, 1> pv(16, points);
  struct offset_t { int dx; };
  offset_t off = {5};
  std::vector<int> out(16);
  array_view<int, 1> o(16, out);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = pv[i].x + pv[i].y + off.dx; });
  o.synchronize();
  return out[0];
}

int main() { return sum_of_points() == 8 ? 0 : 1; }
