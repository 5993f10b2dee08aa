// Row-major order: the model's one numbering of points, tiles and threads (dimension 0 is the most
// significant, as in index and extent). Every backend and every report turns a linear number into
// coordinates with this, so a tile, a thread or a point has the same name everywhere.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/index.hpp>

#include <cstdint>

namespace tessera::detail {

// The `rank` coordinates of `linear` in a grid of `dims` (any type indexable by int: int[], extent<N>).
template <class Dims>
TESSERA_HD inline void delinearize(std::int64_t linear, const Dims& dims, int rank, int* out) {
  for (int d = rank - 1; d >= 0; --d) {
    out[d] = static_cast<int>(linear % dims[d]);
    linear /= dims[d];
  }
}

template <int N, class Dims>
TESSERA_HD inline index<N> delinearize(std::int64_t linear, const Dims& dims) {
  index<N> idx;
  for (int d = N - 1; d >= 0; --d) {
    idx[d] = static_cast<int>(linear % dims[d]);
    linear /= dims[d];
  }
  return idx;
}

}  // namespace tessera::detail
