// Correct kernels: non-tiled launches, inputs every thread or tile reads, sections and projections,
// const views, helpers taking views, a local array and a constant table. The emulator's checks must not
// report any of them (shared reads are compatible, MEM-3; constants live in read-only memory); each
// records its result against a serial oracle.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A non-tiled element-wise sum (small integers in floats: exact).
TESSERA_CASE(non_tiled_elementwise_add, "PFE-1,PFE-5", expect::pass) {
  const std::vector<float> ha = ctx.random_integral_floats(1000, -1000, 1000), hb = ctx.random_integral_floats(1000, -1000, 1000);
  std::vector<float> hc(1000, 0.0f);
  array_view<const float, 1> a(1000, ha), b(1000, hb);
  array_view<float, 1> c(1000, hc);
  parallel_for_each(ctx.view(), c.extent, [=] restrict_amp (index<1> i) { c[i] = a[i] + b[i]; });
  c.synchronize();
  std::vector<float> want(1000);
  for (int i = 0; i < 1000; ++i) want[i] = ha[i] + hb[i];
  ctx.output("sum", hc, want);
}

// A non-tiled launch in which every point reads all of a shared input (polynomial coefficients).
TESSERA_CASE(non_tiled_reading_shared_input, "MEM-3,PFE-5", expect::pass) {
  const std::vector<int> coefficients = ctx.random_ints(4, -5, 5);
  std::vector<int> out(200, 0);
  array_view<const int, 1> k(4, coefficients);
  array_view<int, 1> v(200, out);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) {
    const int x = i[0] % 11 - 5;
    int y = 0;
    for (int p = 3; p >= 0; --p) y = y * x + k[p];
    v[i] = y;
  });
  v.synchronize();
  std::vector<int> want(200);
  for (int i = 0; i < 200; ++i) {
    const int x = i % 11 - 5;
    int y = 0;
    for (int p = 3; p >= 0; --p) y = y * x + coefficients[p];
    want[i] = y;
  }
  ctx.output("polynomial", out, want);
}

// A non-tiled 2-D stencil that reads neighbours of the input and writes only its own output element.
TESSERA_CASE(non_tiled_stencil_out_of_place, "PFE-5,MEM-3", expect::pass) {
  constexpr int rows = 12, cols = 20;
  const std::vector<int> in = ctx.random_ints(rows * cols, -50, 50);
  std::vector<int> out((rows - 2) * (cols - 2), 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> v(rows - 2, cols - 2, out);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<2> i) {
    const int r = i[0] + 1, c = i[1] + 1;
    v[i] = a(r - 1, c) + a(r + 1, c) + a(r, c - 1) + a(r, c + 1) - 4 * a(r, c);
  });
  v.synchronize();
  std::vector<int> want((rows - 2) * (cols - 2));
  for (int r = 1; r < rows - 1; ++r)
    for (int c = 1; c < cols - 1; ++c)
      want[(r - 1) * (cols - 2) + c - 1] =
          in[(r - 1) * cols + c] + in[(r + 1) * cols + c] + in[r * cols + c - 1] + in[r * cols + c + 1] - 4 * in[r * cols + c];
  ctx.output("laplacian", out, want);
}

