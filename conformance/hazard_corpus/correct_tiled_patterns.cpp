// Correct kernels: matrix multiply, transpose, stencils, exchanges across the right fences, and the
// other everyday tiled patterns. None may be reported; each checks its result.
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <vector>

namespace corpus {
namespace {
using namespace tessera;

template <int Tile>
void tiled_matmul(int m, int k, int n) {
  std::vector<int> a(m * k), b(k * n), c(m * n);
  for (int i = 0; i < m * k; ++i) a[i] = i % 5;
  for (int i = 0; i < k * n; ++i) b[i] = i % 3;
  array_view<const int, 2> av(m, k, a), bv(k, n, b);
  array_view<int, 2> cv(m, n, c);
  parallel_for_each(cv.extent.tile<Tile, Tile>(), [=](tiled_index<Tile, Tile> t) restrict_amp {
    tile_static int ta[Tile][Tile], tb[Tile][Tile];
    const int r = t.local[0], col = t.local[1];
    int sum = 0;
    for (int kk = 0; kk < k; kk += Tile) {
      ta[r][col] = av(t.global[0], kk + col);
      tb[r][col] = bv(kk + r, t.global[1]);
      t.barrier.wait();
      for (int j = 0; j < Tile; ++j) sum += ta[r][j] * tb[j][col];
      t.barrier.wait();
    }
    cv[t] = sum;
  });
  cv.synchronize();
  std::vector<int> want(m * n, 0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int x = 0; x < k; ++x) want[i * n + j] += a[i * k + x] * b[x * n + j];
  check_equal("product", c, want);
}

void matmul_16x16_tiles() { tiled_matmul<16>(32, 48, 32); }
void matmul_8x8_tiles_non_square() { tiled_matmul<8>(24, 16, 40); }

void transpose_through_padded_tile() {
  constexpr int n = 64;
  std::vector<int> in(n * n), out(n * n);
  for (int i = 0; i < n * n; ++i) in[i] = i;
  array_view<const int, 2> a(n, n, in);
  array_view<int, 2> b(n, n, out);
  parallel_for_each(a.extent.tile<32, 32>(), [=](tiled_index<32, 32> t) restrict_amp {
    tile_static int s[32][33];
    s[t.local[0]][t.local[1]] = a[t];
    t.barrier.wait();
    b(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]) = s[t.local[1]][t.local[0]];
  });
  b.synchronize();
  std::vector<int> want(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) want[c * n + r] = in[r * n + c];
  check_equal("transpose", out, want);
}

void exchange_across_tile_static_fence() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    s[t.local[0]] = t.local[0];
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = s[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> want(16);
  for (int i = 0; i < 16; ++i) want[i] = 15 - i;
  check_equal("exchange", out, want);
}

void exchange_through_global_across_global_fence() {
  std::vector<int> data(16), out(16);
  array_view<int, 1> g(16, data), v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    g[t] = t.local[0] * 2;
    t.barrier.wait_with_global_memory_fence();
    v[t] = g[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> want(16);
  for (int i = 0; i < 16; ++i) want[i] = (15 - i) * 2;
  check_equal("exchange", out, want);
}

struct counters {
  int evens;
  int odds;
};

void two_threads_write_different_struct_fields() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static counters c;
    if (t.local[0] == 0) c.evens = 8;
    if (t.local[0] == 1) c.odds = 8;
    t.barrier.wait();
    v[t] = c.evens + c.odds;
  });
  v.synchronize();
  check_equal("fields", out, std::vector<int>(16, 16));
}

void every_thread_reads_one_broadcast_value() {
  std::vector<int> in{7}, out(64);
  array_view<const int, 1> a(1, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict_amp {
    tile_static int value;
    if (t.local[0] == 0) value = a[0];
    t.barrier.wait();
    v[t] = value + t.local[0];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 64; ++i) want[i] = 7 + i;
  check_equal("broadcast", out, want);
}

void tile_static_reused_across_phases() {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict_amp {
    tile_static int s[32];
    const int l = t.local[0];
    int acc = 0;
    for (int phase = 0; phase < 4; ++phase) {
      s[l] = l * phase;
      t.barrier.wait();
      acc += s[31 - l];
      t.barrier.wait();
    }
    v[t] = acc;
  });
  v.synchronize();
  std::vector<int> want(32);
  for (int l = 0; l < 32; ++l) want[l] = (31 - l) * 6;
  check_equal("phases", out, want);
}

