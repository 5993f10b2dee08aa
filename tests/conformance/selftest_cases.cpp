// Cases that misbehave on purpose, for the harness's own tests (test_harness.cpp): a crash, an abort, a
// hang, an undeclared exception, a wrong output, an exception of the wrong type, and well-behaved cases
// around them that must still pass.
#include <tessera/conformance/case.hpp>

#include <csignal>
#include <cstdlib>
#include <stdexcept>

namespace {
using namespace tessera;
using tessera::index;

TESSERA_CASE(a_passes_before_the_crash, "IDX-1", expect::pass) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = t.global[0] * 3; });
  v.synchronize();
  ctx.output("times_three", out, std::vector<int>{0, 3, 6, 9, 12, 15, 18, 21});
}

TESSERA_CASE(b_crashes, "IDX-1", expect::pass) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
}

TESSERA_CASE(b_raises_sigsegv, "IDX-1", expect::pass) { std::raise(SIGSEGV); }

TESSERA_CASE(c_aborts, "IDX-1", expect::pass) { std::abort(); }

TESSERA_CASE(d_hangs, "IDX-1", expect::pass) {
  for (volatile bool forever = true; forever;) {
  }
}

TESSERA_CASE(e_throws_undeclared, "IDX-1", expect::pass) { throw std::runtime_error("undeclared failure"); }

TESSERA_CASE(f_wrong_output, "IDX-1", expect::pass) {
  std::vector<float> got{1.0f, 2.0f, 3.0f, 4.0f};
  std::vector<float> want{1.0f, 2.0f, 3.0000002f, 4.0f};
  ctx.output("floats", got, want);
}

TESSERA_CASE(g_wrong_exception_type, "PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  throw tessera::unsupported_feature("not the declared type");  // expect: throws
}

TESSERA_CASE(h_expected_exception, "PFE-3", expect::throws<tessera::invalid_compute_domain>) {
  std::vector<int> out(10);
  array_view<int, 1> v(10, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 1; });  // expect: throws
}

TESSERA_CASE(i_listed_as_skipped, "IDX-1", expect::pass) { ctx.require(false, "never runs: the expectation list skips it"); }

TESSERA_CASE(j_float_within_bound, "IDX-1", expect::pass) {
  ctx.output("near", std::vector<float>{1.0f}, std::vector<float>{1.0000001f}, conformance::ulps(1));
}

TESSERA_CASE(k_passes_after_everything, "IDX-1", expect::pass) { ctx.output("answer", 42, 42); }

// Larger than what a results file keeps inline: stored as a blob, with or without --out.
TESSERA_CASE(l_large_output, "IDX-1", expect::pass) {
  std::vector<int> values(1000);
  for (int i = 0; i < 1000; ++i) values[i] = i * i;
  ctx.output("squares", values, values);
}

}  // namespace
