#include "thread_names.hpp"

#include <vector>

namespace tessera::emulator::detail {

std::string tuple_of(std::int64_t linear, const int* dims, int rank) {
  std::vector<int> c(static_cast<std::size_t>(rank));
  for (int d = rank - 1; d >= 0; --d) {
    c[d] = static_cast<int>(linear % dims[d]);
    linear /= dims[d];
  }
  std::string s = "(";
  for (int d = 0; d < rank; ++d) {
    if (d) s += ",";
    s += std::to_string(c[d]);
  }
  return s + ")";
}

std::string thread_description(const tiled_launch& l, std::int64_t tile, int local) {
  std::int64_t t = tile;
  int l_rest = local;
  int global[3] = {};
  for (int d = l.rank - 1; d >= 0; --d) {
    global[d] = static_cast<int>(t % l.tiles_per_dim[d]) * l.tile_dims[d] + l_rest % l.tile_dims[d];
    t /= l.tiles_per_dim[d];
    l_rest /= l.tile_dims[d];
  }
  std::string g = "(";
  for (int d = 0; d < l.rank; ++d) {
    if (d) g += ",";
    g += std::to_string(global[d]);
  }
  return "tile " + tile_name(l, tile) + " local " + local_name(l, local) + " global " + g + ")";
}

}  // namespace tessera::emulator::detail
