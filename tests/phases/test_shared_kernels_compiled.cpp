// The shared kernels (conformance/kernels: matmul, tile averages, reductions, scans, transposes, sorts,
// stencils) on the compiled path, each against its serial oracle. Their headers are included as <...>:
// the rewritten copies must be found before the originals.
#include <tessera/amp.hpp>
#include <tessera/kernels/bitonic_sort.hpp>
#include <tessera/kernels/bitonic_sort_oracle.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/matmul_oracle.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/reduction_oracle.hpp>
#include <tessera/kernels/scan.hpp>
#include <tessera/kernels/scan_oracle.hpp>
#include <tessera/kernels/stencil.hpp>
#include <tessera/kernels/stencil_oracle.hpp>
#include <tessera/kernels/tile_average.hpp>
#include <tessera/kernels/tile_average_oracle.hpp>
#include <tessera/kernels/transpose.hpp>
#include <tessera/kernels/transpose_oracle.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace tessera;
namespace k = tessera::kernels;

const accelerator_view view() { return accelerator().get_default_view(); }

// Small integers: every sum is exact in float, so results equal the oracles bit for bit.
std::vector<float> small_values(std::size_t n, int seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>((static_cast<int>(i) * 7 + seed) % 13 - 6);
  return v;
}

TEST(CompiledPathSharedKernels, MatmulEqualsItsOracle) {
  const int m = 48, inner = 32, n = 64;
  const std::vector<float> a = small_values(m * inner, 1), b = small_values(inner * n, 2);
  std::vector<float> c(m * n);
  array_view<float, 2> cv(m, n, c);
  k::tiled_matmul<16, float>(view(), array_view<const float, 2>(m, inner, a), array_view<const float, 2>(inner, n, b), cv);
  cv.synchronize();
  EXPECT_EQ(c, k::oracle::matmul(a, b, m, inner, n));
}

TEST(CompiledPathSharedKernels, TileAveragesEqualTheirOracle) {
  const int n = 64;
  const std::vector<float> in = small_values(n * n, 3);
  for (int tile : {2, 16}) {
    std::vector<float> out(n * n);
    array_view<float, 2> ov(n, n, out);
    if (tile == 2) k::tile_average<2>(view(), array_view<const float, 2>(n, n, in), ov);
    else k::tile_average<16>(view(), array_view<const float, 2>(n, n, in), ov);
    ov.synchronize();
    EXPECT_EQ(out, k::oracle::tile_average(in, n, n, tile, tile)) << tile << "x" << tile;
  }
}

TEST(CompiledPathSharedKernels, TileReductionsEqualTheirOracle) {
  const std::vector<int> in = [] {
    std::vector<int> v(4096);
    for (int i = 0; i < 4096; ++i) v[i] = (i * 31) % 101 - 50;
    return v;
  }();
  std::vector<int> partial(4096 / 256);
  array_view<int, 1> pv(static_cast<int>(partial.size()), partial);
  k::tile_reduce<256, k::sum_op, int>(view(), array_view<const int, 1>(4096, in), pv);
  pv.synchronize();
  EXPECT_EQ(partial, (k::oracle::tile_reduce<256, k::sum_op, int>(in)));
}

TEST(CompiledPathSharedKernels, ScansEqualTheirOracle) {
  std::vector<int> in(1024);
  for (int i = 0; i < 1024; ++i) in[i] = i % 7 - 3;
  for (k::scan_kind kind : {k::scan_kind::inclusive, k::scan_kind::exclusive}) {
    std::vector<int> out(in.size());
    array_view<int, 1> ov(1024, out);
    if (kind == k::scan_kind::inclusive) k::tile_scan<64, k::scan_kind::inclusive, int>(view(), array_view<const int, 1>(1024, in), ov);
    else k::tile_scan<64, k::scan_kind::exclusive, int>(view(), array_view<const int, 1>(1024, in), ov);
    ov.synchronize();
    EXPECT_EQ(out, k::oracle::tile_scan(in, kind, 64));
  }
}

TEST(CompiledPathSharedKernels, TransposeEqualsItsOracle) {
  const int rows = 32, cols = 48;
  const std::vector<float> in = small_values(rows * cols, 4);
  std::vector<float> out(in.size());
  array_view<float, 2> ov(cols, rows, out);
  k::tiled_transpose<16, 16, float>(view(), array_view<const float, 2>(rows, cols, in), ov);
  ov.synchronize();
  EXPECT_EQ(out, k::oracle::transpose(in, rows, cols));
}

TEST(CompiledPathSharedKernels, BitonicSortEqualsItsOracle) {
  std::vector<int> data(512);
  for (int i = 0; i < 512; ++i) data[i] = (i * 97 + 13) % 251;
  const std::vector<int> expected = k::oracle::sort_tiles(data, 128);
  array_view<int, 1> dv(512, data);
  k::bitonic_sort_tiles<128>(view(), dv);
  dv.synchronize();
  EXPECT_EQ(data, expected);
}

TEST(CompiledPathSharedKernels, StencilEqualsItsOracle) {
  const int n = 32;
  const std::vector<float> in = small_values(n * n, 5);
  std::vector<float> out(in.size());
  array_view<float, 2> ov(n, n, out);
  k::stencil_5point<16, 16, float>(view(), array_view<const float, 2>(n, n, in), ov);
  ov.synchronize();
  EXPECT_EQ(out, k::oracle::stencil_5point(in, n, n));
}

}  // namespace
