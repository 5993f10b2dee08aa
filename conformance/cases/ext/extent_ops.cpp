// EXT-1..EXT-4: extent<N> built, measured, tested for containment, combined and tiled INSIDE kernels,
// each thread on values from seeded inputs; the oracles redo it on the host.
#include <tessera/conformance/case.hpp>

#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

constexpr int n_threads = 256;

// extent<3>(7,5,3) is the zero-based box Z 0..6, Y 0..4, X 0..2: a launch over it visits exactly its
// 105 points, and size() is 105 in kernel code too.
TESSERA_CASE(extent_7x5x3_is_a_zero_based_box_of_105_points, "EXT-1,EXT-2", expect::pass) {
  const extent<3> e(7, 5, 3);
  std::vector<int> visits(e.size(), 0);
  std::vector<unsigned> sizes(e.size(), 0);
  array_view<int, 3> v(e, visits);
  array_view<unsigned, 3> s(e, sizes);
  parallel_for_each(ctx.view(), e, [=] restrict_amp (index<3> i) {
    v[i] += (i[0] >= 0 && i[0] < 7 && i[1] >= 0 && i[1] < 5 && i[2] >= 0 && i[2] < 3) ? 1 : 100;
    s[i] = extent<3>(7, 5, 3).size();
  });
  v.synchronize();
  s.synchronize();
  ctx.output("size", e.size(), 105u);
  ctx.output("visits", visits, std::vector<int>(105, 1));
  ctx.output("size_in_kernel", sizes, std::vector<unsigned>(105, 105u));
}

// size() is the product of the components, for ranks 1 to 4, computed in kernel code.
TESSERA_CASE(size_is_the_product_of_components, "EXT-2", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 4, 1, 40);
  std::vector<unsigned> out(n_threads * 4, 0);
  array_view<const int, 2> a(n_threads, 4, in);
  array_view<unsigned, 2> o(n_threads, 4, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    o(r, 0) = extent<1>(a(r, 0)).size();
    o(r, 1) = extent<2>(a(r, 0), a(r, 1)).size();
    o(r, 2) = extent<3>(a(r, 0), a(r, 1), a(r, 2)).size();
    const int c[4] = {a(r, 0), a(r, 1), a(r, 2), a(r, 3)};
    o(r, 3) = extent<4>(c).size();
  });
  o.synchronize();
  std::vector<unsigned> want;
  for (int r = 0; r < n_threads; ++r) {
    unsigned p = 1;
    for (int k = 0; k < 4; ++k) want.push_back(p *= static_cast<unsigned>(in[r * 4 + k]));
  }
  ctx.output("sizes", out, want);
}

// contains(idx) is true exactly when 0 <= idx[d] < ext[d] for every d: each thread of a (E0+4)x(E1+4)
// launch asks about the point two before it, covering the corners, -1 and ext[d] in each dimension.
TESSERA_CASE(contains_exactly_the_points_inside, "EXT-2", expect::pass) {
  const int e0 = 5, e1 = 7;
  std::vector<int> out((e0 + 4) * (e1 + 4), -1);
  array_view<int, 2> o(e0 + 4, e1 + 4, out);
  parallel_for_each(ctx.view(), o.extent, [=] restrict_amp (index<2> i) {
    const extent<2> e(e0, e1);
    o[i] = e.contains(i - 2) ? 1 : 0;
  });
  o.synchronize();
  std::vector<int> want;
  for (int y = -2; y < e0 + 2; ++y)
    for (int x = -2; x < e1 + 2; ++x) want.push_back(y >= 0 && y < e0 && x >= 0 && x < e1 ? 1 : 0);
  ctx.output("contains", out, want);
}

