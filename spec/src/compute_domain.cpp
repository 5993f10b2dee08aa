#include <tessera/compute_domain.hpp>

#include <tessera/exceptions.hpp>
#include <tessera/limits.hpp>

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
  // The tile's own limits (threads per tile, D0 at rank 3) were checked when the launch was compiled
  // (check_tile_launch_limits in compute_domain.hpp); what remains depends on the extent.
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
