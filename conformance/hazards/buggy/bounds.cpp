// Buggy kernels that index a view outside its extent (AV-8; the emulator throws out_of_bounds, PROJ-7):
// tiled loops with an inclusive bound, halo loads that are not clamped at the ends of the array, a padded
// domain without a guard, extents swapped in a non-square transpose, a grid-stride loop running one past
// the end, two elements per thread on a launch of full size, and a section indexed with its parent's
// indices. The message must name a line marked `// expect: out of bounds`; on CUDA these are listed by
// @out_of_bounds (expectations/cuda.tsv). The fixed versions are in correct/bounds_and_init.cpp.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A matrix-vector product staging x in chunks, whose chunk loop runs while c0 <= n: the last chunk loads
// past the end of x.
TESSERA_CASE(tiled_chunk_loop_with_inclusive_bound, "AV-8,PROJ-7", expect::out_of_bounds) {
  constexpr int n = 32;
  std::vector<int> hm(n * n, 1), hx(n, 2), hy(n, 0);
  array_view<const int, 2> m(n, n, hm);
  array_view<const int, 1> x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), y.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int chunk[16];
    const int l = t.local[0];
    int sum = 0;
    for (int c0 = 0; c0 <= n; c0 += 16) {
      chunk[l] = x[c0 + l];  // expect: out of bounds
      t.barrier.wait();
      for (int j = 0; j < 16 && c0 + j < n; ++j) sum += m(t.global[0], c0 + j) * chunk[j];
      t.barrier.wait();
    }
    y[t] = sum;
  });
  y.synchronize();
}

// A 3-point stencil whose left halo is loaded from a[g - 1] without a clamp: tile 0 reads a[-1].
TESSERA_CASE(halo_load_not_clamped_at_the_start, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<int> in(64, 1), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[18];
    const int l = t.local[0], g = t.global[0];
    s[l + 1] = a[g];
    if (l == 0) s[0] = a[g - 1];  // expect: out of bounds
    if (l == 15) s[17] = g < 63 ? a[g + 1] : a[g];
    t.barrier.wait();
    v[t] = s[l] + s[l + 1] + s[l + 2];
  });
  v.synchronize();
}

// The same stencil with the right halo unclamped: the last tile reads a[n].
TESSERA_CASE(halo_load_not_clamped_at_the_end, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<int> in(64, 1), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[18];
    const int l = t.local[0], g = t.global[0];
    s[l + 1] = a[g];
    if (l == 0) s[0] = g > 0 ? a[g - 1] : a[g];
    if (l == 15) s[17] = a[g + 1];  // expect: out of bounds
    t.barrier.wait();
    v[t] = s[l] + s[l + 1] + s[l + 2];
  });
  v.synchronize();
}

// A 2-D stencil whose tile loads its corner halo cells unclamped: the tile at the origin reads (-1, -1).
TESSERA_CASE(two_dimensional_corner_halo_not_clamped, "AV-8,PROJ-7", expect::out_of_bounds) {
  constexpr int size = 8;
  std::vector<int> in(size * size, 1), out(size * size, 0);
  array_view<const int, 2> a(size, size, in);
  array_view<int, 2> v(size, size, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[6][6];
    const int y = t.local[0], x = t.local[1], r = t.global[0], c = t.global[1];
    s[y + 1][x + 1] = a(r, c);
    if (y == 0) s[0][x + 1] = r > 0 ? a(r - 1, c) : a(r, c);
    if (y == 3) s[5][x + 1] = r < size - 1 ? a(r + 1, c) : a(r, c);
    if (x == 0) s[y + 1][0] = c > 0 ? a(r, c - 1) : a(r, c);
    if (x == 3) s[y + 1][5] = c < size - 1 ? a(r, c + 1) : a(r, c);
    // Four unclamped corners; an out-of-bounds access ends the launch, so only the lowest thread's is reported.
    if (y == 0 && x == 0) s[0][0] = a(r - 1, c - 1);  // expect: out of bounds
    if (y == 0 && x == 3) s[0][5] = a(r - 1, c + 1);
    if (y == 3 && x == 0) s[5][0] = a(r + 1, c - 1);
    if (y == 3 && x == 3) s[5][5] = a(r + 1, c + 1);
    t.barrier.wait();
    v[t] = s[y][x] + s[y + 2][x + 2] + s[y + 1][x + 1];
  });
  v.synchronize();
}

// 100 elements on a domain padded to 112 (TEXT-6) and no guard: the padding threads read past the end.
TESSERA_CASE(padded_domain_without_guard, "TEXT-6,AV-8", expect::out_of_bounds) {
  std::vector<int> in(100, 1), out(100, 0);
  array_view<const int, 1> a(100, in);
  array_view<int, 1> v(100, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>().pad(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = a[t] * 2;  // expect: out of bounds
  });
  v.synchronize();
}

// A transpose of a 16x32 matrix whose output view is declared with the input's extents: the writes run
// past the output's 16 columns.
TESSERA_CASE(non_square_transpose_with_swapped_extents, "AV-8,PROJ-7", expect::out_of_bounds) {
  constexpr int rows = 16, cols = 32;
  std::vector<float> hin(rows * cols, 1.0f), hout(rows * cols, 0.0f);
  array_view<const float, 2> in(rows, cols, hin);
  array_view<float, 2> out(rows, cols, hout);  // should be (cols, rows)
  parallel_for_each(ctx.view(), in.extent.tile<16, 16>(), [=] restrict_amp (tiled_index<16, 16> t) {
    tile_static float tile[16][17];
    const int ly = t.local[0], lx = t.local[1];
    tile[ly][lx] = in[t];
    t.barrier.wait();
    out(t.tile_origin[1] + ly, t.tile_origin[0] + lx) = tile[lx][ly];  // expect: out of bounds
  });
  out.synchronize();
}

// A grid-stride loop whose bound is inclusive: the thread whose stride lands on n reads and writes d[n].
TESSERA_CASE(grid_stride_loop_runs_one_past_the_end, "AV-8,PFE-5", expect::out_of_bounds) {
  constexpr int n = 256;
  std::vector<int> data(n, 1);
  array_view<int, 1> d(n, data);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = t.global[0]; i <= n; i += 64) d[i] = d[i] + 1;  // expect: out of bounds
  });
  d.synchronize();
}

// A reduction whose threads load two elements each, launched with one thread per element instead of one
// per pair: the upper half of the threads read past the end.
TESSERA_CASE(two_elements_per_thread_on_a_full_size_launch, "AV-8,PFE-4", expect::out_of_bounds) {
  std::vector<int> in(128, 1), out(8, 0);
  array_view<const int, 1> a(128, in);
  array_view<int, 1> sums(8, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    s[l] = a[2 * g] + a[2 * g + 1];  // expect: out of bounds
    t.barrier.wait();
    if (l == 0) {
      int sum = 0;
      for (int k = 0; k < 16; ++k) sum += s[k];
      sums[t.tile] = sum;
    }
  });
  sums.synchronize();
}

// A section of a 2-D view indexed inside the kernel with the parent's indices instead of its own.
TESSERA_CASE(section_indexed_with_parent_indices, "AV-9,AV-8", expect::out_of_bounds) {
  constexpr int rows = 8, cols = 16;
  std::vector<int> data(rows * cols, 0);
  array_view<int, 2> whole(rows, cols, data);
  array_view<int, 2> inner = whole.section(2, 4, 4, 8);
  parallel_for_each(ctx.view(), inner.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) {
    inner(t.global[0] + 2, t.global[1] + 4) = 1;  // expect: out of bounds
  });
  whole.synchronize();
}

}  // namespace
