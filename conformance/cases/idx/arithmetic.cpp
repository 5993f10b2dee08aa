// IDX-1..IDX-5: index<N> built, read, written and combined INSIDE kernels (so the CUDA build runs the
// device code), each thread on values from seeded inputs; the oracles redo the arithmetic on the host.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

constexpr int n_threads = 256;

// Seeded inputs with no zero (they are divisors), in [-50,-1] u [1,50].
std::vector<int> nonzero(tessera::conformance::context& ctx, std::size_t n) {
  auto v = ctx.random_ints(n, -50, 49);
  for (int& x : v)
    if (x >= 0) x += 1;
  return v;
}

// Component order and the 3-D example of §4.1: av[i] of a 3-D view is element (i0*E1 + i1)*E2 + i2 of
// its buffer, and i[0] is the most significant component.
TESSERA_CASE(components_most_significant_first, "IDX-1,IDX-5", expect::pass) {
  const int e0 = 4, e1 = 5, e2 = 6;
  std::vector<int> out(e0 * e1 * e2, -1);
  std::vector<int> example(3, -1);
  array_view<int, 3> v(e0, e1, e2, out);
  array_view<int, 1> ex(3, example);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<3> i) {
    v[i] = i[0] * 100 + i[1] * 10 + i[2];
    if (i == index<3>(0, 0, 0)) {
      const index<3> p(2, 0, 4);  // plane Z=2, row Y=0, column X=4
      ex[0] = p[0];
      ex[1] = p[1];
      ex[2] = p[2];
    }
  });
  v.synchronize();
  ex.synchronize();
  std::vector<int> want;
  for (int z = 0; z < e0; ++z)
    for (int y = 0; y < e1; ++y)
      for (int x = 0; x < e2; ++x) want.push_back(z * 100 + y * 10 + x);
  ctx.output("row_major", out, want);
  ctx.output("example_2_0_4", example, std::vector<int>{2, 0, 4});
}

// Constructors: default is all zero; (i0,i1,i2) and const int[3] keep their components (negative ones
// too); a copy is equal.
TESSERA_CASE(constructors_keep_components, "IDX-2,IDX-1", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 3, -1000, 1000);
  std::vector<int> out(n_threads * 13, -1);
  array_view<const int, 2> a(n_threads, 3, in);
  array_view<int, 2> o(n_threads, 13, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const index<3> d;
    const index<3> c(a(r, 0), a(r, 1), a(r, 2));
    const int arr[3] = {a(r, 2), a(r, 0), a(r, 1)};
    const index<3> f(arr);
    const index<3> g = c;
    for (int k = 0; k < 3; ++k) {
      o(r, k) = d[k];
      o(r, 3 + k) = c[k];
      o(r, 6 + k) = f[k];
      o(r, 9 + k) = g[k];
    }
    o(r, 12) = (g == c) ? 1 : 0;
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* x = &in[r * 3];
    for (int v : {0, 0, 0, x[0], x[1], x[2], x[2], x[0], x[1], x[0], x[1], x[2], 1}) want.push_back(v);
  }
  ctx.output("components", out, want);
}

// operator[] reads and writes one component, leaving the others alone.
TESSERA_CASE(subscript_writes_one_component, "IDX-3", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 3, -1000, 1000);
  std::vector<int> out(n_threads * 3, -1);
  array_view<const int, 2> a(n_threads, 3, in);
  array_view<int, 2> o(n_threads, 3, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    index<3> x(a(r, 0), a(r, 1), a(r, 2));
    x[1] = x[2] * 2;
    x[2] += x[0];
    for (int k = 0; k < 3; ++k) o(r, k) = x[k];
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* x = &in[r * 3];
    for (int v : {x[0], x[2] * 2, x[2] + x[0]}) want.push_back(v);
  }
  ctx.output("components", out, want);
}

// index +/- index, == and != compare and combine every component.
TESSERA_CASE(index_plus_minus_index_and_equality, "IDX-4", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 4, -3, 3);  // small: equal pairs happen often
  std::vector<int> out(n_threads * 6, -1);
  array_view<const int, 2> a(n_threads, 4, in);
  array_view<int, 2> o(n_threads, 6, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const index<2> x(a(r, 0), a(r, 1)), y(a(r, 2), a(r, 3));
    const index<2> s = x + y, d = x - y;
    o(r, 0) = s[0];
    o(r, 1) = s[1];
    o(r, 2) = d[0];
    o(r, 3) = d[1];
    o(r, 4) = (x == y) ? 1 : 0;
    o(r, 5) = (x != y) ? 1 : 0;
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* x = &in[r * 4];
    const bool eq = x[0] == x[2] && x[1] == x[3];
    for (int v : {x[0] + x[2], x[1] + x[3], x[0] - x[2], x[1] - x[3], eq ? 1 : 0, eq ? 0 : 1}) want.push_back(v);
  }
  ctx.output("results", out, want);
}

