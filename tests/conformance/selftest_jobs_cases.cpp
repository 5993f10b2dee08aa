// The self-test executor of --jobs (test_harness.cpp, Jobs.*): two cases the sweep runs, a correct kernel
// of the hazard corpus and a divergence (family "hazards", as the suite's corpus), and a plain case of
// another family (selftest_plain_case.cpp).
#include <tessera/conformance/case.hpp>

namespace {

using namespace tessera;

TESSERA_CASE(a_correct_kernel_of_the_corpus, "BAR-2", expect::pass) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = s[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> expected(32);
  for (int i = 0; i < 32; ++i) expected[i] = (i / 16) * 16 + 15 - i % 16;
  ctx.output("reversed", out, expected);
}

TESSERA_CASE(b_divergence, "BAR-6", expect::divergence) {
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.local[0] < 4) {
      t.barrier.wait();  // expect: barrier divergence
    }
    v[t] = 1;
  });
  v.synchronize();
}

}  // namespace
