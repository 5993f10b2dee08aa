// Correct kernels that stay inside their views and initialize the tile_static memory they read, the fixed
// versions of buggy/bounds.cpp and buggy/uninitialized.cpp: exclusive loop bounds, halos clamped at both
// ends (in 2-D including the corners), guards on padded domains, a grid-stride loop and a two-elements-per-
// thread launch sized right, a section indexed with its own indices, tables filled by every tile, a
// conditional store with an else branch, clearing loops that cover every slot, and structs with every
// field set. The emulator's checks must not report any of them; each records its result against a serial
// oracle.
#include <tessera/conformance/case.hpp>

#include <algorithm>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

// A matrix-vector product staging x in chunks, with the chunk loop bound c0 < n.
TESSERA_CASE(tiled_chunk_loop_with_exclusive_bound, "AV-8,BAR-2", expect::pass) {
  constexpr int n = 48;
  const std::vector<int> hm = ctx.random_ints(n * n, -5, 5), hx = ctx.random_ints(n, -5, 5);
  std::vector<int> hy(n, 0);
  array_view<const int, 2> m(n, n, hm);
  array_view<const int, 1> x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), y.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int chunk[16];
    const int l = t.local[0];
    int sum = 0;
    for (int c0 = 0; c0 < n; c0 += 16) {
      chunk[l] = x[c0 + l];
      t.barrier.wait();
      for (int j = 0; j < 16; ++j) sum += m(t.global[0], c0 + j) * chunk[j];
      t.barrier.wait();
    }
    y[t] = sum;
  });
  y.synchronize();
  std::vector<int> want(n, 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) want[r] += hm[r * n + c] * hx[c];
  ctx.output("y", hy, want);
}

// A 5-point stencil with a halo of two on each side, clamped at both ends of the array.
TESSERA_CASE(halo_of_two_clamped_at_both_ends, "AV-8,TS-4", expect::pass) {
  constexpr int n = 64;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[20];
    const int l = t.local[0], g = t.global[0];
    s[l + 2] = a[g];
    if (l < 2) {
      const int left = g - 2;
      s[l] = a[left < 0 ? 0 : left];
      const int right = g + 16;
      s[l + 18] = a[right > n - 1 ? n - 1 : right];
    }
    t.barrier.wait();
    v[t] = s[l] + s[l + 1] + s[l + 2] + s[l + 3] + s[l + 4];
  });
  v.synchronize();
  std::vector<int> want(n, 0);
  for (int g = 0; g < n; ++g)
    for (int k = -2; k <= 2; ++k) want[g] += in[std::clamp(g + k, 0, n - 1)];
  ctx.output("window", out, want);
}

// A 3x3 box sum on 4x4 tiles with a one-cell halo clamped at the borders, corners included.
TESSERA_CASE(two_dimensional_halo_clamped_with_corners, "AV-8,TS-4", expect::pass) {
  constexpr int size = 8;
  const std::vector<int> in = ctx.random_ints(size * size, -20, 20);
  std::vector<int> out(size * size, 0);
  array_view<const int, 2> a(size, size, in);
  array_view<int, 2> v(size, size, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[6][6];
    const int y = t.local[0], x = t.local[1];
    // 36 cells, 16 threads: each loads the cells k = y*4+x, +16, +32 of the 6x6 block.
    for (int k = y * 4 + x; k < 36; k += 16) {
      const int rr = t.tile_origin[0] - 1 + k / 6, cc = t.tile_origin[1] - 1 + k % 6;
      s[k / 6][k % 6] = a(rr < 0 ? 0 : (rr > size - 1 ? size - 1 : rr), cc < 0 ? 0 : (cc > size - 1 ? size - 1 : cc));
    }
    t.barrier.wait();
    int sum = 0;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx) sum += s[y + dy][x + dx];
    v[t] = sum;
  });
  v.synchronize();
  std::vector<int> want(size * size, 0);
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) want[r * size + c] += in[std::clamp(r + dy, 0, size - 1) * size + std::clamp(c + dx, 0, size - 1)];
  ctx.output("box_sums", out, want);
}

// A 10x13 domain padded to 12x16 (TEXT-6): every thread takes part in the barrier, only the threads inside
// the extent touch the views (extent.contains).
TESSERA_CASE(two_dimensional_padded_domain_with_contains_guard, "TEXT-6,AV-8", expect::pass) {
  constexpr int rows = 10, cols = 13;
  const std::vector<int> in = ctx.random_ints(rows * cols, -50, 50);
  std::vector<int> out(rows * cols, 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> v(rows, cols, out);
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>().pad(), [=] restrict_amp (tiled_index<4, 4> t) {
    tile_static int s[4][4];
    const bool inside = a.extent.contains(t.global);
    s[t.local[0]][t.local[1]] = inside ? a[t.global] : 0;
    t.barrier.wait();
    if (inside) v[t.global] = s[t.local[0]][t.local[1]] + s[0][0];
  });
  v.synchronize();
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) want[r * cols + c] = in[r * cols + c] + in[(r / 4) * 4 * cols + (c / 4) * 4];
  ctx.output("plus_corner", out, want);
}

