// The kernels whose checking cost bench/check_cost.cpp measures: the shared 16x16 tiled matrix multiply
// (tessera/kernels/matmul.hpp), the shared 256-wide tree reduction (tessera/kernels/reduction.hpp) and the
// shared 2x2 tile average (tessera/kernels/tile_average.hpp).
// The same source is compiled twice, plainly (check_cost_plain.cpp) and with the checks' instrumentation
// (check_cost_checked.cpp); `Variant` is a tag type of each translation unit, passed on to the shared
// kernels, so the two builds of each kernel are distinct functions that the linker cannot merge.
#pragma once

#include <tessera/amp.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/tile_average.hpp>

#include <vector>

namespace bench {

// C = A * B, all n x n, on the default view.
template <class Variant>
void matmul(int n, const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c) {
  using namespace tessera;
  array_view<const float, 2> av(n, n, a), bv(n, n, b);
  array_view<float, 2> cv(n, n, c);
  cv.discard_data();
  tessera::kernels::tiled_matmul<16, float, Variant>(accelerator().get_default_view(), av, bv, cv);
  cv.synchronize();
}

// partial_sums[t] = the sum of in[t*256 .. t*256+255], on the default view.
template <class Variant>
void reduction(const std::vector<float>& in, std::vector<float>& partial_sums) {
  using namespace tessera;
  constexpr int width = 256;
  const int n = static_cast<int>(in.size());
  array_view<const float, 1> iv(n, in);
  array_view<float, 1> out(n / width, partial_sums);
  out.discard_data();
  tessera::kernels::tile_reduce<width, tessera::kernels::sum_op, float, Variant>(accelerator().get_default_view(), iv, out);
  out.synchronize();
}

// out = the 2x2 tile average of in (n x n), on the default view: a tile's work is a few instructions, so
// what a tile costs to start and end (and what the checks add to that) is most of the time.
template <class Variant>
void tile_average_2x2(int n, const std::vector<float>& in, std::vector<float>& out) {
  using namespace tessera;
  array_view<const float, 2> iv(n, n, in);
  array_view<float, 2> ov(n, n, out);
  ov.discard_data();
  tessera::kernels::tile_average<2, 2, float, Variant>(accelerator().get_default_view(), iv, ov);
  ov.synchronize();
}

// Each translation unit's entry points.
struct kernels {
  void (*matmul)(int, const std::vector<float>&, const std::vector<float>&, std::vector<float>&);
  void (*reduction)(const std::vector<float>&, std::vector<float>&);
  void (*tile_average)(int, const std::vector<float>&, std::vector<float>&);
};
kernels plain_kernels();
kernels checked_kernels();
kernels phased_checked_kernels();  // where tessera-phases is built (TESSERA_BENCH_PHASED_CHECKED)

}  // namespace bench
