// The benchmark's kernels compiled with the checks' instrumentation (tessera_checked_kernels).
#include "check_cost_kernels.hpp"

namespace bench {
namespace {
struct checked {};
}  // namespace

kernels checked_kernels() { return {&matmul<checked>, &reduction<checked>, &tile_average_2x2<checked>}; }

}  // namespace bench
