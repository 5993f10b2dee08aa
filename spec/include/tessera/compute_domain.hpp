// Validation of a launch's compute domain, shared by every backend so that the same bad domain gives the
// same error everywhere (PFE-3, PFE-4, PFE-12).
//
// The tile's shape is a template argument, so its limits (PFE-4: threads per tile, D0 at rank 3) are
// checked when the launch is compiled: a launch of tiled_extent<1025> does not compile. What depends on
// the extent, known only at run time (divisibility, tiles per dimension, empty or negative domains),
// throws invalid_compute_domain at the launch.
//
// The limits bind launches, not the types: as in C++ AMP, tiled_extent<64, 16, 4> (the spec's own
// example, §4.3) or extent<2>::tile<1000, 1000>() may be named and computed with; only launching one is
// an error.
//
// Project decision (PFE-12): a zero or negative extent component is an error, not a no-op; a launch over
// nothing is almost always a sizing bug.
#pragma once

#include <tessera/limits.hpp>
#include <tessera/tiled_extent.hpp>

namespace tessera::detail {

// D0 * D1 * D2 (the sizes a rank leaves out count as 1), capped just above what an int holds so that
// tiled_extent<INT_MAX, INT_MAX, INT_MAX> is rejected by the limit rather than by an overflow.
template <int D0, int D1, int D2>
constexpr long long threads_per_tile() {
  constexpr long long cap = 1LL << 31;
  long long threads = D0;
  if (D1 != 0) threads = threads * D1 < cap ? threads * D1 : cap;
  if (D2 != 0) threads = threads * D2 < cap ? threads * D2 : cap;
  return threads;
}

// PFE-4 / PROJ-4 at compile time, for every tiled launch on every backend.
template <int D0, int D1, int D2>
constexpr void check_tile_launch_limits() {
  static_assert(threads_per_tile<D0, D1, D2>() <= limits::max_threads_per_tile,
                "a launched tile may hold at most 1024 threads (limits::max_threads_per_tile, PFE-4): "
                "D0 * D1 * D2 is over it; use a smaller tile");
  static_assert(D2 == 0 || D0 <= limits::max_tile_dim0_rank3,
                "a launched rank-3 tile may be at most 64 in dimension 0 (limits::max_tile_dim0_rank3, "
                "PFE-4); put the larger size in D1 or D2");
}

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
  check_tile_launch_limits<D0, D1, D2>();
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