void three_dimensional_tiles() {
  std::vector<int> out(4 * 8 * 8);
  array_view<int, 3> v(4, 8, 8, out);
  parallel_for_each(v.extent.tile<2, 4, 4>(), [=](tiled_index<2, 4, 4> t) restrict_amp {
    tile_static int s[2][4][4];
    s[t.local[0]][t.local[1]][t.local[2]] = t.global[0] + t.global[1] + t.global[2];
    t.barrier.wait();
    v[t] = s[1 - t.local[0]][3 - t.local[1]][3 - t.local[2]];
  });
  v.synchronize();
  std::vector<int> want(4 * 8 * 8);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) {
        const int mz = (z / 2) * 2 + 1 - z % 2, my = (y / 4) * 4 + 3 - y % 4, mx = (x / 4) * 4 + 3 - x % 4;
        want[(z * 8 + y) * 8 + x] = mz + my + mx;
      }
  check_equal("mirror", out, want);
}

void two_by_two_tile_average() {
  constexpr int n = 16;
  std::vector<float> in(n * n), out(n * n);
  for (int i = 0; i < n * n; ++i) in[i] = static_cast<float>(i % 9);
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  parallel_for_each(a.extent.tile<2, 2>(), [=](tiled_index<2, 2> t) restrict_amp {
    tile_static float s[2][2];
    s[t.local[0]][t.local[1]] = a[t];
    t.barrier.wait();
    b[t] = (s[0][0] + s[0][1] + s[1][0] + s[1][1]) / 4;
  });
  b.synchronize();
  std::vector<float> want(n * n);
  for (int r = 0; r < n; r += 2)
    for (int c = 0; c < n; c += 2) {
      const float avg = (in[r * n + c] + in[r * n + c + 1] + in[(r + 1) * n + c] + in[(r + 1) * n + c + 1]) / 4;
      want[r * n + c] = want[r * n + c + 1] = want[(r + 1) * n + c] = want[(r + 1) * n + c + 1] = avg;
    }
  check_equal("average", out, want);
}

void stencil_with_halo_in_tile_static() {
  constexpr int n = 64;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = i * i % 17;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(a.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[18];
    const int l = t.local[0], g = t.global[0];
    s[l + 1] = a[g];
    if (l == 0) s[0] = g > 0 ? a[g - 1] : 0;
    if (l == 15) s[17] = g < n - 1 ? a[g + 1] : 0;
    t.barrier.wait();
    b[t] = s[l] + s[l + 1] + s[l + 2];
  });
  b.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = (i > 0 ? in[i - 1] : 0) + in[i] + (i < n - 1 ? in[i + 1] : 0);
  check_equal("stencil", out, want);
}

void barriers_in_a_uniform_loop() {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int rounds = 5;
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    tile_static int s[16];
    s[t.local[0]] = 1;
    for (int r = 0; r < rounds; ++r) {
      t.barrier.wait();
      const int left = s[(t.local[0] + 15) % 16];
      t.barrier.wait();
      s[t.local[0]] += left;
    }
    t.barrier.wait();
    v[t] = s[t.local[0]];
  });
  v.synchronize();
  check_equal("doubling", out, std::vector<int>(16, 32));
}

const registrar r1{{"Matmul16x16Tiles", "BAR-1", expectation::clean, "", __FILE__, &matmul_16x16_tiles}};
const registrar r2{{"Matmul8x8TilesNonSquare", "BAR-1", expectation::clean, "", __FILE__, &matmul_8x8_tiles_non_square}};
const registrar r3{{"TransposeThroughPaddedTile", "BAR-1", expectation::clean, "", __FILE__, &transpose_through_padded_tile}};
const registrar r4{{"ExchangeAcrossTileStaticFence", "MEM-9", expectation::clean, "", __FILE__, &exchange_across_tile_static_fence}};
const registrar r5{{"ExchangeThroughGlobalAcrossGlobalFence", "MEM-9", expectation::clean, "", __FILE__, &exchange_through_global_across_global_fence}};
const registrar r6{{"TwoThreadsWriteDifferentStructFields", "MEM-5", expectation::clean, "", __FILE__, &two_threads_write_different_struct_fields}};
const registrar r7{{"EveryThreadReadsOneBroadcastValue", "MEM-3", expectation::clean, "", __FILE__, &every_thread_reads_one_broadcast_value}};
const registrar r8{{"TileStaticReusedAcrossPhases", "BAR-1", expectation::clean, "", __FILE__, &tile_static_reused_across_phases}};
const registrar r9{{"ThreeDimensionalTiles", "TS-1", expectation::clean, "", __FILE__, &three_dimensional_tiles}};
const registrar r10{{"TwoByTwoTileAverage", "BAR-1", expectation::clean, "", __FILE__, &two_by_two_tile_average}};
const registrar r11{{"StencilWithHaloInTileStatic", "BAR-1", expectation::clean, "", __FILE__, &stencil_with_halo_in_tile_static}};
const registrar r12{{"BarriersInAUniformLoop", "BAR-6", expectation::clean, "", __FILE__, &barriers_in_a_uniform_loop}};

}  // namespace
}  // namespace corpus
