// Serial oracle of bitonic_sort_tiles (bitonic_sort.hpp): every block of `width` elements sorted.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

namespace tessera::kernels::oracle {

template <class T>
std::vector<T> sort_tiles(std::vector<T> data, int width, bool ascending = true) {
  for (std::size_t b = 0; b + static_cast<std::size_t>(width) <= data.size(); b += static_cast<std::size_t>(width)) {
    if (ascending) std::sort(data.begin() + b, data.begin() + b + width);
    else std::sort(data.begin() + b, data.begin() + b + width, std::greater<T>());
  }
  return data;
}

}  // namespace tessera::kernels::oracle
