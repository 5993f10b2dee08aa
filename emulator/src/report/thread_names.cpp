#include "thread_names.hpp"

#include <tessera/detail/row_major.hpp>

#include <vector>

namespace tessera::emulator::detail {

std::string tuple_of(std::int64_t linear, const int* dims, int rank) {
  std::vector<int> c(static_cast<std::size_t>(rank));
  tessera::detail::delinearize(linear, dims, rank, c.data());
  std::string s = "(";
  for (int d = 0; d < rank; ++d) {
    if (d) s += ",";
    s += std::to_string(c[d]);
  }
  return s + ")";
}

std::string thread_description(const tiled_launch& l, std::int64_t tile, int local) {
  int tile_index[3] = {}, local_index[3] = {}, global[3] = {};
  tessera::detail::delinearize(tile, l.tiles_per_dim, l.rank, tile_index);
  tessera::detail::delinearize(local, l.tile_dims, l.rank, local_index);
  for (int d = 0; d < l.rank; ++d) global[d] = tile_index[d] * l.tile_dims[d] + local_index[d];
  std::string g = "(";
  for (int d = 0; d < l.rank; ++d) {
    if (d) g += ",";
    g += std::to_string(global[d]);
  }
  return "tile " + tile_name(l, tile) + " local " + local_name(l, local) + " global " + g + ")";
}

}  // namespace tessera::emulator::detail