// index op int and int op index, for + - * / %: component by component, the scalar on either side
// (7 % index<2>(2,3) is (1,1)); division and remainder truncate toward zero as in C++.
TESSERA_CASE(scalar_operators_on_either_side, "IDX-4", expect::pass) {
  const auto comps = nonzero(ctx, n_threads * 2);
  const auto scal = nonzero(ctx, n_threads);
  std::vector<int> out(n_threads * 20 + 2, -1);
  array_view<const int, 2> a(n_threads, 2, comps);
  array_view<const int, 1> s(n_threads, scal);
  array_view<int, 1> o(n_threads * 20 + 2, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const index<2> x(a(r, 0), a(r, 1));
    const int k = s[r];
    const index<2> res[10] = {x + k, x - k, x * k, x / k, x % k, k + x, k - x, k * x, k / x, k % x};
    for (int j = 0; j < 10; ++j) {
      o[r * 20 + 2 * j] = res[j][0];
      o[r * 20 + 2 * j + 1] = res[j][1];
    }
    if (r == 0) {
      const index<2> e = 7 % index<2>(2, 3);
      o[n_threads * 20] = e[0];
      o[n_threads * 20 + 1] = e[1];
    }
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int k = scal[r];
    for (int op = 0; op < 10; ++op)
      for (int c = 0; c < 2; ++c) {
        const int x = comps[r * 2 + c];
        const int v[10] = {x + k, x - k, x * k, x / k, x % k, k + x, k - x, k * x, k / x, k % x};
        want.push_back(v[op]);
      }
  }
  want.push_back(1);
  want.push_back(1);
  ctx.output("results", out, want);
}

// Compound assignment and ++/-- (prefix and postfix) change every component; postfix returns the old value.
TESSERA_CASE(compound_and_increment_change_every_component, "IDX-4", expect::pass) {
  const auto comps = nonzero(ctx, n_threads * 3);
  const auto scal = nonzero(ctx, n_threads);
  const int per = 3 * 10;
  std::vector<int> out(n_threads * per, -1);
  array_view<const int, 2> a(n_threads, 3, comps);
  array_view<const int, 1> s(n_threads, scal);
  array_view<int, 2> o(n_threads, per, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const index<3> x0(a(r, 0), a(r, 1), a(r, 2));
    const int k = s[r];
    index<3> res[10];
    index<3> x = x0;
    x += x0;  // 2x
    res[0] = x;
    x -= index<3>(1, 2, 3);
    res[1] = x;
    x *= k;
    res[2] = x;
    x /= 3;
    res[3] = x;
    x %= k;
    res[4] = x;
    res[5] = ++x;
    res[6] = x++;  // old value
    res[7] = x;
    res[8] = x--;  // old value
    res[9] = --x;
    for (int j = 0; j < 10; ++j)
      for (int c = 0; c < 3; ++c) o(r, j * 3 + c) = res[j][c];
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int k = scal[r];
    int x[3], res[10][3];
    for (int c = 0; c < 3; ++c) {
      const int sub[3] = {1, 2, 3};
      x[c] = comps[r * 3 + c] * 2;
      res[0][c] = x[c];
      x[c] -= sub[c];
      res[1][c] = x[c];
      x[c] *= k;
      res[2][c] = x[c];
      x[c] /= 3;
      res[3][c] = x[c];
      x[c] %= k;
      res[4][c] = x[c];
      res[5][c] = ++x[c];
      res[6][c] = x[c]++;
      res[7][c] = x[c];
      res[8][c] = x[c]--;
      res[9][c] = --x[c];
    }
    for (auto& row : res)
      for (int v : row) want.push_back(v);
  }
  ctx.output("results", out, want);
}

// Ranks above 3 are valid: an index<5> built from an int array keeps its components and its arithmetic
// works like the lower ranks'.
TESSERA_CASE(rank_5_index_arithmetic, "IDX-1,IDX-2,IDX-4", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 5, -100, 100);
  std::vector<int> out(n_threads * 10, -1);
  array_view<const int, 2> a(n_threads, 5, in);
  array_view<int, 2> o(n_threads, 10, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    int c[5];
    for (int k = 0; k < 5; ++k) c[k] = a(r, k);
    const index<5> x(c);
    const index<5> y = x * 3 - index<5>(c) + 1;  // 2x + 1
    for (int k = 0; k < 5; ++k) {
      o(r, k) = x[k];
      o(r, 5 + k) = y[k];
    }
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    for (int k = 0; k < 5; ++k) want.push_back(in[r * 5 + k]);
    for (int k = 0; k < 5; ++k) want.push_back(in[r * 5 + k] * 2 + 1);
  }
  ctx.output("results", out, want);
}

}  // namespace
