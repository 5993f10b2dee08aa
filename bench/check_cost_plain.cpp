// The benchmark's kernels compiled as usual: the baseline.
#include "check_cost_kernels.hpp"

namespace bench {
namespace {
struct plain {};
}  // namespace

kernels plain_kernels() { return {&tiled_matmul<plain>, &tree_reduction<plain>}; }

}  // namespace bench
