// PFE-1, PFE-2, PFE-5..PFE-8, PROJ-13: the launch forms (non-tiled of any rank, tiled of rank 1 to 3,
// with and without an explicit accelerator_view), one thread per point, results visible when the call
// returns, what a kernel may capture, and which view runs a launch.
#include <tessera/conformance/case.hpp>

#include <tessera/detail/launch_observer.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// A point's code: its components as decimal digits, most significant first.
template <int N>
int code_of(const int (&c)[N]) {
  int v = 0;
  for (int d = 0; d < N; ++d) v = v * 10 + c[d];
  return v + 1;
}

// Row-major codes of every point of an extent with components below 10.
template <int N>
std::vector<int> codes(const extent<N>& e) {
  std::vector<int> out;
  int c[N] = {};
  for (unsigned n = 0; n < e.size(); ++n) {
    unsigned rest = n;
    for (int d = N - 1; d >= 0; --d) {
      c[d] = static_cast<int>(rest % static_cast<unsigned>(e[d]));
      rest /= static_cast<unsigned>(e[d]);
    }
    out.push_back(code_of<N>(c));
  }
  return out;
}

// A non-tiled launch of rank N: every thread adds its point's code to its own element of an N-D view.
template <int N>
std::vector<int> non_tiled(const accelerator_view& where, const extent<N>& e) {
  std::vector<int> out(e.size(), 0);
  array_view<int, N> v(e, out);
  parallel_for_each(where, e, [=] restrict_amp (index<N> i) {
    int code = 0;
    for (int d = 0; d < N; ++d) code = code * 10 + i[d];
    v[i] += code + 1;
  });
  v.synchronize();
  return out;
}

// Non-tiled launches run at every rank, 1 to 5 here: one thread per point, each with its own index.
TESSERA_CASE(non_tiled_launch_of_ranks_1_to_5, "PFE-1,PFE-2,PFE-5", expect::pass) {
  ctx.output("rank1", non_tiled<1>(ctx.view(), extent<1>(9)), codes<1>(extent<1>(9)));
  ctx.output("rank2", non_tiled<2>(ctx.view(), extent<2>(7, 9)), codes<2>(extent<2>(7, 9)));
  ctx.output("rank3", non_tiled<3>(ctx.view(), extent<3>(3, 8, 5)), codes<3>(extent<3>(3, 8, 5)));
  const int c4[4] = {2, 3, 4, 5};
  ctx.output("rank4", non_tiled<4>(ctx.view(), extent<4>(c4)), codes<4>(extent<4>(c4)));
  const int c5[5] = {2, 3, 2, 4, 3};
  ctx.output("rank5", non_tiled<5>(ctx.view(), extent<5>(c5)), codes<5>(extent<5>(c5)));
}

// Tiled launches of rank 1, 2 and 3 on an explicit view, each domain divisible by its tile: every thread
// adds its tile-local position to its own element.
TESSERA_CASE(tiled_launch_of_ranks_1_to_3, "PFE-1,PFE-2,PFE-3", expect::pass) {
  std::vector<int> o1(48, 0), o2(6 * 8, 0), o3(4 * 6 * 6, 0);
  array_view<int, 1> v1(48, o1);
  array_view<int, 2> v2(6, 8, o2);
  array_view<int, 3> v3(4, 6, 6, o3);
  parallel_for_each(ctx.view(), v1.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v1[t] += t.local[0] + 1; });
  parallel_for_each(ctx.view(), v2.extent.tile<3, 4>(), [=] restrict_amp (tiled_index<3, 4> t) {
    v2[t] += t.local[0] * 10 + t.local[1] + 1;
  });
  parallel_for_each(ctx.view(), v3.extent.tile<2, 3, 2>(), [=] restrict_amp (tiled_index<2, 3, 2> t) {
    v3[t] += t.local[0] * 100 + t.local[1] * 10 + t.local[2] + 1;
  });
  v1.synchronize();
  v2.synchronize();
  v3.synchronize();
  std::vector<int> w1, w2, w3;
  for (int i = 0; i < 48; ++i) w1.push_back(i % 16 + 1);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) w2.push_back(y % 3 * 10 + x % 4 + 1);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) w3.push_back(z % 2 * 100 + y % 3 * 10 + x % 2 + 1);
  ctx.output("rank1", o1, w1);
  ctx.output("rank2", o2, w2);
  ctx.output("rank3", o3, w3);
}

