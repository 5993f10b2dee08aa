// Serial oracle of tile_histogram (histogram.hpp).
#pragma once

#include <vector>

namespace tessera::kernels::oracle {

inline std::vector<int> histogram(const std::vector<int>& values, int bins) {
  std::vector<int> h(static_cast<std::size_t>(bins), 0);
  for (int v : values)
    if (v >= 0 && v < bins) ++h[static_cast<std::size_t>(v)];
  return h;
}

}  // namespace tessera::kernels::oracle
