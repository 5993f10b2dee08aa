// The benchmark's kernels compiled as usual: the baseline.
#include "check_cost_kernels.hpp"

namespace bench {
namespace {
struct plain {};
}  // namespace

kernels plain_kernels() { return {&matmul<plain>, &reduction<plain>, &tile_average_2x2<plain>}; }

}  // namespace bench
