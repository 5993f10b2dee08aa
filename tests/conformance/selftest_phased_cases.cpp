// Cases of the compiled path's own test (phased_backend_is_run_and_diffed.cmake): each kernel waits at a
// barrier in its own body, so tessera-phases rewrites it. Built three times: with the checks, for the
// fiber path ("emulator"); through tessera-phases ("emulator-phased"); and with the checks through
// tessera-phases --checked ("emulator-phased-checked"). The compiled path must compute the same outputs
// and report the same divergence, out-of-bounds access and exception; the race needs the memory checks
// and is skipped on the unchecked compiled path with the reason, and found on the checked one.
#include <tessera/conformance/case.hpp>

#include <stdexcept>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares ::index

TESSERA_CASE(reverse_each_tile_through_tile_static, "BAR-2,TS-1", expect::pass) {
  auto in = ctx.random_ints(64, -100, 100);
  std::vector<int> out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = a[t];
    t.barrier.wait();
    v[t] = s[15 - t.local[0]];
  });
  v.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 64; ++i) want[i] = in[i / 16 * 16 + 15 - i % 16];
  ctx.output("reversed", out, want);
}

TESSERA_CASE(padding_threads_return_before_barrier, "BAR-6,TEXT-6", expect::divergence) {
  constexpr int n = 100;
  std::vector<int> in(n, 1), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> v(n, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>().pad(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0], g = t.global[0];
    if (g >= n) return;
    s[l] = a[g];
    t.barrier.wait();  // expect: barrier divergence
    v[g] = s[l] + s[0];
  });
  v.synchronize();
}

TESSERA_CASE(chunk_loop_with_inclusive_bound, "AV-8,PROJ-7", expect::out_of_bounds) {
  constexpr int n = 32;
  std::vector<int> hx(n, 2), hy(n, 0);
  array_view<const int, 1> x(n, hx);
  array_view<int, 1> y(n, hy);
  parallel_for_each(ctx.view(), y.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int chunk[16];
    const int l = t.local[0];
    int sum = 0;
    for (int c0 = 0; c0 <= n; c0 += 16) {
      chunk[l] = x[c0 + l];  // expect: out of bounds
      t.barrier.wait();
      sum += chunk[(l + 1) % 16];
      t.barrier.wait();
    }
    y[t] = sum;
  });
  y.synchronize();
}

TESSERA_CASE(thread_throws_after_a_barrier, "PROJ-9,ERR-1", expect::throws<tessera::kernel_exception>) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {  // expect: throws
    tile_static int s[16];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
#if !TESSERA_DEVICE_PASS
    if (t.global[0] == 37) throw std::invalid_argument("bad cell");
#endif
    v[t] = s[0];
  });
  v.synchronize();
}

TESSERA_CASE(reverse_in_place_without_second_barrier, "MEM-6,BAR-2", expect::hazard("read after write,write after read")) {
  std::vector<int> in(64), out(64);
  for (int i = 0; i < 64; ++i) in[i] = i;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    s[l] = s[15 - l];  // expect: read after write, write after read
    t.barrier.wait();
    v[t] = s[l];
  });
  v.synchronize();
}

}  // namespace
