// The benchmark's kernels on the checked compiled path: compiled with the checks' instrumentation and
// through tessera-phases --checked (tessera_checked_kernels and tessera_phased_kernels), so that those that
// can run in tile loops are checked there.
#include "check_cost_kernels.hpp"

namespace bench {
namespace {
struct phased_checked {};
}  // namespace

kernels phased_checked_kernels() { return {&matmul<phased_checked>, &reduction<phased_checked>, &tile_average_2x2<phased_checked>}; }

}  // namespace bench
