// extent<N>(const int components[]) and extent<N>(int components[]) (EXT-1, IDX-2): the rank-N
// constructor; a rank-4 launch domain built from one (extent<4>(e0, e1, e2, e3) does not compile:
// tests/compile_fail).
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TESSERA_CASE(extent_from_int_arrays_sizes_a_rank_4_domain, "EXT-1,EXT-2,IDX-2", expect::pass) {
  int dims[4] = {2, 3, 4, 5};
  const int cdims[4] = {2, 3, 4, 5};
  const extent<4> e(dims);
  ctx.require(e == extent<4>(cdims), "int[] and const int[] give the same extent");
  ctx.require(e.size() == 120u, "size() is the product of the components");
  ctx.require(extent<2>(cdims) == extent<2>(2, 3), "the array form takes the first N ints");
  std::vector<int> out(e.size(), -1);
  array_view<int, 4> v(e, out);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<4> i) {
    const int far[4] = {i[0] + 1, i[1] + 1, i[2] + 1, i[3] + 1};
    v[i] = static_cast<int>(extent<4>(far).size());  // the box up to and including i
  });
  v.synchronize();
  std::vector<int> want;
  for (int a = 1; a <= 2; ++a)
    for (int b = 1; b <= 3; ++b)
      for (int c = 1; c <= 4; ++c)
        for (int d = 1; d <= 5; ++d) want.push_back(a * b * c * d);
  ctx.output("box_sizes", out, want);
}

}  // namespace
