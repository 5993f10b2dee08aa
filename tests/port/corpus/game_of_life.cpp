// Conway's Game of Life on a torus: a function object is the kernel, its operator() restrict(amp), its
// boards array_views; generations alternate between two boards.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

struct life_step {
  array_view<const int, 2> from;
  array_view<int, 2> to;
  life_step(const array_view<const int, 2>& f, const array_view<int, 2>& t) : from(f), to(t) {}

  int alive(int y, int x) const restrict(amp, cpu) {
    const int h = from.extent[0], w = from.extent[1];
    return from((y + h) % h, (x + w) % w);
  }

  void operator()(index<2> idx) const restrict(amp) {
    const int y = idx[0], x = idx[1];
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (dy != 0 || dx != 0) n += alive(y + dy, x + dx);
    to[idx] = (n == 3 || (n == 2 && alive(y, x))) ? 1 : 0;
  }
};

std::vector<int> host_step(const std::vector<int>& b, int h, int w) {
  std::vector<int> next(h * w);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int n = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if (dy != 0 || dx != 0) n += b[((y + dy + h) % h) * w + (x + dx + w) % w];
      next[y * w + x] = (n == 3 || (n == 2 && b[y * w + x])) ? 1 : 0;
    }
  return next;
}

int main(int argc, char** argv) {
  const int h = 32, w = 48, generations = 8;
  std::vector<int> a(h * w), b(h * w);
  for (int i = 0; i < h * w; ++i) a[i] = ((i * 7) % 5 == 0 || (i * 3) % 11 == 0) ? 1 : 0;
  std::vector<int> want = a;
  for (int g = 0; g < generations; ++g) want = host_step(want, h, w);
  array_view<int, 2> board_a(h, w, a);
  array_view<int, 2> board_b(h, w, b);
  for (int g = 0; g < generations; ++g) {
    array_view<int, 2>& from = g % 2 == 0 ? board_a : board_b;
    array_view<int, 2>& to = g % 2 == 0 ? board_b : board_a;
    to.discard_data();
    parallel_for_each(to.extent, life_step(from, to));
  }
  board_a.synchronize();
  corpus::results out("game_of_life", argc, argv);
  out.output("board", a);
  return out.finish(a == want, "Game of Life, 32x48, 8 generations");
}
