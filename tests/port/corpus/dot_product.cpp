// Dot product with a helper lambda declared restrict(amp) on the host and a lambda nested in the
// kernel; partial sums of each tile go to a global total by atomic_fetch_add.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TILE = 256;

int main(int argc, char** argv) {
  const int n = TILE * 8;
  std::vector<int> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 9 - 4;
    y[i] = (i * 5) % 7 - 3;
  }
  array_view<const int, 1> xv(n, x), yv(n, y);
  std::vector<int> total(1, 0);
  array_view<int, 1> sum(1, total);
  auto product = [](int a, int b) restrict(amp) { return a * b; };
  parallel_for_each(xv.extent.tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
    tile_static int partial[TILE];
    const int l = t.local[0];
    auto load = [=](int i) restrict(amp) -> int { return product(xv[i], yv[i]); };
    partial[l] = load(t.global[0]);
    t.barrier.wait();
    for (int stride = TILE / 2; stride > 0; stride >>= 1) {
      if (l < stride) partial[l] += partial[l + stride];
      t.barrier.wait();
    }
    if (l == 0) atomic_fetch_add(&sum[0], partial[0]);
  });
  sum.synchronize();
  int want = 0;
  for (int i = 0; i < n; ++i) want += x[i] * y[i];
  corpus::results out("dot_product", argc, argv);
  out.output("dot", total);
  return out.finish(total[0] == want, "dot product of 2048 ints = " + std::to_string(total[0]));
}
