// array_view<T,N>: shallow copies (AV-1), the construction forms (AV-2), views without a data source
// (AV-3), indexing and projection on the host and in kernels (AV-9), data() (AV-11), read-only views
// (AV-15), and containers of views.
#include <tessera/conformance/case.hpp>

#include <array>
#include <numeric>

namespace {
using namespace tessera;
using tessera::index;

// Copies of a view, by construction and by assignment, refer to the same data (AV-1): a kernel writes
// through one copy, another kernel through the other, and the original sees both.
TESSERA_CASE(copies_alias_the_same_data, "AV-1", expect::pass) {
  constexpr int n = 256;
  auto data = ctx.random_ints(n, -1000, 1000);
  const auto src = data;
  array_view<int, 1> original(n, data);
  array_view<int, 1> constructed(original);
  std::vector<int> other(n, 0);
  array_view<int, 1> assigned(n, other);
  assigned = original;
  parallel_for_each(ctx.view(), constructed.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { constructed[t] += 1; });
  parallel_for_each(ctx.view(), assigned.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { assigned[t] *= 3; });
  std::vector<int> through_original(n);
  for (int i = 0; i < n; ++i) through_original[i] = original[i];
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = (src[i] + 1) * 3;
  ctx.output("through_original", through_original, want);
  original.synchronize();
  ctx.output("container", data, want);
  ctx.output("assigned_views_old_container", other, std::vector<int>(n, 0));
}

// Every construction form writes the host memory it was given (AV-2): (int, container) at ranks 1-3,
// (extent, container), (extent, pointer), (ints, pointer), and a std::array as the container.
TESSERA_CASE(construction_forms_write_their_source, "AV-2", expect::pass) {
  std::vector<int> r1(40, 0), r2(4 * 10, 0), r3(2 * 4 * 5, 0), by_extent(40, 0), by_pointer(40, 0), by_ints_pointer(40, 0);
  std::array<int, 40> fixed{};
  array_view<int, 1> v1(40, r1);
  array_view<int, 2> v2(4, 10, r2);
  array_view<int, 3> v3(2, 4, 5, r3);
  array_view<int, 2> ve(extent<2>(5, 8), by_extent);
  array_view<int, 2> vp(extent<2>(8, 5), by_pointer.data());
  array_view<int, 3> vip(2, 2, 10, by_ints_pointer.data());
  array_view<int, 1> va(40, fixed);
  parallel_for_each(ctx.view(), extent<1>(40).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    const int i = t.global[0];
    v1[i] = i + 1;
    v2(i / 10, i % 10) = i + 2;
    v3(i / 20, (i / 5) % 4, i % 5) = i + 3;
    ve(i / 8, i % 8) = i + 4;
    vp(i / 5, i % 5) = i + 5;
    vip(i / 20, (i / 10) % 2, i % 10) = i + 6;
    va[i] = i + 7;
  });
  v1.synchronize();
  v2.synchronize();
  v3.synchronize();
  ve.synchronize();
  vp.synchronize();
  vip.synchronize();
  va.synchronize();
  std::vector<int> base(40);
  std::iota(base.begin(), base.end(), 0);
  auto plus = [&](int k) {
    std::vector<int> w(base);
    for (int& x : w) x += k;
    return w;
  };
  ctx.output("int_container_rank1", r1, plus(1));
  ctx.output("int_container_rank2", r2, plus(2));
  ctx.output("int_container_rank3", r3, plus(3));
  ctx.output("extent_container", by_extent, plus(4));
  ctx.output("extent_pointer", by_pointer, plus(5));
  ctx.output("ints_pointer", by_ints_pointer, plus(6));
  ctx.output("std_array", std::vector<int>(fixed.begin(), fixed.end()), plus(7));
}

// A view built from an extent alone has no data source (AV-3): a kernel writes every element, and the
// host reads them through the view, its data() and a copy.
TESSERA_CASE(view_without_source_written_then_read, "AV-3,AV-11", expect::pass) {
  constexpr int rows = 16, cols = 24;
  array_view<int, 2> m(rows, cols);
  array_view<int, 1> flat(rows * cols);
  parallel_for_each(ctx.view(), m.extent.tile<8, 8>(), [=] restrict_amp (tiled_index<8, 8> t) {
    m[t] = t.global[0] * 100 + t.global[1];
    flat[t.global[0] * cols + t.global[1]] = t.global[0] - t.global[1];
  });
  std::vector<int> want_m(rows * cols), want_flat(rows * cols), got_m, copied(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      want_m[r * cols + c] = r * 100 + c;
      want_flat[r * cols + c] = r - c;
      got_m.push_back(m(r, c));
    }
  tessera::copy(m, copied.begin());
  ctx.output("indexed", got_m, want_m);
  ctx.output("copied", copied, want_m);
  ctx.output("flat_data", std::vector<int>(flat.data(), flat.data() + rows * cols), want_flat);
}