// A grid-stride loop with the exclusive bound i < n.
TESSERA_CASE(grid_stride_loop_with_exclusive_bound, "AV-8,PFE-5", expect::pass) {
  constexpr int n = 250;
  const std::vector<int> in = ctx.random_ints(n, -100, 100);
  std::vector<int> data = in;
  array_view<int, 1> d(n, data);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    for (int i = t.global[0]; i < n; i += 64) d[i] = d[i] - i;
  });
  d.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = in[i] - i;
  ctx.output("updated", data, want);
}

// Two elements per thread on a launch of half the array's size.
TESSERA_CASE(two_elements_per_thread_on_a_half_size_launch, "AV-8,PFE-4", expect::pass) {
  const std::vector<int> in = ctx.random_ints(256, -100, 100);
  std::vector<int> out(8, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> sums(8, out);
  parallel_for_each(ctx.view(), extent<1>(128).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    s[l] = a[2 * g] + a[2 * g + 1];
    t.barrier.wait();
    if (l == 0) {
      int sum = 0;
      for (int k = 0; k < 16; ++k) sum += s[k];
      sums[t.tile] = sum;
    }
  });
  sums.synchronize();
  std::vector<int> want(8, 0);
  for (int i = 0; i < 256; ++i) want[i / 32] += in[i];
  ctx.output("sums", out, want);
}

// A section of a 2-D view indexed inside the kernel with its own indices (origin 0).
TESSERA_CASE(section_indexed_with_its_own_indices, "AV-9,AV-8", expect::pass) {
  constexpr int rows = 8, cols = 16;
  const std::vector<int> in = ctx.random_ints(4 * 8, -100, 100);
  std::vector<int> data(rows * cols, 0);
  array_view<const int, 2> a(4, 8, in);
  array_view<int, 2> whole(rows, cols, data);
  array_view<int, 2> inner = whole.section(2, 4, 4, 8);
  parallel_for_each(ctx.view(), inner.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) {
    inner(t.global[0], t.global[1]) = a(t.global[0], t.global[1]) + 1000;
  });
  whole.synchronize();
  std::vector<int> want(rows * cols, 0);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c) want[(r + 2) * cols + c + 4] = in[r * 8 + c] + 1000;
  ctx.output("whole", data, want);
}

// Every tile fills its own lookup table before reading it (each tile has its own tile_static, TS-2).
TESSERA_CASE(every_tile_fills_its_own_table, "TS-4,TS-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 15);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int squares[16];
    const int l = t.local[0];
    squares[l] = l * l;
    t.barrier.wait();
    v[t] = squares[a[t]];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g] * in[g];
  ctx.output("squares", out, want);
}

// The conditional store with an else branch: every slot is written, positive elements or zero.
TESSERA_CASE(conditional_store_with_else_branch, "TS-4,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, -50, 50);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int positive[16];
    const int l = t.local[0];
    if (a[t] > 0) {
      positive[l] = a[t];
    } else {
      positive[l] = 0;
    }
    t.barrier.wait();
    v[t] = positive[15 - l];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = std::max(0, in[(g / 16) * 16 + 15 - g % 16]);
  ctx.output("mirrored_positive", out, want);
}

// 32 slots cleared by 16 threads with a stride of the tile size, then accumulated into and read.
TESSERA_CASE(clearing_loop_covers_every_slot, "TS-4,TS-9", expect::pass) {
  const std::vector<int> in = ctx.random_ints(64, 0, 31);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int slots[32];
    const int l = t.local[0];
    for (int k = l; k < 32; k += 16) slots[k] = 0;
    t.barrier.wait();
    atomic_fetch_inc(&slots[a[t]]);
    t.barrier.wait();
    v[t] = slots[l] * 100 + slots[l + 16];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int tile = 0; tile < 4; ++tile) {
    std::vector<int> slots(32, 0);
    for (int k = 0; k < 16; ++k) ++slots[in[tile * 16 + k]];
    for (int l = 0; l < 16; ++l) want[tile * 16 + l] = slots[l] * 100 + slots[l + 16];
  }
  ctx.output("counts", out, want);
}

struct total_and_count {
  int sum;
  int count;
};

// A tile_static struct whose every field thread 0 sets before the barrier.
TESSERA_CASE(every_struct_field_set_before_barrier, "TS-4,MEM-3", expect::pass) {
  const std::vector<int> in = ctx.random_ints(32, 1, 9);
  std::vector<int> out(32, 0);
  array_view<const int, 1> a(32, in);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static total_and_count total;
    if (t.local[0] == 0) {
      total.sum = a[t] * 16;
      total.count = a[t];
    }
    t.barrier.wait();
    v[t] = total.sum / total.count;
  });
  v.synchronize();
  ctx.output("quotients", out, std::vector<int>(32, 16));
}

// A 24-slot window initialized with one or two stores per thread of a 16-thread tile.
TESSERA_CASE(window_initialized_by_one_or_two_stores_per_thread, "TS-4,BAR-2", expect::pass) {
  const std::vector<int> in = ctx.random_ints(72, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(72, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int window[24];
    const int l = t.local[0], g = t.global[0];
    window[l] = a[g];
    if (l < 8) window[l + 16] = a[g + 16];
    t.barrier.wait();
    v[t] = window[l] + window[l + 8];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int g = 0; g < 64; ++g) want[g] = in[g] + in[g + 8];
  ctx.output("windows", out, want);
}

}  // namespace
