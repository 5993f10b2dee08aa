// Validation of a launch's compute domain, shared by every backend so that the same bad domain gives the
// same invalid_compute_domain everywhere (PFE-3, PFE-4, PFE-12).
//
// Project decision (PFE-12): a zero or negative extent component is an error, not a no-op; a launch over
// nothing is almost always a sizing bug.
#pragma once

#include <tessera/tiled_extent.hpp>

namespace tessera::detail {

// Throws invalid_compute_domain naming the offending dimension and the fix.
void validate_simple_domain(const int* extent, int rank);
void validate_tiled_domain(const int* extent, const int* tile, int rank);

template <int N>
void validate(const extent<N>& e) {
  int c[N];
  for (int i = 0; i < N; ++i) c[i] = e[i];
  validate_simple_domain(c, N);
}

template <int D0, int D1, int D2>
void validate(const tiled_extent<D0, D1, D2>& e) {
  constexpr int rank = tiled_rank<D0, D1, D2>;
  constexpr auto tile = tile_extent_of<D0, D1, D2>();
  int c[rank];
  int t[rank];
  for (int i = 0; i < rank; ++i) {
    c[i] = e[i];
    t[i] = tile[i];
  }
  validate_tiled_domain(c, t, rank);
}

}  // namespace tessera::detail
