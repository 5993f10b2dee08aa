// A histogram and per-tile sums as C++ AMP programs write them, with <cstring> included before <amp.h>
// (so the compat header takes its fallback for `index`, compat/index_macro.hpp): an array captured by
// reference, tile_static bins zeroed before a barrier, atomics on tile_static and on global memory,
// copy() in and out of the array, the fence variants of the barrier, and an index<1> named without
// qualification next to std::memcpy.
#include <cstring>
#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

static const int TILE = 64;
static const int BINS = 8;

int main() {
  const int size = 4096;
  std::vector<int> input(size);
  for (int i = 0; i < size; ++i) input[i] = (i * 37 + i / 5) % BINS;

  array<int, 1> data(size);
  copy(input.begin(), input.end(), data);
  array<int, 1> bins(BINS);
  std::vector<int> zeros(BINS, 0);
  copy(zeros.begin(), bins);
  std::vector<int> tile_sums(size / TILE, 0);
  array_view<int, 1> sums(size / TILE, tile_sums);
  std::vector<int> largest(1, -1);
  array_view<int, 1> max_value(1, largest);
  std::vector<int> first_tile_done(1, 0);
  array_view<int, 1> claimed(1, first_tile_done);

  parallel_for_each(data.extent.tile<TILE>(), [=, &data, &bins](tiled_index<TILE> t) restrict(amp) {
    tile_static int local_bins[BINS];
    tile_static int partial[TILE];
    if (t.local[0] < BINS) local_bins[t.local[0]] = 0;
    t.barrier.wait_with_tile_static_memory_fence();

    const int v = data[t.global];
    atomic_fetch_add(&local_bins[v], 1);
    atomic_fetch_max(&max_value[0], v);
    partial[t.local[0]] = v;
    t.barrier.wait_with_tile_static_memory_fence();

    // A tree sum of the tile's values.
    for (int stride = TILE / 2; stride > 0; stride /= 2) {
      if (t.local[0] < stride) partial[t.local[0]] += partial[t.local[0] + stride];
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (t.local[0] == 0) sums[t.tile] = partial[0];
    if (t.local[0] < BINS) atomic_fetch_add(&bins[t.local[0]], local_bins[t.local[0]]);

    // Exactly one thread of the whole launch wins the compare-exchange.
    int expected = 0;
    if (t.local[0] == 0) atomic_compare_exchange(&claimed[0], &expected, 1 + t.tile[0]);
    tile_static_memory_fence(t.barrier);
  });

  std::vector<int> histogram(BINS);
  copy(bins, histogram.begin());
  sums.synchronize();
  max_value.synchronize();
  claimed.synchronize();

  std::vector<int> want_histogram(BINS, 0);
  for (int v : input) ++want_histogram[v];
  int wrong = 0;
  for (int b = 0; b < BINS; ++b) {
    if (histogram[b] != want_histogram[b]) {
      ++wrong;
      std::cerr << "bin " << b << ": " << histogram[b] << ", want " << want_histogram[b] << "\n";
    }
  }
  for (int tile = 0; tile < size / TILE; ++tile) {
    int want = 0;
    for (int i = 0; i < TILE; ++i) want += input[tile * TILE + i];
    if (tile_sums[tile] != want) {
      ++wrong;
      std::cerr << "tile " << tile << " sums to " << tile_sums[tile] << ", want " << want << "\n";
    }
  }
  if (largest[0] != BINS - 1) {
    ++wrong;
    std::cerr << "atomic_fetch_max gave " << largest[0] << ", want " << BINS - 1 << "\n";
  }
  if (first_tile_done[0] < 1 || first_tile_done[0] > size / TILE) {
    ++wrong;
    std::cerr << "atomic_compare_exchange left " << first_tile_done[0] << "\n";
  }

  // An unqualified index<1> still means concurrency::index after <cstring> declared POSIX's ::index.
  index<1> last(size - 1);
  int copied = 0;
  std::memcpy(&copied, &input[last[0]], sizeof copied);
  if (copied != input[size - 1]) ++wrong;

  std::cout << (wrong ? "FAIL" : "ok") << ": histogram, tile sums and atomics, " << wrong << " wrong\n";
  return wrong ? 1 : 0;
}
