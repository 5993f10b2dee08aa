// array constructors that name an accelerator_view, a CPU access type or an associated view (ARR-5), and
// the properties that report them (ARR-7); the begin-iterator-only component forms (ARR-4).
#include <tessera/conformance/case.hpp>

#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// ARR-5, ARR-7: an array built on the launch view reports that view; a kernel on it reads and writes the
// array through a view; a copy stays on the same view (ARR-2).
TESSERA_CASE(array_on_an_explicit_view_reports_it, "ARR-5,ARR-7,ARR-2,PROJ-16", expect::pass) {
  const auto in = ctx.random_ints(96, -100, 100);
  array<int, 2> a(8, 12, in.begin(), in.end(), ctx.view());
  ctx.require(a.get_accelerator_view() == ctx.view(), "get_accelerator_view() is the view given");
  ctx.require(a.get_associated_accelerator_view() == ctx.view(), "a non-staging array is its own associated view");
  ctx.require(a.get_cpu_access_type() == ctx.view().get_accelerator().get_default_cpu_access_type(),
              "access_type_auto becomes the accelerator's default CPU access type");
  array_view<int, 2> v = a;
  parallel_for_each(ctx.view(), v.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { v[t] = 2 * v[t] + 1; });
  v.synchronize();
  const array<int, 2> b = a;
  ctx.require(b.get_accelerator_view() == ctx.view(), "a copy stays on its source's view");
  std::vector<int> want(in);
  for (int& x : want) x = 2 * x + 1;
  ctx.output("doubled_plus_one", std::vector<int>(b), want);
}

// ARR-5 (§5.1.2.1): a staging array lives on "cpu" with the launch view associated; a kernel on the
// associated view uses its data (PROJ-16: an array's data is in host memory on every accelerator).
TESSERA_CASE(staging_array_feeds_its_associated_view, "ARR-5,ARR-7,PROJ-16", expect::pass) {
  const auto in = ctx.random_integral_floats(64, -1000, 1000);
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  array<float, 1> staging(64, in.begin(), in.end(), cpu, ctx.view());
  ctx.require(staging.get_accelerator_view() == cpu, "the staging array is on the cpu view");
  ctx.require(staging.get_associated_accelerator_view() == ctx.view(), "its associated view is the launch view");
  array_view<float, 1> s = staging;
  parallel_for_each(ctx.view(), s.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { s[t] = s[t] * 3.0f; });
  s.synchronize();
  std::vector<float> want(in);
  for (float& x : want) x *= 3.0f;
  ctx.output("tripled", std::vector<float>(staging), want);
}

// ARR-5: none and auto are accepted everywhere; read_write only where the accelerator shares memory with
// the CPU, and a runtime_exception elsewhere.
TESSERA_CASE(cpu_access_type_needs_cpu_shared_memory, "ARR-5,ACC-7", expect::pass) {
  const accelerator acc = ctx.view().get_accelerator();
  array<int, 1> none(16, ctx.view(), access_type_none);
  ctx.require(none.get_cpu_access_type() == access_type::none, "access_type_none is kept");
  bool threw = false;
  try {
    array<int, 1> rw(16, ctx.view(), access_type_read_write);
    ctx.require(rw.get_cpu_access_type() == access_type::read_write, "access_type_read_write is kept");
  } catch (const runtime_exception&) {
    threw = true;
  }
  ctx.require(threw == !acc.get_supports_cpu_shared_memory(),
              "read_write CPU access throws exactly where the accelerator has no CPU shared memory");
}

// ARR-4: array(e0, e1[, e2], first) reads extent.size() elements from a begin iterator alone.
TESSERA_CASE(component_forms_with_a_begin_iterator, "ARR-4,ARR-1", expect::pass) {
  std::vector<int> src(60);
  std::iota(src.begin(), src.end(), 0);
  array<int, 2> a(6, 10, src.begin());
  array<int, 3> b(3, 4, 5, src.begin());
  array_view<int, 2> av = a;
  array_view<int, 3> bv = b;
  parallel_for_each(ctx.view(), bv.extent.tile<1, 2, 5>(), [=] restrict_amp (tiled_index<1, 2, 5> t) {
    bv[t] += av(t.global[0] * 2 + t.global[1] / 2, (t.global[1] % 2) * 5 + t.global[2]);
  });
  bv.synchronize();
  std::vector<int> want(60);
  for (int i = 0; i < 60; ++i) want[i] = 2 * i;
  ctx.output("sum_of_both", std::vector<int>(b), want);
}

}  // namespace
