// Correct kernels: non-tiled launches, shared inputs, sections and projections, const views, views
// passed to helpers, local arrays and constant tables. None may be reported; each checks its result.
#include "corpus.hpp"

#include <tessera/amp.hpp>

#include <vector>

namespace corpus {
namespace {
using namespace tessera;

void non_tiled_elementwise_add() {
  std::vector<int> x(1000), y(1000), z(1000);
  for (int i = 0; i < 1000; ++i) {
    x[i] = i;
    y[i] = 2 * i;
  }
  array_view<const int, 1> a(1000, x), b(1000, y);
  array_view<int, 1> c(1000, z);
  parallel_for_each(c.extent, [=](tessera::index<1> i) restrict_amp { c[i] = a[i] + b[i]; });
  c.synchronize();
  std::vector<int> want(1000);
  for (int i = 0; i < 1000; ++i) want[i] = 3 * i;
  check_equal("sum", z, want);
}

void non_tiled_threads_read_shared_input() {
  std::vector<int> coefficients{3, 1, 4}, out(300);
  array_view<const int, 1> k(3, coefficients);
  array_view<int, 2> v(100, 3, out);
  parallel_for_each(v.extent, [=](tessera::index<2> i) restrict_amp { v[i] = k[i[1]] * i[0]; });
  v.synchronize();
  std::vector<int> want(300);
  for (int r = 0; r < 100; ++r)
    for (int c = 0; c < 3; ++c) want[r * 3 + c] = coefficients[c] * r;
  check_equal("scaled", out, want);
}

void tiles_read_shared_input_and_write_their_own_output() {
  std::vector<int> in(16), out(256);
  for (int i = 0; i < 16; ++i) in[i] = i;
  array_view<const int, 1> a(16, in);
  array_view<int, 1> b(256, out);
  parallel_for_each(b.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp { b[t] = a[t.local] * t.tile[0]; });
  b.synchronize();
  std::vector<int> want(256);
  for (int i = 0; i < 256; ++i) want[i] = (i % 16) * (i / 16);
  check_equal("products", out, want);
}

void sections_and_projections_inside_the_kernel() {
  std::vector<int> data(8 * 8, 1), out(8);
  array_view<const int, 2> m(8, 8, data);
  array_view<int, 1> rows(8, out);
  array_view<const int, 2> lower = m.section(tessera::index<2>(4, 0), extent<2>(4, 8));
  parallel_for_each(extent<1>(8).tile<8>(), [=](tiled_index<8> t) restrict_amp {
    const int r = t.local[0];
    int sum = 0;
    if (r < 4)
      for (int c = 0; c < 8; ++c) sum += lower[r][c];  // a projection of a section
    rows[t] = sum;
  });
  rows.synchronize();
  check_equal("row sums", out, std::vector<int>{8, 8, 8, 8, 0, 0, 0, 0});
}

int dot_row(array_view<const int, 2> m, int row) restrict_amp {
  int sum = 0;
  for (int c = 0; c < m.extent[1]; ++c) sum += m(row, c) * c;
  return sum;
}

void helper_takes_a_view_by_value() {
  std::vector<int> data(4 * 16), out(4);
  for (int i = 0; i < 64; ++i) data[i] = i / 16;
  array_view<const int, 2> m(4, 16, data);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](tessera::index<1> i) restrict_amp { v[i] = dot_row(m, i[0]); });
  v.synchronize();
  check_equal("dots", out, std::vector<int>{0, 120, 240, 360});
}

void local_array_with_initializer() {
  std::vector<int> in(64), out(64);
  for (int i = 0; i < 64; ++i) in[i] = i % 4;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(64, out);
  parallel_for_each(b.extent.tile<16>(), [=](tiled_index<16> t) restrict_amp {
    const int weights[3] = {1, 2, 1};
    int acc = 0;
    for (int k = -1; k <= 1; ++k) {
      const int g = t.global[0] + k;
      if (g >= 0 && g < 64) acc += weights[k + 1] * a[g];
    }
    b[t] = acc;
  });
  b.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 64; ++i) want[i] = (i > 0 ? in[i - 1] : 0) + 2 * in[i] + (i < 63 ? in[i + 1] : 0);
  check_equal("blur", out, want);
}

constexpr int gray_code[8] = {0, 1, 3, 2, 6, 7, 5, 4};

void constant_table_lookup() {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) restrict_amp { v[t] = gray_code[t.local[0]] + 8 * t.tile[0]; });
  v.synchronize();
  std::vector<int> want(32);
  for (int i = 0; i < 32; ++i) want[i] = gray_code[i % 8] + 8 * (i / 8);
  check_equal("codes", out, want);
}

void threads_return_early_after_the_last_barrier() {
  std::vector<int> out(32, -1);
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict_amp {
    tile_static int s[32];
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    if (t.local[0] % 2 == 1) return;
    v[t] = s[t.local[0] + 1];
  });
  v.synchronize();
  std::vector<int> want(32, -1);
  for (int i = 0; i < 32; i += 2) want[i] = i + 1;
  check_equal("evens", out, want);
}

const registrar r1{{"NonTiledElementwiseAdd", "GEN-1", expectation::clean, "", __FILE__, &non_tiled_elementwise_add}};
const registrar r2{{"NonTiledThreadsReadSharedInput", "MEM-3", expectation::clean, "", __FILE__, &non_tiled_threads_read_shared_input}};
const registrar r3{{"TilesReadSharedInputAndWriteTheirOwnOutput", "BAR-11", expectation::clean, "", __FILE__, &tiles_read_shared_input_and_write_their_own_output}};
const registrar r4{{"SectionsAndProjectionsInsideTheKernel", "AV-9", expectation::clean, "", __FILE__, &sections_and_projections_inside_the_kernel}};
const registrar r5{{"HelperTakesAViewByValue", "AV-1", expectation::clean, "", __FILE__, &helper_takes_a_view_by_value}};
const registrar r6{{"LocalArrayWithInitializer", "GEN-1", expectation::clean, "", __FILE__, &local_array_with_initializer}};
const registrar r7{{"ConstantTableLookup", "GEN-1", expectation::clean, "", __FILE__, &constant_table_lookup}};
const registrar r8{{"ThreadsReturnEarlyAfterTheLastBarrier", "BAR-6", expectation::clean, "", __FILE__, &threads_return_early_after_the_last_barrier}};

}  // namespace
}  // namespace corpus
