// MEM-10, MEM-11: the host's view of launches. A launch is synchronous as seen from the host: after it,
// synchronize(), host indexing and copy-out see every write of every thread; views of one home alias
// inside a launch; host-side copies, refresh and launches done one after another see each other's data.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// After the launch and synchronize(), the host vector holds every thread's write.
TESSERA_CASE(host_sees_every_write_after_synchronize, "MEM-10,MEM-7", expect::pass) {
  const int rows = 40, cols = 24;
  auto in = ctx.random_ints(rows * cols, -100000, 100000);
  std::vector<int> out(rows * cols, 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> b(rows, cols, out);
  parallel_for_each(ctx.view(), b.extent.tile<8, 8>(), [=] restrict_amp (tiled_index<8, 8> t) {
    b[t] = a[t] * 3 - t.tile[0] + t.tile[1];
  });
  b.synchronize();
  std::vector<int> want(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) want[r * cols + c] = in[r * cols + c] * 3 - r / 8 + c / 8;
  ctx.output("values", out, want);
}

// Indexing the view on the host after a launch (no explicit synchronize) sees the launch's writes.
TESSERA_CASE(host_indexing_after_a_launch_sees_its_writes, "MEM-10", expect::pass) {
  const int n = 200;
  auto in = ctx.random_ints(n, -100000, 100000);
  std::vector<int> data(in);
  array_view<int, 1> v(n, data);
  parallel_for_each(ctx.view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 2 + i[0]; });
  std::vector<int> got(n);
  for (int k = 0; k < n; ++k) got[k] = v(k);
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = in[k] * 2 + k;
  ctx.output("values", got, want);
}

// A view with no host source: data copied in, changed by a launch, copied out with copy().
TESSERA_CASE(copy_in_launch_copy_out, "MEM-11,MEM-10", expect::pass) {
  const int n = 160;
  auto in = ctx.random_ints(n, -100000, 100000);
  array_view<int, 1> v(n);
  copy(in.begin(), in.end(), v);
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] = v[t] - t.local[0]; });
  std::vector<int> out(n, 0);
  copy(v, out.begin());
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = in[k] - k % 32;
  ctx.output("values", out, want);
}

// Two overlapping sections of one view, passed to one launch, alias: a thread stores through one and
// reads the same element back through the other (program order, one thread).
TESSERA_CASE(overlapping_sections_alias_within_a_launch, "MEM-10,MEM-1", expect::pass) {
  const int n = 32;
  auto in = ctx.random_ints(3 * n, -1000, 1000);
  std::vector<int> base(in), out(n, 0);
  array_view<int, 1> whole(3 * n, base);
  array_view<int, 1> low = whole.section(0, 2 * n), high = whole.section(n, 2 * n), o(n, out);
  parallel_for_each(ctx.view(), extent<1>(n), [=] restrict_amp (index<1> i) {
    low[n + i[0]] = low[i] + 1000;           // element n + i, through the low section
    o[i] = high[i] * 2;                      // the same element, through the high section
    high[n + i[0]] = high[i] + low[i];        // element 2n + i = element n + i + element i
  });
  whole.synchronize();
  o.synchronize();
  std::vector<int> want_base(in), want_out(n);
  for (int i = 0; i < n; ++i) {
    want_base[n + i] = in[i] + 1000;
    want_out[i] = want_base[n + i] * 2;
    want_base[2 * n + i] = want_base[n + i] + in[i];
  }
  ctx.output("whole", base, want_base);
  ctx.output("through_high", out, want_out);
}

// Host operations in sequence: launch, synchronize, change the host data, refresh(), launch again. Each
// step sees the one before.
TESSERA_CASE(refresh_after_host_writes_then_launch_again, "MEM-11,MEM-10", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data(in);
  array_view<int, 1> v(n, data);
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] = v[t] + 10; });
  v.synchronize();
  for (int k = 0; k < n; k += 2) data[k] = -data[k];
  v.refresh();
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] = v[t] * 3; });
  v.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = (k % 2 == 0 ? -(in[k] + 10) : in[k] + 10) * 3;
  ctx.output("values", data, want);
}

// Two launches on one view in a row: the second (reading elements other tiles wrote in the first) sees
// every write of the first, with no host step between.
TESSERA_CASE(second_launch_sees_every_write_of_the_first, "MEM-10,BAR-11", expect::pass) {
  const int n = 256;
  auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data(in), out(n, 0);
  array_view<int, 1> v(n, data), b(n, out);
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] = v[t] + t.tile[0] * 10000; });
  parallel_for_each(ctx.view(), b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { b[t] = v[n - 1 - t.global[0]]; });
  b.synchronize();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) want[k] = in[n - 1 - k] + (n - 1 - k) / 64 * 10000;
  ctx.output("reversed", out, want);
}

}  // namespace
