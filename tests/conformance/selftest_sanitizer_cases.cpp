// Cases of the compute-sanitizer pass's test (sanitizer_pass_runs_the_tools.cmake): the stand-in reports a
// race at the marked lines of `planted_race_is_caught`, at other lines for `planted_race_found_elsewhere` and
// `correct_with_a_false_alarm` (listed in fake-gpu.tsv), hangs on `planted_divergence_hangs` (under synccheck) and on
// `planted_race_a_batch_stops_in` (in a batch); `planted_divergence_that_ends` ends; it finds nothing else.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

TESSERA_CASE(planted_race_is_caught, "MEM-6", expect::hazard("read after write")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s[8];
    s[t.local[0]] = t.local[0];  // expect: read after write
    v[t] = s[(t.local[0] + 1) % 8];  // expect: read after write
  });
  v.synchronize();
}

TESSERA_CASE(planted_race_found_elsewhere, "MEM-6", expect::hazard("read after write")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s[8];
    s[t.local[0]] = t.local[0];  // expect: read after write
    v[t] = s[(t.local[0] + 1) % 8];  // expect: read after write
  });
  v.synchronize();
}

TESSERA_CASE(planted_divergence_hangs, "BAR-8", expect::divergence) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (t.local[0] < 4) t.barrier.wait();  // expect: barrier divergence
    v[t] = 1;
  });
  v.synchronize();
}

TESSERA_CASE(correct_kernel_is_clean, "IDX-1", expect::pass) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = t.global[0] * 2; });
  v.synchronize();
  ctx.output("doubled", out, std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14});
}

TESSERA_CASE(correct_before_the_false_alarm, "IDX-1", expect::pass) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 1; });
  v.synchronize();
  ctx.output("ones", out, std::vector<int>{1, 1, 1, 1});
}

TESSERA_CASE(correct_with_a_false_alarm, "IDX-1", expect::pass) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 2; });
  v.synchronize();
  ctx.output("twos", out, std::vector<int>{2, 2, 2, 2});
}

TESSERA_CASE(correct_zz_after_the_false_alarm, "IDX-1", expect::pass) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 3; });
  v.synchronize();
  ctx.output("threes", out, std::vector<int>{3, 3, 3, 3});
}

// Its kernel is correct; the stand-in sanitizer hangs inside it, as on a kernel that never finishes.
TESSERA_CASE(planted_race_a_batch_stops_in, "MEM-6", expect::hazard("read after write")) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    tile_static int s[8];
    s[t.local[0]] = t.local[0];  // expect: read after write
    v[t] = s[(t.local[0] + 1) % 8];  // expect: read after write
  });
  v.synchronize();
}

TESSERA_CASE(planted_divergence_that_ends, "BAR-8", expect::divergence) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    if (t.local[0] < 4) t.barrier.wait();  // expect: barrier divergence
    v[t] = 1;
  });
  v.synchronize();
}

}  // namespace