// Arithmetic follows index: extent +/- extent, extent +/- index, scalar ops either side, compound forms,
// ++/-- and ==; extent<2>(4,6)/2 == extent<2>(2,3).
TESSERA_CASE(arithmetic_follows_index, "EXT-4", expect::pass) {
  auto in = ctx.random_ints(n_threads * 5, 1, 60);
  std::vector<int> out(n_threads * 22, -1);
  array_view<const int, 2> a(n_threads, 5, in);
  array_view<int, 2> o(n_threads, 22, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const extent<2> x(a(r, 0), a(r, 1)), y(a(r, 2), a(r, 3));
    const index<2> p(a(r, 2), -a(r, 3));
    const int k = a(r, 4);
    extent<2> res[10] = {x + y, x - y, x + p, x - p, x * k, x / k, x % k, k * x, k / x, k - x};
    extent<2> z = x;
    z += y;
    z -= p;
    z *= 2;
    res[8] = z;  // replaces k / x: compound forms
    ++z;
    res[9] = z;
    for (int j = 0; j < 10; ++j) {
      o(r, 2 * j) = res[j][0];
      o(r, 2 * j + 1) = res[j][1];
    }
    o(r, 20) = (extent<2>(4, 6) / 2 == extent<2>(2, 3)) ? 1 : 0;
    o(r, 21) = (x == y) ? 1 : (x != y ? 0 : -1);
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* v = &in[r * 5];
    const int x[2] = {v[0], v[1]}, y[2] = {v[2], v[3]}, p[2] = {v[2], -v[3]};
    const int k = v[4];
    int res[10][2];
    for (int c = 0; c < 2; ++c) {
      res[0][c] = x[c] + y[c];
      res[1][c] = x[c] - y[c];
      res[2][c] = x[c] + p[c];
      res[3][c] = x[c] - p[c];
      res[4][c] = x[c] * k;
      res[5][c] = x[c] / k;
      res[6][c] = x[c] % k;
      res[7][c] = k * x[c];
      res[8][c] = (x[c] + y[c] - p[c]) * 2;
      res[9][c] = res[8][c] + 1;
    }
    for (auto& e : res)
      for (int c : e) want.push_back(c);
    want.push_back(1);
    want.push_back(x[0] == y[0] && x[1] == y[1] ? 1 : 0);
  }
  ctx.output("results", out, want);
}

// extent + index moves the far corner of the box: the grown box contains the point it did not before.
TESSERA_CASE(extent_plus_index_moves_the_far_corner, "EXT-4,EXT-2", expect::pass) {
  std::vector<int> out(6 * 8, -1);
  array_view<int, 2> o(6, 8, out);
  parallel_for_each(ctx.view(), o.extent, [=] restrict_amp (index<2> i) {
    const extent<2> small(4, 5);
    const extent<2> grown = small + index<2>(2, 3);  // (6, 8)
    const extent<2> shrunk = grown - index<2>(1, 1);  // (5, 7)
    o[i] = (small.contains(i) ? 1 : 0) + (grown.contains(i) ? 10 : 0) + (shrunk.contains(i) ? 100 : 0) +
           (grown == extent<2>(6, 8) ? 1000 : 0);
  });
  o.synchronize();
  std::vector<int> want;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) want.push_back((y < 4 && x < 5 ? 1 : 0) + 10 + (y < 5 && x < 7 ? 100 : 0) + 1000);
  ctx.output("containment", out, want);
}

// tile<D0>() exists only on extent<1>, tile<D0,D1>() on extent<2>, tile<D0,D1,D2>() on extent<3>; each
// returns the tiled_extent of that rank with the same components. A wrong count does not compile, which
// the constraints below check without a compile error.
template <class E>
concept tiles_1 = requires(E e) { e.template tile<4>(); };
template <class E>
concept tiles_2 = requires(E e) { e.template tile<4, 4>(); };
template <class E>
concept tiles_3 = requires(E e) { e.template tile<2, 2, 2>(); };
static_assert(tiles_1<extent<1>> && !tiles_2<extent<1>> && !tiles_3<extent<1>>);
static_assert(!tiles_1<extent<2>> && tiles_2<extent<2>> && !tiles_3<extent<2>>);
static_assert(!tiles_1<extent<3>> && !tiles_2<extent<3>> && tiles_3<extent<3>>);
static_assert(!tiles_1<extent<4>> && !tiles_2<extent<4>> && !tiles_3<extent<4>>);
static_assert(std::is_same_v<decltype(extent<2>(8, 12).tile<4, 6>()), tiled_extent<4, 6>>);

TESSERA_CASE(tile_only_with_matching_rank, "EXT-3", expect::pass) {
  const extent<1> e1(12);
  const extent<2> e2(8, 12);
  const extent<3> e3(4, 6, 8);
  const auto t1 = e1.tile<4>();
  const auto t2 = e2.tile<4, 6>();
  const auto t3 = e3.tile<2, 3, 4>();
  ctx.require(t1[0] == 12 && t2[0] == 8 && t2[1] == 12 && t3[0] == 4 && t3[1] == 6 && t3[2] == 8,
              "tile<>() keeps the extent's components");
  std::vector<int> out(4 * 6 * 8, 0);
  array_view<int, 3> o(e3, out);
  parallel_for_each(ctx.view(), t3, [=] restrict_amp (tiled_index<2, 3, 4> t) {
    o[t] = t.tile[0] * 100 + t.tile[1] * 10 + t.tile[2];
  });
  o.synchronize();
  std::vector<int> want;
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 8; ++x) want.push_back(z / 2 * 100 + y / 3 * 10 + x / 4);
  ctx.output("tiles", out, want);
}

}  // namespace