// Records the view each launch of this host thread ran on, and passes the events on to the observer
// that was there before (the harness's clock).
struct view_recorder {
  std::vector<accelerator_view> views;
  const detail::launch_observer* previous = nullptr;
  detail::launch_observer self{&started, &finished, this};

  view_recorder() : previous(detail::current_launch_observer()) { detail::current_launch_observer() = &self; }
  ~view_recorder() { detail::current_launch_observer() = previous; }
  view_recorder(const view_recorder&) = delete;
  view_recorder& operator=(const view_recorder&) = delete;

  static void started(void* me, const accelerator_view& where) {
    auto* r = static_cast<view_recorder*>(me);
    r->views.push_back(where);
    if (r->previous != nullptr && r->previous->started != nullptr) r->previous->started(r->previous->state, where);
  }
  static void finished(void* me, const accelerator_view& where) {
    auto* r = static_cast<view_recorder*>(me);
    if (r->previous != nullptr && r->previous->finished != nullptr) r->previous->finished(r->previous->state, where);
  }
};

// Without a view, and capturing views of host memory (no array placed on an accelerator_view), both forms
// run on the default accelerator's default view, and compute the same as with one.
TESSERA_CASE(launch_without_a_view_uses_the_default_accelerator, "PROJ-13,PFE-8,PFE-1", expect::pass) {
  std::vector<int> a(64, 0), b(64, 0);
  array_view<int, 1> va(64, a), vb(64, b);
  view_recorder rec;
  parallel_for_each(va.extent, [=] restrict_amp (index<1> i) { va[i] = i[0] * 3; });
  parallel_for_each(vb.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { vb[t] = t.global[0] * 3 + t.tile[0]; });
  va.synchronize();
  vb.synchronize();
  const accelerator_view def = accelerator().get_default_view();
  ctx.require(rec.views.size() == 2, "two launches observed");
  for (const auto& v : rec.views) ctx.require(v == def, "the launch ran on the default accelerator's default view");
  std::vector<int> wa(64), wb(64);
  for (int i = 0; i < 64; ++i) {
    wa[i] = i * 3;
    wb[i] = i * 3 + i / 16;
  }
  ctx.output("non_tiled", a, wa);
  ctx.output("tiled", b, wb);
}

// With a view, the launch runs on that view: the backend's own, and a second view made on its accelerator.
TESSERA_CASE(launch_runs_on_the_view_it_names, "PFE-8,PFE-1", expect::pass) {
  const accelerator_view other = ctx.view().get_accelerator().create_view();
  std::vector<int> a(32, 0);
  array_view<int, 1> va(32, a);
  view_recorder rec;
  parallel_for_each(ctx.view(), va.extent, [=] restrict_amp (index<1> i) { va[i] = i[0]; });
  parallel_for_each(other, va.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { va[t] += t.tile[0] * 100; });
  va.synchronize();
  ctx.require(rec.views.size() == 2 && rec.views[0] == ctx.view() && rec.views[1] == other && !(rec.views[1] == ctx.view()),
              "each launch ran on the view it named");
  std::vector<int> want(32);
  for (int i = 0; i < 32; ++i) want[i] = i + i / 8 * 100;
  ctx.output("values", a, want);
}

// One thread per point: every point of a non-tiled rank-3 launch and of a tiled rank-2 launch of many
// tiles counts itself with an atomic increment; every count is exactly 1.
TESSERA_CASE(one_thread_per_point, "PFE-5", expect::pass) {
  std::vector<int> c3(6 * 7 * 9, 0), c2(64 * 40, 0);
  array_view<int, 3> v3(6, 7, 9, c3);
  array_view<int, 2> v2(64, 40, c2);
  parallel_for_each(ctx.view(), v3.extent, [=] restrict_amp (index<3> i) { atomic_fetch_add(&v3[i], 1); });
  parallel_for_each(ctx.view(), v2.extent.tile<8, 4>(), [=] restrict_amp (tiled_index<8, 4> t) { atomic_fetch_add(&v2[t], 1); });
  v3.synchronize();
  v2.synchronize();
  ctx.output("non_tiled_counts", c3, std::vector<int>(c3.size(), 1));
  ctx.output("tiled_counts", c2, std::vector<int>(c2.size(), 1));
}

