// A kernel that captures a variable of a type local to the function (directly, or as the element of an
// array_view): the type moves, unchanged, to namespace scope before the function. A definition that
// also declares a variable moves without it: the variable stays, of the type named.
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

int scaled(int factor) {
  std::vector<int> out(4);
  array_view<int, 1> o(4, out);
  const struct scale_t {
    scale_t(int f) : by(f) {}
    int by;
  } scale(factor);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = i[0] * scale.by; });
  o.synchronize();
  return out[3];
}

int main() { return sum_of_points() == 8 && scaled(2) == 6 ? 0 : 1; }
