// Names of tiles and threads in diagnostics: "(1,2)" for a rank-2 tile index, as the kernel sees it.
#pragma once

#include <tessera/emulator/launch.hpp>

#include <cstdint>
#include <string>

namespace tessera::emulator::detail {

std::string tuple_of(std::int64_t linear, const int* dims, int rank);

inline std::string tile_name(const tiled_launch& l, std::int64_t tile) { return tuple_of(tile, l.tiles_per_dim, l.rank); }
inline std::string local_name(const tiled_launch& l, int local) { return tuple_of(local, l.tile_dims, l.rank); }
// "tile (0,1) local (1,2) global (1,5)"
std::string thread_description(const tiled_launch& l, std::int64_t tile, int local);

inline std::string point_name(const simple_launch& l, std::int64_t point) { return tuple_of(point, l.extent, l.rank); }

}  // namespace tessera::emulator::detail
