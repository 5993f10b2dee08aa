// Tiled sum reduction: each tile reduces its part in tile_static memory; passes repeat on the partial
// sums, held in arrays captured by reference, until one value is left.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TILE = 64;

int add(int a, int b) restrict(cpu, amp) { return a + b; }

int reduce(const std::vector<int>& source) {
  int n = static_cast<int>(source.size());
  array<int, 1> a(n, source.begin(), source.end());
  array<int, 1> partial(n / TILE);
  while (n > 1) {
    const int tiles = n / TILE;
    parallel_for_each(extent<1>(n).tile<TILE>(), [=, &a, &partial](tiled_index<TILE> tidx) restrict(amp) {
      tile_static int shared[TILE];
      int local = tidx.local[0];
      shared[local] = a[tidx.global];
      tidx.barrier.wait();
      for (int stride = TILE / 2; stride > 0; stride /= 2) {
        if (local < stride) shared[local] = add(shared[local], shared[local + stride]);
        tidx.barrier.wait();
      }
      if (local == 0) partial[tidx.tile[0]] = shared[0];
    });
    n = tiles;
    if (n > 1) {
      parallel_for_each(extent<1>(n), [&](index<1> i) restrict(amp) { a[i] = partial[i]; });
    }
  }
  std::vector<int> result(1);
  copy(partial.section(0, 1), result.begin());
  return result[0];
}

int main(int argc, char** argv) {
  const int n = TILE * TILE;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = (i * 37) % 101 - 50;
  int want = 0;
  for (int v : data) want = add(want, v);
  const int got = reduce(data);
  corpus::results out("reduction", argc, argv);
  out.output("sum", std::vector<int>{got});
  return out.finish(got == want, "tiled reduction of 4096 ints = " + std::to_string(got));
}
