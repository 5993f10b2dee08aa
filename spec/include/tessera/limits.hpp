// The launch limits Tessera enforces on every backend (PFE-4, TS-7). Microsoft's numbers, which are the
// spec's portable minimums too, so code that runs on Tessera runs on any C++ AMP implementation. The
// tile's own limits are checked when a launch compiles, the tile count when it runs (compute_domain.hpp).
#pragma once

namespace tessera::limits {

inline constexpr int max_threads_per_tile = 1024;
inline constexpr int max_tiles_per_dimension = 65535;
inline constexpr int max_tile_dim0_rank3 = 64;
inline constexpr int tile_static_bytes = 32 * 1024;

}  // namespace tessera::limits
