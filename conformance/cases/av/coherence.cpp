// Keeping a view's data and its home coherent: synchronize (AV-4), discard_data (AV-5), refresh (AV-6), the
// host-memory contract (AV-7), aliasing through the home (AV-12), the last view synchronizing its home
// (AV-13), and host threads each synchronizing themselves (AV-16).
#include <tessera/conformance/case.hpp>

#include <numeric>
#include <mutex>
#include <thread>

namespace {
using namespace tessera;
using tessera::index;

std::vector<int> iota_from(int n, int first) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// After synchronize() the container holds what kernels wrote (AV-4), with each access_type argument.
TESSERA_CASE(synchronize_makes_the_container_current, "AV-4", expect::pass) {
  constexpr int n = 192;
  std::vector<int> a(n, 0), b(n, 0), c(n, 0);
  array_view<int, 1> va(n, a), vb(n, b), vc(n, c);
  parallel_for_each(ctx.view(), va.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    va[t] = t.global[0];
    vb[t] = 2 * t.global[0];
    vc[t] = 3 * t.global[0];
  });
  va.synchronize();
  vb.synchronize(access_type::read_write);
  vc.synchronize(access_type::write);
  std::vector<int> wb(n), wc(n);
  for (int i = 0; i < n; ++i) {
    wb[i] = 2 * i;
    wc[i] = 3 * i;
  }
  ctx.output("synchronize_default", a, iota_from(n, 0));
  ctx.output("synchronize_read_write", b, wb);
  ctx.output("synchronize_write", c, wc);
}

// discard_data() then a kernel that writes every element: the result is the kernel's (AV-5), for a view
// over a vector and for a view without a data source; and a view discarded then refreshed keeps its data.
TESSERA_CASE(discard_then_overwrite, "AV-5,AV-3", expect::pass) {
  constexpr int n = 128;
  auto data = ctx.random_ints(n, -1000, 1000);
  array_view<int, 1> v(n, data);
  v.discard_data();
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] = 5 * t.global[0]; });
  v.synchronize();
  array_view<int, 1> scratch(n);
  scratch.discard_data();
  parallel_for_each(ctx.view(), scratch.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { scratch[t] = t.global[0] + 1; });
  std::vector<int> from_scratch(n);
  tessera::copy(scratch, from_scratch.begin());
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = 5 * i;
  ctx.output("over_vector", data, want);
  ctx.output("without_source", from_scratch, iota_from(n, 1));
}

// The host writes the vector directly, calls refresh(), and the next kernel reads the new values (AV-6).
TESSERA_CASE(refresh_after_direct_host_write, "AV-6,AV-7", expect::pass) {
  constexpr int n = 256;
  std::vector<int> data(n, 1), out(n, 0);
  array_view<int, 1> v(n, data), o(n, out);
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { o[t] = v[t]; });
  const auto fresh = ctx.random_ints(n, -1000, 1000);
  std::copy(fresh.begin(), fresh.end(), data.begin());  // directly, not through the view
  v.refresh();
  parallel_for_each(ctx.view(), v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { o[t] = v[t] * 2; });
  o.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = fresh[i] * 2;
  ctx.output("read_after_refresh", out, want);
}

// The host-memory contract (AV-7), both ways: (1) touch the data only through the view, host and kernels
// alternating; (2) synchronize() before reading the vector directly, refresh() after writing it directly.
TESSERA_CASE(host_memory_contract_both_ways, "AV-7,AV-4", expect::pass) {
  constexpr int n = 96;
  std::vector<int> data(n, 0);
  array_view<int, 1> v(n, data);
  // (1) only through the view
  for (int i = 0; i < n; ++i) v[i] = i;
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] += 10; });
  for (int i = 0; i < n; i += 2) v[i] = -v[i];
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] *= 2; });
  std::vector<int> through_view(n);
  for (int i = 0; i < n; ++i) through_view[i] = v[i];
  // (2) directly, with synchronize and refresh
  v.synchronize();
  std::vector<int> direct_read(data);
  for (int i = 0; i < n; ++i) data[i] += 1;
  v.refresh();
  parallel_for_each(ctx.view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { v[t] -= 3; });
  v.synchronize();
  std::vector<int> want1(n), want2(n);
  for (int i = 0; i < n; ++i) {
    want1[i] = (i % 2 == 0 ? -(i + 10) : i + 10) * 2;
    want2[i] = want1[i] + 1 - 3;
  }
  ctx.output("through_view", through_view, want1);
  ctx.output("direct_after_synchronize", direct_read, want1);
  ctx.output("direct_after_refresh_and_kernel", data, want2);
}

// Views with one home alias everywhere (AV-12), the spec's example: a1 = [0,11) and a2 = [10,21) of one
// view share element 10; a kernel writing a1 is seen by a kernel reading a2, and av1[7] == av2[7] == 17
// for two copies of one section.
TESSERA_CASE(sections_of_one_home_alias, "AV-12,AV-10", expect::pass) {
  constexpr int n = 21;
  std::vector<int> data(n, 0), out(11, -1);
  array_view<int, 1> v(n, data), o(11, out);
  array_view<int, 1> a1 = v.section(0, 11), a2 = v.section(10, 11);
  parallel_for_each(ctx.view(), a1.extent.tile<11>(), [=] restrict_amp (tiled_index<11> t) { a1[t] = 100 + t.global[0]; });
  parallel_for_each(ctx.view(), a2.extent.tile<11>(), [=] restrict_amp (tiled_index<11> t) { o[t] = a2[t]; });
  o.synchronize();
  std::vector<int> want_o(11, 0);
  want_o[0] = 110;  // a2[0] is a1[10]
  ctx.output("a2_read", out, want_o);
  array_view<int, 1> av1 = v.section(3, 10);
  array_view<int, 1> av2 = av1;
  av1[7] = 17;
  ctx.require(av1[7] == 17 && av2[7] == 17 && v[10] == 17 && a2[0] == 17, "av1[7] == av2[7] == v[10] == a2[0] == 17");
}

