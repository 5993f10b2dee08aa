// Correct kernels: tiled matrix multiplications (16x16 tiles, and 8x8 tiles on non-square sizes), a
// matrix-vector product that reuses one tile_static chunk per phase, and transposes through tile_static
// (32x32 tiles with a padded row, 16x16 tiles on a non-square matrix). The emulator's checks must not
// report any of them; each records its result against a serial oracle. The matrices hold small integers
// in floats, so every sum is exact in any order (ulp bound 0 on every backend). The tiled multiplications
// and the padded transpose are the shared kernels (tessera/kernels/matmul.hpp, transpose.hpp).
#include <tessera/conformance/case.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/transpose.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

std::vector<float> host_matmul(const std::vector<float>& a, const std::vector<float>& b, int m, int k, int n) {
  std::vector<float> c(static_cast<std::size_t>(m) * n, 0.0f);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int p = 0; p < k; ++p) sum += a[i * k + p] * b[p * n + j];
      c[i * n + j] = sum;
    }
  return c;
}

std::vector<float> host_transpose(const std::vector<float>& in, int rows, int cols) {
  std::vector<float> out(in.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out[c * rows + r] = in[r * cols + c];
  return out;
}

// C (m x n) = A (m x k) * B (k x n) with TS x TS tiles (the shared tiled_matmul): load, barrier,
// multiply, barrier, per K-step.
template <int TS>
std::vector<float> matmul_in_tiles(const accelerator_view& where, const std::vector<float>& ha, const std::vector<float>& hb,
                                   int m, int k, int n) {
  std::vector<float> hc(static_cast<std::size_t>(m) * n, 0.0f);
  array_view<const float, 2> a(m, k, ha), b(k, n, hb);
  array_view<float, 2> c(m, n, hc);
  tessera::kernels::tiled_matmul<TS>(where, a, b, c);
  c.synchronize();
  return hc;
}

// C (32x32) = A (32x48) * B (48x32) with 16x16 tiles.
TESSERA_CASE(matmul_16x16_tiles, "BAR-2,TS-2", expect::pass) {
  constexpr int m = 32, k = 48, n = 32;
  const auto a = ctx.random_integral_floats(m * k, -4, 4), b = ctx.random_integral_floats(k * n, -4, 4);
  ctx.output("C", matmul_in_tiles<16>(ctx.view(), a, b, m, k, n), host_matmul(a, b, m, k, n));
}

// C (24x16) = A (24x40) * B (40x16) with 8x8 tiles.
TESSERA_CASE(matmul_8x8_tiles_non_square, "TIDX-2,BAR-2", expect::pass) {
  constexpr int m = 24, k = 40, n = 16;
  const auto a = ctx.random_integral_floats(m * k, -4, 4), b = ctx.random_integral_floats(k * n, -4, 4);
  ctx.output("C", matmul_in_tiles<8>(ctx.view(), a, b, m, k, n), host_matmul(a, b, m, k, n));
}

// y = M x for a 64x64 M: each thread owns a row; the tile stages x in 16-element chunks, one chunk per
// phase, in the same tile_static buffer.
TESSERA_CASE(matrix_vector_with_staged_chunks, "MEM-5,BAR-2", expect::pass) {
  constexpr int n = 64;
  const auto hm = ctx.random_integral_floats(n * n, -4, 4), hx = ctx.random_integral_floats(n, -4, 4);
  std::vector<float> hy(n, 0.0f);
  array_view<const float, 2> mat(n, n, hm);
  array_view<const float, 1> x(n, hx);
  array_view<float, 1> y(n, hy);
  parallel_for_each(ctx.view(), y.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static float chunk[16];
    const int l = t.local[0];
    float sum = 0.0f;
    for (int c0 = 0; c0 < n; c0 += 16) {
      chunk[l] = x[c0 + l];
      t.barrier.wait();
      for (int j = 0; j < 16; ++j) sum += mat(t.global[0], c0 + j) * chunk[j];
      t.barrier.wait();
    }
    y[t] = sum;
  });
  y.synchronize();
  ctx.output("y", hy, host_matmul(hm, hx, n, n, 1));
}

// A 64x96 matrix transposed through 32x32 tile_static tiles padded to 33 columns (the shared
// tiled_transpose<32>: one element per thread).
TESSERA_CASE(transpose_32x32_padded, "TS-2,BAR-2", expect::pass) {
  constexpr int rows = 64, cols = 96;
  const std::vector<float> hin = ctx.random_floats(rows * cols, -1000.0f, 1000.0f);
  std::vector<float> hout(rows * cols, 0.0f);
  array_view<const float, 2> in(rows, cols, hin);
  array_view<float, 2> out(cols, rows, hout);
  tessera::kernels::tiled_transpose<32>(ctx.view(), in, out);
  out.synchronize();
  ctx.output("transpose", hout, host_transpose(hin, rows, cols));
}

// A 48x32 matrix transposed through 16x16 tiles, across wait_with_tile_static_memory_fence() (the
// exchange is through tile_static only).
TESSERA_CASE(transpose_16x16_non_square, "BAR-4,MEM-9", expect::pass) {
  constexpr int rows = 48, cols = 32;
  const std::vector<float> hin = ctx.random_floats(rows * cols, -1000.0f, 1000.0f);
  std::vector<float> hout(rows * cols, 0.0f);
  array_view<const float, 2> in(rows, cols, hin);
  array_view<float, 2> out(cols, rows, hout);
  parallel_for_each(ctx.view(), in.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static float tile[16][16];
    const int ly = t.local[0], lx = t.local[1];
    tile[ly][lx] = in[t];
    t.barrier.wait_with_tile_static_memory_fence();
    out(t.tile_origin[1] + ly, t.tile_origin[0] + lx) = tile[lx][ly];
  });
  out.synchronize();
  ctx.output("transpose", hout, host_transpose(hin, rows, cols));
}

}  // namespace
