// Queuing modes, markers and completion_future (ACC-8, ACC-9, PROJ-17), and the default CPU access type
// once an array used it (ACC-10).
#include <tessera/conformance/case.hpp>

#include <chrono>
#include <future>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;
using namespace std::chrono_literals;

// ACC-8: C++ AMP's enumerator names are the modes; a view made with either runs kernels, and its
// marker is ready once the kernels submitted before it are done (PROJ-17: create_marker waits for them).
TESSERA_CASE(marker_follows_the_work_of_either_queuing_mode, "ACC-8,ACC-9,PROJ-17", expect::pass) {
  static_assert(queuing_mode_immediate == queuing_mode::immediate && queuing_mode_automatic == queuing_mode::automatic);
  const accelerator acc = ctx.view().get_accelerator();
  ctx.require(acc.get_default_view().get_queuing_mode() == queuing_mode_automatic, "the default view is automatic");
  const auto in = ctx.random_ints(256, -100, 100);
  std::vector<int> want(in);
  for (int& x : want) x = 3 * x + 1;
  for (const queuing_mode mode : {queuing_mode_immediate, queuing_mode_automatic}) {
    const accelerator_view view = acc.create_view(mode);
    ctx.require(view.get_queuing_mode() == mode, "create_view takes the mode asked for");
    std::vector<int> out(256, 0);
    array_view<const int, 1> a(256, in);
    array_view<int, 1> b(256, out);
    parallel_for_each(view, b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { b[t] = 3 * a[t]; });
    parallel_for_each(view, b.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) { b[t] += 1; });
    const completion_future marker = view.create_marker();
    ctx.require(marker.valid() && marker.wait_for(0s) == std::future_status::ready, "the marker is ready when returned");
    int thens = 0;
    marker.then([&thens] { ++thens; });
    marker.get();
    ctx.require(thens == 1, "then() on a finished operation runs once, at once");
    b.synchronize();
    ctx.output(mode == queuing_mode_immediate ? "immediate" : "automatic", out, want);
  }
}

// ACC-9: completion_future converts to std::shared_future<void>; copies share one operation; a default
// one names none.
TESSERA_CASE(completion_future_is_a_shared_future, "ACC-9", expect::pass) {
  const completion_future none;
  ctx.require(!none.valid(), "a default-constructed completion_future names no operation");
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(ctx.view(), v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[t] = t.tile[0]; });
  const completion_future f = v.synchronize_async();
  const completion_future copy = f;
  const std::shared_future<void> std_future = copy;
  ctx.require(std_future.valid() && std_future.wait_for(0s) == std::future_status::ready, "the std::shared_future is ready");
  std_future.get();
  std::vector<int> want(64);
  for (int k = 0; k < 64; ++k) want[k] = k / 16;
  ctx.output("tiles", out, want);
}

// ACC-10: once an array took the accelerator's default CPU access type (access_type_auto), setting the
// default returns false and changes nothing.
TESSERA_CASE(default_cpu_access_type_is_fixed_once_an_array_used_it, "ACC-10,ACC-7", expect::pass) {
  const accelerator acc = ctx.view().get_accelerator();
  array<int, 1> a(16, ctx.view());
  const access_type taken = a.get_cpu_access_type();
  ctx.require(taken == acc.get_default_cpu_access_type(), "the array took the accelerator's default");
  ctx.require(!acc.set_default_cpu_access_type(access_type_none), "setting the default after an array used it returns false");
  ctx.require(acc.get_default_cpu_access_type() == taken, "and changes nothing");
  array<int, 1> b(16, ctx.view());
  ctx.require(b.get_cpu_access_type() == taken, "a later array takes the same default");
}

}  // namespace
