// 1-D convolution with a tile that loads its halo into tile_static memory; the filter's parameters
// are a struct local to the function, captured by value.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int TILE = 64;
static const int RADIUS = 4;

std::vector<float> convolve(const std::vector<float>& signal, const std::vector<float>& weights) {
  struct filter {
    int radius;
    float scale;
  };
  filter f = {RADIUS, 0.5f};
  const int n = static_cast<int>(signal.size());
  array<float, 1> input(n, signal.begin(), signal.end());
  array_view<const float, 1> w(2 * RADIUS + 1, weights);
  std::vector<float> result(n);
  array_view<float, 1> output(n, result);
  output.discard_data();
  parallel_for_each(output.extent.tile<TILE>(), [=, &input](tiled_index<TILE> t) restrict(amp) {
    tile_static float cache[TILE + 2 * RADIUS];
    const int g = t.global[0];
    const int l = t.local[0];
    cache[l + RADIUS] = input[g];
    if (l < RADIUS) {
      cache[l] = g - RADIUS >= 0 ? input[g - RADIUS] : 0.0f;
      cache[l + TILE + RADIUS] = g + TILE < n ? input[g + TILE] : 0.0f;
    }
    t.barrier.wait();
    float sum = 0.0f;
    for (int k = -f.radius; k <= f.radius; ++k) sum += w[k + f.radius] * cache[l + RADIUS + k];
    output[t.global] = sum * f.scale;
  });
  output.synchronize();
  return result;
}

int main(int argc, char** argv) {
  const int n = 1024;
  std::vector<float> signal(n), weights(2 * RADIUS + 1);
  for (int i = 0; i < n; ++i) signal[i] = static_cast<float>((i * 13) % 17 - 8);
  for (int k = 0; k <= 2 * RADIUS; ++k) weights[k] = static_cast<float>(k % 3 + 1);
  const std::vector<float> got = convolve(signal, weights);
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k) {
      const int j = i + k;
      sum += weights[k + RADIUS] * (j >= 0 && j < n ? signal[j] : 0.0f);
    }
    ok = ok && got[i] == sum * 0.5f;
  }
  corpus::results out("convolution", argc, argv);
  out.output("convolved", got);
  return out.finish(ok, "1-D convolution, radius 4, 1024 samples");
}