// A launch behaves as synchronous: right after it returns, the host reads the results through the view
// with no wait or synchronize, and a second launch reads what the first wrote.
TESSERA_CASE(results_visible_when_the_launch_returns, "PFE-6", expect::pass) {
  const int n = 128;
  auto in = ctx.random_ints(n, -500, 500);
  std::vector<int> mid(n, 0), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> m(n, mid), o(n, out);
  parallel_for_each(ctx.view(), m.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) { m[t] = a[t] * 2; });
  std::vector<int> first(n);
  for (int i = 0; i < n; ++i) first[i] = m[i];  // host access through the view: no explicit wait
  parallel_for_each(ctx.view(), o.extent, [=] restrict_amp (index<1> i) { o[i] = m[i] + 1; });
  std::vector<int> second(n);
  for (int i = 0; i < n; ++i) second[i] = o(i);
  std::vector<int> w1(n), w2(n);
  for (int i = 0; i < n; ++i) {
    w1[i] = in[i] * 2;
    w2[i] = in[i] * 2 + 1;
  }
  ctx.output("first", first, w1);
  ctx.output("second", second, w2);
}

struct params {
  int scale;
  int offset;
  float weight;
};

// The kernel is a lambda whose captures are copied: plain values, a struct of int and float, and views
// by value; a value the kernel returns is ignored.
TESSERA_CASE(kernel_captures_by_value_and_its_return_value_is_ignored, "PFE-7", expect::pass) {
  const int n = 64;
  auto in = ctx.random_ints(n, -100, 100);
  std::vector<float> out(n, 0.0f);
  array_view<const int, 1> a(n, in);
  array_view<float, 1> o(n, out);
  params p{3, -7, 0.5f};
  const int bias = 11;
  parallel_for_each(ctx.view(), o.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) -> int {
    o[t] = static_cast<float>(a[t] * p.scale + p.offset + bias) * p.weight;
    return 42;
  });
  p.scale = 1000;  // the kernel had its own copy; this changes nothing it computed
  o.synchronize();
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) want[i] = static_cast<float>(in[i] * 3 - 7 + 11) * 0.5f;  // exact: halves of small integers
  ctx.output("values", out, want);
}

// PFE-10, ACC-3: every accelerator but cpu is a compute target: a launch on each one's default view runs
// (a host-compiled kernel runs on the emulated ones only; an nvcc-compiled one on the GPUs too).
TESSERA_CASE(launch_on_every_compute_accelerator_runs, "PFE-10,ACC-3", expect::pass) {
  int launched = 0;
  for (const auto& a : accelerator::get_all()) {
    if (a.get_device_path() == accelerator::cpu_accelerator) continue;
#if !defined(__CUDACC__)
    if (!a.get_is_emulated()) continue;
#endif
    std::vector<int> out(48, 0);
    array_view<int, 2> v(6, 8, out);
    parallel_for_each(a.get_default_view(), v.extent.tile<3, 4>(), [=] restrict_amp (tiled_index<3, 4> t) {
      v[t] = t.global[0] * 8 + t.global[1];
    });
    v.synchronize();
    std::vector<int> want(48);
    for (int i = 0; i < 48; ++i) want[i] = i;
    ctx.require(out == want, "the launch on " + a.get_device_path() + " computed the right values");
    ++launched;
  }
  ctx.require(launched >= 1, "at least one compute accelerator (the emulator)");
}

// PFE-12, PROJ-1: the smallest valid domain, one point, runs its one thread (non-tiled and tiled, rank 1
// to 3).
TESSERA_CASE(domain_of_one_point_runs_one_thread, "PFE-12,PROJ-1", expect::pass) {
  std::vector<int> out(4, 0);
  array_view<int, 1> v(4, out);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1> i) { v[0] += 1 + i[0]; });
  parallel_for_each(ctx.view(), extent<3>(1, 1, 1), [=] restrict_amp (index<3> i) { v[1] += 1 + i[0] + i[1] + i[2]; });
  parallel_for_each(ctx.view(), extent<1>(1).tile<1>(), [=] restrict_amp (tiled_index<1> t) { v[2] += 1 + t.global[0]; });
  parallel_for_each(ctx.view(), extent<3>(1, 1, 1).tile<1, 1, 1>(), [=] restrict_amp (tiled_index<1, 1, 1> t) {
    v[3] += 1 + t.local[0] + t.local[1] + t.local[2];
  });
  v.synchronize();
  ctx.output("runs", out, std::vector<int>{1, 1, 1, 1});
}

}  // namespace
