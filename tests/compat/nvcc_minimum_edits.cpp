// A C++ AMP program with exactly the edits nvcc forces (docs/porting.md, "What nvcc needs") and no
// others: it keeps <amp.h>, <amp_math.h>, using namespace concurrency, restrict(cpu) and the Concurrency
// spelling; its kernel says restrict_amp before the parameter list, the helper it calls says
// restrict_amp in front, and the arrays reach the kernel as array_views captured by value. The host
// compiler's build runs it on the emulator; where nvcc is, the same file is built with nvcc and run on
// the GPU.
#include <amp.h>
#include <amp_math.h>
#include <iostream>
#include <vector>

using namespace concurrency;

static const int TILE = 64;
static const int BINS = 8;

// Was: float scaled_root(float x) restrict(amp, cpu)
restrict_amp float scaled_root(float x) { return 2.0f * precise_math::sqrt(x); }

// Host only: unchanged.
int expected_bin(int i) restrict(cpu) { return (i * 37 + i / 5) % BINS; }

int main() {
  const int size = 4096;
  std::vector<int> input(size);
  for (int i = 0; i < size; ++i) input[i] = expected_bin(i);

  array<int, 1> data(size, input.begin(), input.end());
  std::vector<int> zeros(BINS, 0);
  array<int, 1> bins(BINS, zeros.begin());
  std::vector<float> roots(size, 0.0f);
  array_view<float, 1> root_view(size, roots);
  root_view.discard_data();

  // Was: [=, &data, &bins](tiled_index<TILE> t) restrict(amp), with data and bins used directly.
  array_view<int, 1> data_view = data;
  array_view<int, 1> bins_view = bins;
  parallel_for_each(data.extent.tile<TILE>(), [=] restrict_amp (tiled_index<TILE> t) {
    tile_static int local_bins[BINS];
    if (t.local[0] < BINS) local_bins[t.local[0]] = 0;
    t.barrier.wait_with_tile_static_memory_fence();
    const int v = data_view[t.global];
    atomic_fetch_add(&local_bins[v], 1);
    root_view[t.global] = scaled_root(static_cast<float>(v));
    t.barrier.wait_with_tile_static_memory_fence();
    if (t.local[0] < BINS) atomic_fetch_add(&bins_view[t.local[0]], local_bins[t.local[0]]);
  });

  std::vector<int> histogram(BINS);
  copy(bins, histogram.begin());
  root_view.synchronize();

  std::vector<int> want(BINS, 0);
  for (int v : input) ++want[v];
  int wrong = 0;
  for (int b = 0; b < BINS; ++b) {
    if (histogram[b] != want[b]) {
      ++wrong;
      std::cerr << "bin " << b << ": " << histogram[b] << ", want " << want[b] << "\n";
    }
  }
  for (int i = 0; i < size; ++i) {
    if (roots[i] != scaled_root(static_cast<float>(input[i]))) {
      if (wrong++ < 5) std::cerr << "root " << i << ": " << roots[i] << "\n";
    }
  }
  std::cout << (wrong ? "FAIL" : "ok") << ": histogram and roots with the edits nvcc needs\n";
  return wrong ? 1 : 0;
}