// A view over an array and the array alias (AV-12): the array's home is its own storage; a section view
// written by a kernel is seen through the array and through a second view of it.
TESSERA_CASE(views_of_an_array_alias_the_array, "AV-12,AV-1", expect::pass) {
  constexpr int rows = 8, cols = 8;
  std::vector<int> zeros(rows * cols, 0);
  array<int, 2> a(rows, cols, zeros.begin(), zeros.end());
  array_view<int, 2> whole = a;
  array_view<int, 2> block = a.section(index<2>(2, 4), extent<2>(4, 4));
  parallel_for_each(ctx.view(), block.extent.tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> t) {
    block[t] = 1 + t.global[0] * 4 + t.global[1];
  });
  std::vector<int> want(rows * cols, 0), through_view(rows * cols);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) want[(2 + r) * cols + 4 + c] = 1 + r * 4 + c;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) through_view[r * cols + c] = whole(r, c);
  ctx.output("array", static_cast<std::vector<int>>(a), want);
  ctx.output("other_view", through_view, want);
}

// The last view of a vector going away synchronizes it (AV-13): no synchronize() is called, and the vector
// holds the kernel's results after the views (the original and its copies and sections) are gone.
TESSERA_CASE(last_view_synchronizes_its_home, "AV-13", expect::pass) {
  constexpr int rows = 8, cols = 16;
  std::vector<int> data(rows * cols, 0);
  {
    array_view<int, 2> v(rows, cols, data);
    array_view<int, 2> top = v.section(extent<2>(4, cols));
    {
      array_view<int, 2> bottom = v.section(index<2>(4, 0));
      parallel_for_each(ctx.view(), bottom.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { bottom[t] = 2; });
    }
    parallel_for_each(ctx.view(), top.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { top[t] = 1; });
  }
  std::vector<int> want(rows * cols);
  for (int i = 0; i < rows * cols; ++i) want[i] = i < 4 * cols ? 1 : 2;
  ctx.output("vector", data, want);
}

// One host thread's work: its own view over its own vector, 200 launches, then synchronize.
void own_view_work(accelerator_view where, std::vector<int>* data, int k) {
  const int n = static_cast<int>(data->size());
  array_view<int, 1> v(n, *data);
  for (int round = 0; round < 200; ++round)
    parallel_for_each(where, v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] += k * t.global[0]; });
  v.synchronize();
}

// Host threads need no synchronization between them when each touches only its own data source (AV-16):
// two threads, each with its own vector and view, launch and synchronize at the same time on one
// accelerator_view; then, joined (the join orders them), a third view over the first vector reads it.
TESSERA_CASE(host_threads_each_with_own_view, "AV-16,AV-4", expect::pass) {
  constexpr int n = 256;
  std::vector<int> first(n, 0), second(n, 0), read_back(n, 0);
  std::thread a(own_view_work, ctx.view(), &first, 1), b(own_view_work, ctx.view(), &second, 3);
  a.join();
  b.join();
  array_view<const int, 1> again(n, first);
  array_view<int, 1> o(n, read_back);
  parallel_for_each(ctx.view(), o.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { o[t] = again[t] + 1; });
  o.synchronize();
  std::vector<int> w1(n), w2(n), w3(n);
  for (int i = 0; i < n; ++i) {
    w1[i] = 200 * i;
    w2[i] = 600 * i;
    w3[i] = 200 * i + 1;
  }
  ctx.output("first_thread", first, w1);
  ctx.output("second_thread", second, w2);
  ctx.output("after_join", read_back, w3);
}

// One host thread's turns on a shared home: its own copy of the view, each launch under the shared mutex.
void turn_taking_work(accelerator_view where, array_view<int, 1> v, std::mutex* turns, int k) {
  for (int round = 0; round < 8; ++round) {
    std::lock_guard<std::mutex> hold(*turns);
    parallel_for_each(where, v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { v[t] += k + t.global[0]; });
  }
}

// Host threads that touch the same data source synchronize themselves (AV-16): two threads, each with its
// own copy of one view (one home, AV-1), take turns under a mutex; every turn's additions arrive.
TESSERA_CASE(host_threads_take_turns_on_one_home, "AV-16,AV-1", expect::pass) {
  constexpr int n = 128;
  std::vector<int> data(n, 0);
  array_view<int, 1> v(n, data);
  std::mutex turns;
  std::thread a(turn_taking_work, ctx.view(), v, &turns, 1), b(turn_taking_work, ctx.view(), v, &turns, 1000);
  a.join();
  b.join();
  v.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = 8 * (1 + i) + 8 * (1000 + i);
  ctx.output("data", data, want);
}

}  // namespace
