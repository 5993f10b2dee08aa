// Histogram with atomics: each tile counts into tile_static bins, then adds them to the global bins
// held in an array captured by reference.
#include <amp.h>
#include <iostream>
#include <vector>
#include "corpus_results.hpp"

using namespace concurrency;

static const int BINS = 16;
static const int TILE = 128;

int bin_of(unsigned value) restrict(amp, cpu) { return static_cast<int>(value % BINS); }

int main(int argc, char** argv) {
  const int n = TILE * 32;
  std::vector<unsigned> samples(n);
  for (int i = 0; i < n; ++i) samples[i] = static_cast<unsigned>((i * 2654435761u) >> 7);
  array_view<const unsigned, 1> data(n, samples);
  std::vector<int> zeros(BINS, 0);
  array<int, 1> histogram(BINS, zeros.begin(), zeros.end());
  parallel_for_each(data.extent.tile<TILE>(), [=, &histogram](tiled_index<TILE> t) restrict(amp) {
    tile_static int local[BINS];
    if (t.local[0] < BINS) local[t.local[0]] = 0;
    t.barrier.wait();
    atomic_fetch_add(&local[bin_of(data[t.global])], 1);
    t.barrier.wait();
    if (t.local[0] < BINS) atomic_fetch_add(&histogram[t.local[0]], local[t.local[0]]);
  });
  std::vector<int> counts(BINS);
  copy(histogram, counts.begin());
  std::vector<int> want(BINS, 0);
  for (unsigned s : samples) ++want[bin_of(s)];
  corpus::results out("histogram", argc, argv);
  out.output("counts", counts);
  return out.finish(counts == want, "histogram of 4096 samples into 16 bins");
}