// Indexing forms name the same element (AV-9): av[index], av(index), av(i,j,k), av[i][j][k], av[i](j,k),
// get_ref, in kernel code, each copying one input element to one output slot.
TESSERA_CASE(index_forms_agree_in_kernels, "AV-9", expect::pass) {
  constexpr int d0 = 4, d1 = 6, d2 = 8, n = d0 * d1 * d2;
  const auto in = ctx.random_ints(n, -100000, 100000);
  std::vector<int> out(n * 6, 0);
  array_view<const int, 3> a(d0, d1, d2, in);
  array_view<int, 2> o(n, 6, out);
  parallel_for_each(ctx.view(), a.extent.tile<2, 2, 8>(), [=] restrict_amp (tiled_index<2, 2, 8> t) {
    const int i = t.global[0], j = t.global[1], k = t.global[2];
    const int row = (i * d1 + j) * d2 + k;
    o(row, 0) = a[t.global];
    o(row, 1) = a(index<3>(i, j, k));
    o(row, 2) = a(i, j, k);
    o(row, 3) = a[i][j][k];
    o(row, 4) = a[i](j, k);
    o(row, 5) = a.get_ref(t.global);
  });
  o.synchronize();
  std::vector<int> want(n * 6);
  for (int r = 0; r < n; ++r)
    for (int f = 0; f < 6; ++f) want[r * 6 + f] = in[r];
  ctx.output("six_forms", out, want);
}

// A projection v[i] of a rank-3 view is a rank-2 view of slab i (AV-9): built on the host it is written by a
// kernel; built in kernel code (v[i][j], a rank-1 row) it is written there.
TESSERA_CASE(projections_on_host_and_in_kernels, "AV-9", expect::pass) {
  constexpr int d0 = 3, d1 = 8, d2 = 16;
  std::vector<int> data(d0 * d1 * d2, 0);
  array_view<int, 3> v(d0, d1, d2, data);
  array_view<int, 2> slab = v[1];
  parallel_for_each(ctx.view(), slab.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { slab[t] = 1; });
  parallel_for_each(ctx.view(), extent<2>(d1, d2).tile<8, 4>(), [=] restrict_amp (tiled_index<8, 4> t) {
    array_view<int, 1> row = v[2][t.global[0]];
    row[t.global[1]] = 2 + t.global[1];
  });
  v.synchronize();
  std::vector<int> want(d0 * d1 * d2, 0);
  for (int j = 0; j < d1; ++j)
    for (int k = 0; k < d2; ++k) {
      want[(1 * d1 + j) * d2 + k] = 1;
      want[(2 * d1 + j) * d2 + k] = 2 + k;
    }
  ctx.output("data", data, want);
  ctx.require(slab.extent == extent<2>(d1, d2) && v[0][3].extent == extent<1>(d2), "projections drop dimension 0");
}

// data() of a rank-1 view over host memory is that memory (AV-11); of a section, the section's first
// element. After a kernel and synchronize the host reads the kernel's values through the pointer.
TESSERA_CASE(data_points_at_element_zero, "AV-11", expect::pass) {
  constexpr int n = 64;
  std::vector<int> host(n, 0);
  array_view<int, 1> v(n, host);
  array_view<int, 1> s = v.section(16, 32);
  ctx.require(v.data() == host.data(), "data() of a view over a vector is the vector's data");
  ctx.require(s.data() == host.data() + 16, "data() of a section is its origin's address");
  parallel_for_each(ctx.view(), s.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { s[t] = t.global[0] + 100; });
  s.synchronize();
  const int* p = s.data();
  std::vector<int> got(p, p + 32), want(32);
  std::iota(want.begin(), want.end(), 100);
  ctx.output("through_section_data", got, want);
}

// Read-only views (AV-15): array_view<const T,N> over a const container, and converted from a writable
// view, are read by kernels.
TESSERA_CASE(const_views_are_read_in_kernels, "AV-15,AV-2", expect::pass) {
  constexpr int rows = 8, cols = 32, n = rows * cols;
  const auto x = ctx.random_ints(n, -1000, 1000);
  auto y_data = ctx.random_ints(n, -1000, 1000);
  const auto y_src = y_data;
  std::vector<int> out(n, 0);
  array_view<const int, 2> cx(rows, cols, x);
  array_view<int, 2> y(rows, cols, y_data);
  array_view<const int, 2> cy = y;
  array_view<int, 2> o(rows, cols, out);
  parallel_for_each(ctx.view(), o.extent.tile<8, 8>(), [=] restrict_amp (tiled_index<8, 8> t) {
    o[t] = cx[t] * 2 + cy(t.global[0], t.global[1]);
  });
  o.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = x[i] * 2 + y_src[i];
  ctx.output("sum", out, want);
  ctx.output("writable_source_unchanged", y_data, y_src);
}

// A std::vector of views, each over its own section of one matrix and its own vector, each launched on in
// turn (views are values: a container holds and copies them like any value).
TESSERA_CASE(vector_of_views_each_launched, "AV-1,AV-10", expect::pass) {
  constexpr int parts = 5, len = 48;
  std::vector<int> matrix(parts * len, 0);
  std::vector<std::vector<int>> own(parts, std::vector<int>(len, 0));
  array_view<int, 2> whole(parts, len, matrix);
  std::vector<array_view<int, 1>> rows, owned;
  for (int p = 0; p < parts; ++p) {
    rows.push_back(whole[p]);
    owned.emplace_back(len, own[p]);
  }
  for (int p = 0; p < parts; ++p) {
    array_view<int, 1> r = rows[p];
    array_view<int, 1> mine = owned[p];
    parallel_for_each(ctx.view(), r.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      r[t] = p * 1000 + t.global[0];
      mine[t] = p - t.global[0];
    });
  }
  whole.synchronize();
  std::vector<int> want(parts * len), got_own, want_own;
  for (int p = 0; p < parts; ++p) {
    owned[p].synchronize();
    for (int i = 0; i < len; ++i) {
      want[p * len + i] = p * 1000 + i;
      want_own.push_back(p - i);
      got_own.push_back(own[p][i]);
    }
  }
  ctx.output("rows_of_matrix", matrix, want);
  ctx.output("own_vectors", got_own, want_own);
}

}  // namespace
