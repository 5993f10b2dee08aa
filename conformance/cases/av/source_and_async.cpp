// synchronize_async and synchronize_to_async (AV-4, PROJ-17), the source accelerator_view (AV-14,
// PROJ-18), and a read-only view's value_type (AV-15).
#include <tessera/conformance/case.hpp>

#include <chrono>
#include <future>
#include <string>
#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;
using namespace std::chrono_literals;

// AV-4, PROJ-17: synchronize_async brings a kernel's results home, and is done when it returns;
// synchronize_to_async makes them current for another view.
TESSERA_CASE(synchronize_async_brings_results_home, "AV-4,PROJ-17", expect::pass) {
  const auto in = ctx.random_ints(512, -1000, 1000);
  std::vector<int> out(512, 0);
  array_view<const int, 1> a(512, in);
  array_view<int, 1> b(512, out);
  parallel_for_each(ctx.view(), b.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) { b[t] = a[t] - 7; });
  const completion_future f = b.synchronize_async();
  ctx.require(f.wait_for(0s) == std::future_status::ready, "synchronize_async is done when it returns");
  f.get();
  std::vector<int> want(in);
  for (int& x : want) x -= 7;
  ctx.output("synchronized", out, want);
  parallel_for_each(ctx.view(), b.extent.tile<128>(), [=] restrict_amp (tiled_index<128> t) { b[t] += 7; });
  b.synchronize_to_async(accelerator(accelerator::cpu_accelerator).get_default_view()).get();
  ctx.output("synchronized_to_cpu", out, in);
}

// AV-14: a view over host memory has the cpu accelerator's default view as its source; a view of an
// array, the array's accelerator_view, through sections and projections too.
TESSERA_CASE(source_accelerator_view_of_host_and_array_views, "AV-14", expect::pass) {
  std::vector<int> data(64, 1);
  array_view<int, 2> host(8, 8, data);
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  ctx.require(host.get_source_accelerator_view() == cpu, "host memory: the cpu accelerator's default view");
  ctx.require(host.section(index<2>(2, 2), extent<2>(4, 4)).get_source_accelerator_view() == cpu, "a section: the same");
  array<int, 2> a(8, 8, ctx.view());
  array_view<int, 2> av = a;
  ctx.require(av.get_source_accelerator_view() == ctx.view(), "an array's view: the array's accelerator_view");
  ctx.require(av[3].get_source_accelerator_view() == ctx.view(), "a projection: the same");
  ctx.require(array_view<const int, 2>(av).get_source_accelerator_view() == ctx.view(), "a read-only view: the same");
}

// AV-14, PROJ-18: a view built from an extent alone has no data source; asking for its source throws.
TESSERA_CASE(view_without_data_source_has_no_source_view, "AV-14,PROJ-18,AV-3", expect::throws<tessera::runtime_exception>) {
  array_view<int, 1> v(32);
  parallel_for_each(ctx.view(), v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { v[t] = 1; });
  (void)v.get_source_accelerator_view();  // expect: throws
}

// AV-14, PROJ-18: only a view without a data source refuses, with a runtime_exception that says why; its
// sections refuse too, and the same view's data stays usable.
TESSERA_CASE(only_views_without_a_source_refuse_to_name_one, "AV-14,PROJ-18", expect::pass) {
  array_view<int, 2> sourceless(4, 8);
  parallel_for_each(ctx.view(), sourceless.extent.tile<4, 8>(), [=] restrict_amp (tiled_index<4, 8> t) {
    sourceless[t] = t.local[1];
  });
  for (const array_view<int, 2>& v : {sourceless, sourceless.section(index<2>(1, 2), extent<2>(2, 2))}) {
    bool refused = false;
    try {
      (void)v.get_source_accelerator_view();
    } catch (const runtime_exception& e) {
      refused = std::string(e.what()).find("no data source") != std::string::npos;
    }
    ctx.require(refused, "a view without a data source throws runtime_exception naming the reason");
  }
  ctx.output("data", sourceless(3, 7), 7);
  std::vector<int> host(32, 0);
  ctx.require(array_view<int, 2>(4, 8, host).get_source_accelerator_view().get_accelerator().get_device_path() ==
                  accelerator::cpu_accelerator,
              "a view over host memory names the cpu accelerator without throwing");
}

// AV-15: array_view<const T,N>::value_type is const T; array_view<T,N>'s is T.
TESSERA_CASE(read_only_view_value_type_is_const, "AV-15", expect::pass) {
  static_assert(std::is_same_v<array_view<const float, 2>::value_type, const float>);
  static_assert(std::is_same_v<array_view<float, 2>::value_type, float>);
  static_assert(std::is_same_v<array<float, 2>::value_type, float>);
  const auto in = ctx.random_integral_floats(64, -8, 8);
  std::vector<float> out(64, 0.0f);
  array_view<const float, 1> r(64, in);
  array_view<float, 1> w(64, out);
  parallel_for_each(ctx.view(), w.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const decltype(r)::value_type x = r[t];
    w[t] = x * 2.0f;
  });
  w.synchronize();
  std::vector<float> want(in);
  for (float& x : want) x *= 2.0f;
  ctx.output("doubled", out, want);
}

}  // namespace
