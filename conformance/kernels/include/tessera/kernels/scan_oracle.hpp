// Serial oracles of scan.hpp: prefix sums of the whole input, or of each Width-element tile on its own.
#pragma once

#include <tessera/kernels/scan.hpp>

#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> scan(const std::vector<T>& in, scan_kind kind, int width = 0) {
  std::vector<T> out(in.size());
  T run = T(0);
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (width > 0 && i % static_cast<std::size_t>(width) == 0) run = T(0);
    if (kind == scan_kind::exclusive) {
      out[i] = run;
      run += in[i];
    } else {
      run += in[i];
      out[i] = run;
    }
  }
  return out;
}

// Each tile of `width` elements scanned on its own.
template <class T>
std::vector<T> tile_scan(const std::vector<T>& in, scan_kind kind, int width) {
  return scan(in, kind, width);
}

}  // namespace tessera::kernels::oracle
