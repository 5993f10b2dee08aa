// Tiled matrix multiply and transpose through the shared kernels (tessera/kernels/matmul.hpp,
// transpose.hpp): square and non-square matrices, integral-float inputs so every product and partial sum
// is exact (ulps 0 on every backend, fused multiply-add or not), and transposes in square tiles and in
// non-square Rows x Tile tiles (whose result depends on which local dimension is which).
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/matmul_oracle.hpp>
#include <tessera/kernels/transpose.hpp>
#include <tessera/kernels/transpose_oracle.hpp>

namespace {
using namespace tessera;
using tessera::index;
namespace k = tessera::kernels;

// C (m x n) = A (m x inner) * B (inner x n) of small integral floats: |sum| <= inner * 64, exact.
template <int Tile>
void matmul_floats(conformance::context& ctx, int m, int inner, int n) {
  const auto a = ctx.random_integral_floats(static_cast<std::size_t>(m) * inner, -8, 8);
  const auto b = ctx.random_integral_floats(static_cast<std::size_t>(inner) * n, -8, 8);
  std::vector<float> c(static_cast<std::size_t>(m) * n, -1.0f);
  array_view<const float, 2> av(m, inner, a), bv(inner, n, b);
  array_view<float, 2> cv(m, n, c);
  cv.discard_data();
  k::tiled_matmul<Tile>(ctx.view(), av, bv, cv);
  cv.synchronize();
  ctx.output("product", c, k::oracle::matmul(a, b, m, inner, n));
}

template <int Tile, int Rows, class T>
std::vector<T> transposed(conformance::context& ctx, const std::vector<T>& in, int rows, int cols) {
  std::vector<T> out(in.size());
  array_view<const T, 2> a(rows, cols, in);
  array_view<T, 2> b(cols, rows, out);
  b.discard_data();
  k::tiled_transpose<Tile, Rows>(ctx.view(), a, b);
  b.synchronize();
  return out;
}

// One 16x16 tile: the inner loop runs once.
TESSERA_CASE(matmul_16x16_one_tile, "BAR-2,TS-2", expect::pass) { matmul_floats<16>(ctx, 16, 16, 16); }

// 64x64 in 16x16 tiles: four steps along the inner dimension, two barriers each.
TESSERA_CASE(matmul_64x64_in_16x16_tiles, "BAR-2,TS-2,MEM-7", expect::pass) { matmul_floats<16>(ctx, 64, 64, 64); }

// Non-square: C is 96x48, the inner dimension 32 (A 96x32, B 32x48).
TESSERA_CASE(matmul_96x48_non_square, "BAR-2,TS-2", expect::pass) { matmul_floats<16>(ctx, 96, 32, 48); }

// 8x8 tiles over integers, non-square: C 40x24 with inner dimension 16.
TESSERA_CASE(matmul_int_8x8_tiles_non_square, "BAR-2,TS-2", expect::pass) {
  const int m = 40, inner = 16, n = 24;
  const auto a = ctx.random_ints(m * inner, -100, 100);
  const auto b = ctx.random_ints(inner * n, -100, 100);
  std::vector<int> c(m * n, 0);
  array_view<const int, 2> av(m, inner, a), bv(inner, n, b);
  array_view<int, 2> cv(m, n, c);
  k::tiled_matmul<8>(ctx.view(), av, bv, cv);
  cv.synchronize();
  ctx.output("product", c, k::oracle::matmul(a, b, m, inner, n));
}

// The product against the identity matrix gives the matrix back, element for element.
TESSERA_CASE(matmul_by_identity_is_identity, "BAR-2,TS-2", expect::pass) {
  const int n = 32;
  const auto a = ctx.random_floats(n * n, -1.0f, 1.0f);
  std::vector<float> id(n * n, 0.0f), c(n * n, 0.0f);
  for (int i = 0; i < n; ++i) id[i * n + i] = 1.0f;
  array_view<const float, 2> av(n, n, a), iv(n, n, id);
  array_view<float, 2> cv(n, n, c);
  k::tiled_matmul<16>(ctx.view(), av, iv, cv);
  cv.synchronize();
  ctx.output("product", c, a);
}

// Square 16x16 tiles, one element per thread, a 64x64 int matrix.
TESSERA_CASE(transpose_square_in_16x16_tiles, "BAR-2,TS-2", expect::pass) {
  const auto in = ctx.random_ints(64 * 64, -100000, 100000);
  ctx.output("transposed", transposed<16, 16>(ctx, in, 64, 64), k::oracle::transpose(in, 64, 64));
}

// A rectangular 64x96 float matrix in 8x32 tiles (four elements per thread), the benchmarks' shape.
TESSERA_CASE(transpose_rectangular_in_8x32_tiles, "BAR-2,TS-2,TIDX-2", expect::pass) {
  const auto in = ctx.random_floats(64 * 96, -1.0f, 1.0f);
  ctx.output("transposed", transposed<32, 8>(ctx, in, 64, 96), k::oracle::transpose(in, 64, 96));
}

// A rectangular 48x32 int matrix in 4x16 tiles.
TESSERA_CASE(transpose_rectangular_in_4x16_tiles, "BAR-2,TS-2,TIDX-2", expect::pass) {
  const auto in = ctx.random_ints(48 * 32, -1000, 1000);
  ctx.output("transposed", transposed<16, 4>(ctx, in, 48, 32), k::oracle::transpose(in, 48, 32));
}

// Transposing twice (32x96, then 96x32) gives the input back.
TESSERA_CASE(transpose_twice_is_identity, "BAR-2,TS-2", expect::pass) {
  const auto in = ctx.random_ints(32 * 96, -1000, 1000);
  const auto once = transposed<32, 8>(ctx, in, 32, 96);
  ctx.output("twice", transposed<16, 8>(ctx, once, 96, 32), in);
}

}  // namespace
