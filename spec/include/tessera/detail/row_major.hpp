// Row-major order: the model's one numbering of points, tiles and threads (dimension 0 is the most
// significant, as in index and extent). Every backend and every report turns a linear number into
// coordinates with this, so a tile, a thread or a point has the same name everywhere.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/index.hpp>

#include <cstdint>

namespace tessera::detail {

// The `rank` coordinates of `linear` in a grid of `dims` (any type indexable by int: int[], extent<N>).
// `linear` is a number in the grid and every dimension positive: the arithmetic is unsigned, so a
// dimension known at compile time (a tile's shape) costs a shift or a multiplication, not a signed
// division's corrections (a sixth of the instructions of a 2x2 tile in tile loops).
template <class Dims>
TESSERA_HD inline void delinearize(std::int64_t linear, const Dims& dims, int rank, int* out) {
  auto left = static_cast<std::uint64_t>(linear);
  for (int d = rank - 1; d >= 0; --d) {
    const auto n = static_cast<std::uint64_t>(dims[d]);
    out[d] = static_cast<int>(left % n);
    left /= n;
  }
}

template <int N, class Dims>
TESSERA_INLINE_INTO_KERNEL TESSERA_HD index<N> delinearize(std::int64_t linear, const Dims& dims) {
  index<N> idx;
  auto left = static_cast<std::uint64_t>(linear);
  for (int d = N - 1; d >= 0; --d) {
    const auto n = static_cast<std::uint64_t>(dims[d]);
    idx[d] = static_cast<int>(left % n);
    left /= n;
  }
  return idx;
}

}  // namespace tessera::detail
