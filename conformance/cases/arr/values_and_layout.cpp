// array<T,N>: a dense row-major container that owns its data (ARR-1), copied deeply (ARR-2), indexed by
// index<N> and ints with projections (ARR-6), with data() and a conversion to std::vector (ARR-7).
// Kernels reach an array through an array_view of it, captured by value: the one form every backend
// takes (a GPU kernel cannot hold a reference to a host object).
#include <tessera/conformance/case.hpp>

#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// PROJ-14: elements whose size is a multiple of 4 bytes (int, float, double, a 12-byte and a 16-byte
// struct) are accepted by array and array_view and carried through a kernel intact (other sizes do not
// compile: tests/compile_fail pins that).
struct rgb {
  float r, g, b;
};
struct pair_of_doubles {
  double a, b;
};
static_assert(sizeof(rgb) == 12 && sizeof(pair_of_doubles) == 16);

TESSERA_CASE(elements_of_any_multiple_of_four_bytes_are_accepted, "PROJ-14,ARR-1", expect::pass) {
  const int n = 128;
  const auto f = ctx.random_floats(3 * n, -100, 100);
  const auto d = ctx.random_doubles(2 * n, -1e6, 1e6);
  std::vector<rgb> colours(n);
  std::vector<pair_of_doubles> pairs(n);
  for (int i = 0; i < n; ++i) {
    colours[i] = rgb{f[3 * i], f[3 * i + 1], f[3 * i + 2]};
    pairs[i] = pair_of_doubles{d[2 * i], d[2 * i + 1]};
  }
  array<rgb, 1> c(n, colours.begin(), colours.end());
  array_view<pair_of_doubles, 1> p(n, pairs);
  array_view<rgb, 1> cv(c);
  std::vector<float> brightness(n);
  std::vector<double> sums(n);
  array_view<float, 1> b(n, brightness);
  array_view<double, 1> s(n, sums);
  parallel_for_each(ctx.view(), b.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    const rgb v = cv[t.global];
    b[t.global] = v.r + v.g + v.b;
    s[t.global] = p[t.global].a + p[t.global].b;
    cv[t.global] = rgb{v.b, v.g, v.r};
  });
  b.synchronize();
  s.synchronize();
  cv.synchronize();
  std::vector<float> want_b(n), swapped(3 * n), got_swapped(3 * n);
  std::vector<double> want_s(n);
  const std::vector<rgb> back = c;
  for (int i = 0; i < n; ++i) {
    want_b[i] = colours[i].r + colours[i].g + colours[i].b;
    want_s[i] = pairs[i].a + pairs[i].b;
    swapped[3 * i] = colours[i].b, swapped[3 * i + 1] = colours[i].g, swapped[3 * i + 2] = colours[i].r;
    got_swapped[3 * i] = back[i].r, got_swapped[3 * i + 1] = back[i].g, got_swapped[3 * i + 2] = back[i].b;
  }
  ctx.output("brightness", brightness, want_b);
  ctx.output("sums", sums, want_s);
  ctx.output("swapped", got_swapped, swapped);
}

// Row-major: element (i,j,k) of a (3,5,7) array is data()[(i*5+j)*7+k], and the range it was built from
// is laid out in that order.
TESSERA_CASE(row_major_layout_matches_data, "ARR-1,ARR-7", expect::pass) {
  const auto src = ctx.random_ints(3 * 5 * 7, -1000, 1000);
  array<int, 3> a(extent<3>(3, 5, 7), src.begin(), src.end());
  std::vector<int> by_index, by_data;
  const int* d = a.data();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 7; ++k) {
        by_index.push_back(a(i, j, k));
        by_data.push_back(d[(i * 5 + j) * 7 + k]);
      }
  ctx.output("by_index", by_index, src);
  ctx.output("by_data", by_data, src);
}

// A kernel writes an array through a view of it (row-major global index per element); the array's
// data(), indexing and std::vector conversion all show the kernel's values.
TESSERA_CASE(kernel_writes_array_through_its_view, "ARR-1,ARR-7", expect::pass) {
  constexpr int rows = 12, cols = 20;
  array<int, 2> a(rows, cols);
  array_view<int, 2> v = a;
  parallel_for_each(ctx.view(), a.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
    v[t] = t.global[0] * 1000 + t.global[1];
  });
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) want[r * cols + c] = r * 1000 + c;
  const std::vector<int> as_vector = a;
  ctx.output("as_vector", as_vector, want);
  ctx.output("data", std::vector<int>(a.data(), a.data() + rows * cols), want);
  ctx.require(a(7, 13) == 7013 && a[index<2>(11, 19)] == 11019, "indexing reads the kernel's values");
  ctx.require(a.extent == extent<2>(rows, cols) && a.get_extent() == extent<2>(rows, cols), "extent and get_extent()");
}

