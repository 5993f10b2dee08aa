// index<N>(const int components[]) and index<N>(int components[]) (IDX-2): the rank-N constructor, built
// inside kernels so the CUDA build runs it as device code. At rank 4 and above it is the only way to
// give components (tests/compile_fail pins that index<4>(1, 2, 3, 4) does not compile).
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

constexpr int n_threads = 128;

TESSERA_CASE(index_from_int_arrays_at_ranks_1_to_4, "IDX-2,IDX-1", expect::pass) {
  const auto in = ctx.random_ints(n_threads * 4, -100, 100);
  std::vector<int> out(n_threads * 10, 0);
  array_view<const int, 2> a(n_threads, 4, in);
  array_view<int, 2> o(n_threads, 10, out);
  parallel_for_each(ctx.view(), extent<1>(n_threads), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    int m[4];  // non-const int[]
    for (int k = 0; k < 4; ++k) m[k] = a(r, k);
    const int c[4] = {a(r, 0), a(r, 1), a(r, 2), a(r, 3)};  // const int[]
    const index<1> one(c);
    const index<2> two(m);
    const index<3> three(c);
    const index<4> four(m);
    o(r, 0) = one[0];
    o(r, 1) = two[0], o(r, 2) = two[1];
    o(r, 3) = three[0], o(r, 4) = three[1], o(r, 5) = three[2];
    for (int k = 0; k < 4; ++k) o(r, 6 + k) = four[k];
    // The array form agrees with the coordinate form where both exist.
    if (three != index<3>(c[0], c[1], c[2])) o(r, 0) = 1000;
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < n_threads; ++r) {
    const int* c = &in[r * 4];
    for (int k : {0, 0, 1, 0, 1, 2, 0, 1, 2, 3}) want.push_back(c[k]);
  }
  ctx.output("components", out, want);
}

}  // namespace
