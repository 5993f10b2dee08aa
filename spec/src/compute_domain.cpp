#include <tessera/compute_domain.hpp>

#include <tessera/exceptions.hpp>
#include <tessera/limits.hpp>

#include <cstdint>
#include <sstream>
#include <string>

namespace tessera::detail {
namespace {

std::string tuple(const int* v, int rank) {
  std::ostringstream s;
  s << '(';
  for (int i = 0; i < rank; ++i) s << (i ? "," : "") << v[i];
  s << ')';
  return s.str();
}

[[noreturn]] void fail(const std::string& what, const std::string& fix) {
  throw invalid_compute_domain("invalid compute domain: " + what + "; " + fix);
}

void require_positive(const int* extent, int rank, const char* kind) {
  for (int i = 0; i < rank; ++i) {
    if (extent[i] <= 0) {
      fail(std::string(kind) + " extent " + tuple(extent, rank) + " has " + (extent[i] == 0 ? "zero" : "a negative") +
               " size in dimension " + std::to_string(i),
           "every dimension of a launch must be at least 1");
    }
  }
}

}  // namespace

void validate_simple_domain(const int* extent, int rank) { require_positive(extent, rank, "the"); }

void validate_tiled_domain(const int* extent, const int* tile, int rank) {
  require_positive(extent, rank, "the tiled");
  std::int64_t threads = 1;
  for (int i = 0; i < rank; ++i) threads *= tile[i];
  if (threads > limits::max_threads_per_tile) {
    fail("tile " + tuple(tile, rank) + " has " + std::to_string(threads) + " threads",
         "a tile may hold at most " + std::to_string(limits::max_threads_per_tile) + " threads; use a smaller tile");
  }
  if (rank == 3 && tile[0] > limits::max_tile_dim0_rank3) {
    fail("tile " + tuple(tile, rank) + " has D0 = " + std::to_string(tile[0]),
         "a rank-3 tile may have at most " + std::to_string(limits::max_tile_dim0_rank3) +
             " in dimension 0; put the larger size in dimension 1 or 2");
  }
  for (int i = 0; i < rank; ++i) {
    if (extent[i] % tile[i] != 0) {
      fail("extent " + tuple(extent, rank) + " is not divisible by tile " + tuple(tile, rank) + " in dimension " +
               std::to_string(i) + " (" + std::to_string(extent[i]) + " % " + std::to_string(tile[i]) + " = " +
               std::to_string(extent[i] % tile[i]) + ")",
           "launch on .pad() (and skip threads outside the data) or .truncate() of the tiled_extent");
    }
    if (extent[i] / tile[i] > limits::max_tiles_per_dimension) {
      fail("extent " + tuple(extent, rank) + " needs " + std::to_string(extent[i] / tile[i]) +
               " tiles in dimension " + std::to_string(i),
           "at most " + std::to_string(limits::max_tiles_per_dimension) +
               " tiles per dimension are allowed; use larger tiles or another dimension");
    }
  }
}

}  // namespace tessera::detail
