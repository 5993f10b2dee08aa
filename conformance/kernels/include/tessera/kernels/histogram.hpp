// Histogram with tile_static atomics: each tile zeroes its own bins, the tile waits, every thread adds
// its value's bin with atomic_fetch_add on tile_static memory, the tile waits again, and the tile adds
// its non-zero bins into the global histogram with atomic_fetch_add (TS-9, ATOM-1, BAR-2).
//
//   tile_histogram<256, 64>(view, values, bins);   // bins: 64 ints, zeroed by the caller; added into
//
// Values outside [0, Bins) are not counted. Any number of values (padded launch, guarded). Integer
// counts: every backend agrees exactly with oracle::histogram (histogram_oracle.hpp).
#pragma once

#include <tessera/amp.hpp>

#include <string>

namespace tessera::kernels {

template <int Width, int Bins>
void tile_histogram(const accelerator_view& view, array_view<const int, 1> values, array_view<int, 1> bins) {
  static_assert(Width > 0 && Width <= 1024, "tile_histogram: at most 1024 threads per tile");
  static_assert(Bins > 0 && Bins * 4 <= 32768, "tile_histogram: the bins must fit the tile_static budget");
  if (bins.extent[0] != Bins) throw runtime_exception("tile_histogram: bins needs " + std::to_string(Bins) + " elements");
  const int n = values.extent[0];
  parallel_for_each(view, values.extent.tile<Width>().pad(), [=] restrict_amp (tiled_index<Width> t) {
    tile_static int local_bins[Bins];
    const int l = t.local[0], g = t.global[0];
    for (int b = l; b < Bins; b += Width) local_bins[b] = 0;
    t.barrier.wait();
    if (g < n) {
      const int v = values[g];
      if (v >= 0 && v < Bins) atomic_fetch_add(&local_bins[v], 1);
    }
    t.barrier.wait();
    for (int b = l; b < Bins; b += Width)
      if (local_bins[b] != 0) atomic_fetch_add(&bins[b], local_bins[b]);
  });
}

}  // namespace tessera::kernels