// Copy construction and copy assignment are deep (ARR-2): a kernel changes the copies and the original
// keeps its values; the copies keep theirs after the original changes.
TESSERA_CASE(copies_are_deep, "ARR-2", expect::pass) {
  constexpr int n = 256;
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 1> original(n, src.begin(), src.end());
  array<int, 1> constructed(original);
  array<int, 1> assigned(n);
  assigned = original;
  array_view<int, 1> vc = constructed, va = assigned;
  parallel_for_each(ctx.view(), vc.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    vc[t] += 1;
    va[t] *= 2;
  });
  array_view<int, 1> vo = original;
  parallel_for_each(ctx.view(), vo.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { vo[t] = -vo[t]; });
  std::vector<int> plus_one(src), doubled(src), negated(src);
  for (int i = 0; i < n; ++i) {
    plus_one[i] += 1;
    doubled[i] *= 2;
    negated[i] = -negated[i];
  }
  ctx.output("original", static_cast<std::vector<int>>(original), negated);
  ctx.output("copy_constructed", static_cast<std::vector<int>>(constructed), plus_one);
  ctx.output("copy_assigned", static_cast<std::vector<int>>(assigned), doubled);
}

// Moves keep the contents (ARR-2): a move-constructed and a move-assigned array hold what the source held,
// and a view taken of the moved-to array is usable in a kernel.
TESSERA_CASE(moves_keep_the_contents, "ARR-2", expect::pass) {
  constexpr int n = 128;
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 1> first(n, src.begin(), src.end());
  array<int, 1> moved(std::move(first));
  array<int, 1> target(1);
  target = std::move(moved);
  array_view<int, 1> v = target;
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] += 7; });
  std::vector<int> want(src);
  for (int& x : want) x += 7;
  ctx.output("moved_to", static_cast<std::vector<int>>(target), want);
  ctx.require(target.extent == extent<1>(n), "the moved-to array has the source's extent");
}

// index<N> and int subscripts, () and [], and [] projections all name the same element (ARR-6), up to
// rank 4 (the spec's a[index<4>(5,4,3,2)] == a[5][4][3][2]).
TESSERA_CASE(index_forms_and_projections_agree, "ARR-6", expect::pass) {
  const auto src4 = ctx.random_ints(6 * 5 * 4 * 3, -1000, 1000);
  const int dims4[] = {6, 5, 4, 3};
  array<int, 4> a4(extent<4>(dims4), src4.begin(), src4.end());
  const auto src3 = ctx.random_ints(4 * 5 * 6, -1000, 1000);
  array<int, 3> a3(extent<3>(4, 5, 6), src3.begin(), src3.end());
  bool same4 = true, same3 = true;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 3; ++l) {
          const int want = src4[((i * 5 + j) * 4 + k) * 3 + l];
          const int c[] = {i, j, k, l};
          const index<4> at(c);
          same4 = same4 && a4[at] == want && a4(at) == want && a4[i][j][k][l] == want && a4[i](j, k, l) == want;
        }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 6; ++k) {
        const int want = src3[(i * 5 + j) * 6 + k];
        same3 = same3 && a3(i, j, k) == want && a3[index<3>(i, j, k)] == want && a3[i][j][k] == want &&
                a3[i](j, k) == want && a3[i][j](k) == want;
      }
  const array<int, 3>& c3 = a3;
  ctx.require(same4, "rank 4: a[index], a(index), a[i][j][k][l] and a[i](j,k,l) agree with the row-major source");
  ctx.require(same3, "rank 3: a(i,j,k), a[index], a[i][j][k], a[i](j,k) and a[i][j](k) agree");
  ctx.require(c3(3, 4, 5) == src3.back() && c3[index<3>(0, 0, 0)] == src3.front(), "a const array reads the same");
}

// A projection a[i] of a rank-2 array is a rank-1 view of row i (ARR-6): a kernel writes through it and
// only that row of the array changes.
TESSERA_CASE(projection_writes_one_row, "ARR-6,ARR-1", expect::pass) {
  constexpr int rows = 8, cols = 48;
  std::vector<int> zeros(rows * cols, 0);
  array<int, 2> a(rows, cols, zeros.begin(), zeros.end());
  array_view<int, 1> row = a[5];
  parallel_for_each(ctx.view(), row.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { row[t] = t.global[0] + 1; });
  std::vector<int> want(rows * cols, 0);
  for (int c = 0; c < cols; ++c) want[5 * cols + c] = c + 1;
  ctx.output("array", static_cast<std::vector<int>>(a), want);
  ctx.require(row.extent == extent<1>(cols), "the projection's extent is the row's");
}

// An array built from an array_view holds a deep copy of the view's elements (ARR-2): later changes to
// the view's data do not reach it.
TESSERA_CASE(array_from_view_is_a_deep_copy, "ARR-2,ARR-9", expect::pass) {
  constexpr int rows = 6, cols = 10;
  auto data = ctx.random_ints(rows * cols, -1000, 1000);
  const std::vector<int> before(data);
  array_view<int, 2> v(rows, cols, data);
  array<int, 2> a(array_view<const int, 2>(v.section(index<2>(1, 2), extent<2>(4, 5))));
  parallel_for_each(ctx.view(), v.extent.tile<2, 5>(), [=] restrict_amp (tiled_index<2, 5> t) { v[t] = 0; });
  v.synchronize();
  std::vector<int> want;
  for (int r = 1; r < 5; ++r)
    for (int c = 2; c < 7; ++c) want.push_back(before[r * cols + c]);
  ctx.output("array", static_cast<std::vector<int>>(a), want);
  ctx.output("view_data", data, std::vector<int>(rows * cols, 0));
}

}  // namespace