// Every tile reads the same 16-element input and writes only its own part of the output (reads across
// tiles are compatible, BAR-11 orders nothing here because nothing needs ordering).
TESSERA_CASE(tiles_read_shared_input, "BAR-11,MEM-3", expect::pass) {
  const std::vector<float> in = ctx.random_integral_floats(16, -100, 100);
  std::vector<float> out(256, 0.0f);
  array_view<const float, 1> a(16, in);
  array_view<float, 1> v(256, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = a[t.local] * static_cast<float>(t.tile[0]) + a[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<float> want(256);
  for (int g = 0; g < 256; ++g) want[g] = in[g % 16] * static_cast<float>(g / 16) + in[15 - g % 16];
  ctx.output("shared_input", out, want);
}

// Projections and sections: a section of the output made on the host (and a section of that section),
// and inside the kernel the projection of a 2-D input on its row.
TESSERA_CASE(projections_and_sections, "AV-10,AV-9", expect::pass) {
  constexpr int rows = 8, cols = 16;
  const std::vector<float> in = ctx.random_integral_floats(rows * cols, -100, 100);
  std::vector<float> out(rows * cols, 0.0f);
  array_view<const float, 2> a(rows, cols, in);
  array_view<float, 2> dst(rows, cols, out);
  array_view<float, 2> inner = dst.section(2, 4, 4, 8);
  array_view<float, 2> corner = inner.section(index<2>(2, 4));
  parallel_for_each(ctx.view(), inner.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) {
    const auto source_row = a[t.global[0] + 2];
    inner[t] = source_row[t.global[1] + 4] * 10.0f;
  });
  parallel_for_each(ctx.view(), corner.extent, [=] restrict_amp (index<2> i) { corner[i] = corner[i] + 1.0f; });
  dst.synchronize();
  std::vector<float> want(rows * cols, 0.0f);
  for (int r = 2; r < 6; ++r)
    for (int c = 4; c < 12; ++c) want[r * cols + c] = in[r * cols + c] * 10.0f + (r >= 4 && c >= 8 ? 1.0f : 0.0f);
  ctx.output("sections", out, want);
}

// A const view of the input: read-only by type, read by every tile.
TESSERA_CASE(const_view_input, "AV-15,MEM-3", expect::pass) {
  const std::vector<float> in = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
  std::vector<float> out(64, 0.0f);
  array_view<const float, 1> table(8, in);
  array_view<float, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    v[t] = table[t.local[0]] + table[t.tile[0]];
  });
  v.synchronize();
  std::vector<float> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g % 8] + in[g / 8];
  ctx.output("table", out, want);
}

// A restrict_amp helper that takes an array_view by value and is called from the kernel.
restrict_amp int weighted_neighbourhood(array_view<const int, 1> v, int i, int last) {
  const int left = i > 0 ? v[i - 1] : 0;
  const int right = i < last ? v[i + 1] : 0;
  return left + 2 * v[i] + right;
}

TESSERA_CASE(helper_taking_view_by_value, "AV-1,PFE-7", expect::pass) {
  const std::vector<int> in = ctx.random_ints(96, -100, 100);
  std::vector<int> out(96, 0);
  array_view<const int, 1> a(96, in);
  array_view<int, 1> v(96, out);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    v[t] = weighted_neighbourhood(a, t.global[0], 95);
  });
  v.synchronize();
  std::vector<int> want(96);
  for (int i = 0; i < 96; ++i) want[i] = (i > 0 ? in[i - 1] : 0) + 2 * in[i] + (i < 95 ? in[i + 1] : 0);
  ctx.output("helper", out, want);
}

// A local array with an initializer list (private memory; its initial values are constants).
TESSERA_CASE(local_array_with_initializer, "MEM-2,GEN-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int w[3] = {1, 2, 1};
    const int g = t.global[0];
    int sum = 0;
    for (int j = -1; j <= 1; ++j) {
      const int x = g + j < 0 ? 0 : (g + j > 63 ? 63 : g + j);
      sum += w[j + 1] * a[x];
    }
    v[t] = sum;
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) {
    const int lo = g > 0 ? g - 1 : 0, hi = g < 63 ? g + 1 : 63;
    want[g] = in[lo] + 2 * in[g] + in[hi];
  }
  ctx.output("weighted", out, want);
}

// A constant table read with a thread-dependent index: the constants live in read-only memory, which
// kernels may read. (The table is a static constexpr local of the kernel: a namespace-scope table is a
// host variable nvcc cannot reach from device code.)
TESSERA_CASE(constant_table_lookup, "GEN-3,MEM-2", expect::pass) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    static constexpr int gray_code[8] = {0, 1, 3, 2, 6, 7, 5, 4};
    v[t] = gray_code[t.local[0]] + 8 * t.tile[0];
  });
  v.synchronize();
  const int gray_code[8] = {0, 1, 3, 2, 6, 7, 5, 4};
  std::vector<int> want(32);
  for (int i = 0; i < 32; ++i) want[i] = gray_code[i % 8] + 8 * (i / 8);
  ctx.output("codes", out, want);
}

}  // namespace
