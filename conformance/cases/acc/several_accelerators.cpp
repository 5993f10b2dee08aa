// ACC-1, ACC-8, ACC-9, ARR-5, ARR-9, AV-4..AV-6, PFE-8, PFE-9: several accelerators of one backend.
//
// The cases take "the backend's accelerators" (ctx.accelerators(): every cuda:N; every emulated device,
// two in the emulator's executor unless TESSERA_EMULATOR_DEVICES says otherwise) and skip, saying why,
// where the backend has fewer than two. Data lives on both, moves between them by copy() and by launches,
// and every result is checked against a host oracle.
#include <tessera/conformance/case.hpp>

#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

constexpr int n = 96;

std::vector<int> scaled(const std::vector<int>& in, int times, int plus) {
  std::vector<int> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i] * times + plus;
  return out;
}

// a[i] = a[i] * times + plus, on `where`.
void scale_on(const accelerator_view& where, array<int, 1>& a, int times, int plus) {
  array_view<int, 1> v = a;
  parallel_for_each(where, v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * times + plus; });
}

// ACC-1, ACC-9: the backend's accelerators are distinct devices, each listed by get_all() under a path
// that names it, each with views of its own.
TESSERA_CASE(the_backends_accelerators_are_distinct_devices, "ACC-1,ACC-2,ACC-8,ACC-9", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto all = accelerator::get_all();
  for (const auto& a : accs) {
    bool listed = false;
    for (const auto& b : all) listed = listed || b == a;
    ctx.require(listed, "get_all() lists " + a.get_device_path());
    ctx.require(accelerator(a.get_device_path()) == a, a.get_device_path() + " names its device");
    ctx.require(!a.get_description().empty(), a.get_device_path() + " has a description");
  }
  ctx.require(accs[0] != accs[1] && accs[0].get_device_path() != accs[1].get_device_path(), "two devices, two paths");
  ctx.require(accs[0].get_default_view() != accs[1].get_default_view(), "their default views differ");
  ctx.require(accs[1].get_default_view().get_accelerator() == accs[1], "a view knows its accelerator");
}

// ACC-1, ARR-5, PFE-8: an array on each accelerator, one launch on each; each array keeps its view and
// each launch computes its own array's values.
TESSERA_CASE(one_launch_on_each_of_two_accelerators, "ACC-1,ACC-9,ARR-5,ARR-7,PFE-8", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in0 = ctx.random_ints(n, -1000, 1000);
  const auto in1 = ctx.random_ints(n, -1000, 1000);
  array<int, 1> a0(n, in0.begin(), in0.end(), accs[0].get_default_view());
  array<int, 1> a1(n, in1.begin(), in1.end(), accs[1].get_default_view());
  ctx.require(a0.get_accelerator_view() == accs[0].get_default_view(), "the first array is on the first accelerator");
  ctx.require(a1.get_accelerator_view() == accs[1].get_default_view(), "the second array is on the second accelerator");
  scale_on(accs[0].get_default_view(), a0, 3, 1);
  scale_on(accs[1].get_default_view(), a1, -2, 7);
  ctx.output("first", std::vector<int>(a0), scaled(in0, 3, 1));
  ctx.output("second", std::vector<int>(a1), scaled(in1, -2, 7));
}

// ARR-9, ARR-10: copy() between arrays on two accelerators, both ways, while each array's current data
// is in its accelerator's memory (a launch wrote it last): the destination's next launch reads the copy,
// and the source is unchanged.
TESSERA_CASE(copy_between_arrays_on_two_accelerators, "ARR-9,ARR-10,ACC-1,PFE-8", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  array<int, 1> a0(n, in.begin(), in.end(), accs[0].get_default_view());
  array<int, 1> a1(n, accs[1].get_default_view());
  array<int, 1> back(n, accs[0].get_default_view());
  scale_on(accs[0].get_default_view(), a0, 2, 0);  // a0 = 2 in, on the first accelerator
  copy(a0, a1);                                     // to the second
  scale_on(accs[1].get_default_view(), a1, 1, 5);  // a1 = 2 in + 5, on the second
  a1.copy_to(back);                                 // and back to the first
  scale_on(accs[0].get_default_view(), back, 10, 0);
  ctx.output("source", std::vector<int>(a0), scaled(in, 2, 0));
  ctx.output("copied_and_computed", std::vector<int>(a1), scaled(in, 2, 5));
  ctx.output("copied_back", std::vector<int>(back), scaled(in, 20, 50));
}

// ARR-9: copy_async between arrays on two accelerators; the copy is done when the future is ready, and
// the destination's accelerator computes on it.
TESSERA_CASE(copy_async_between_arrays_on_two_accelerators, "ARR-9,ACC-9,ACC-1", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  array<int, 1> a1(n, in.begin(), in.end(), accs[1].get_default_view());
  array<int, 1> a0(n, accs[0].get_default_view());
  scale_on(accs[1].get_default_view(), a1, 1, -3);
  completion_future done = copy_async(a1, a0);
  done.get();
  scale_on(accs[0].get_default_view(), a0, 4, 0);
  ctx.output("destination", std::vector<int>(a0), scaled(in, 4, -12));
  ctx.output("source", std::vector<int>(a1), scaled(in, 1, -3));
}

// ARR-9, AV-4: copy() from a view whose current data is on one accelerator (a launch there wrote it) into
// an array on the other; the view's host container still gets that data on synchronize().
TESSERA_CASE(copy_a_view_into_an_array_on_another_accelerator, "ARR-9,AV-4,ACC-1", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  std::vector<int> host = ctx.random_ints(n, -1000, 1000);
  const std::vector<int> in = host;
  array_view<int, 1> v(n, host);
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] - 9; });
  array<int, 1> a0(n, accs[0].get_default_view());
  copy(v, a0);
  scale_on(accs[0].get_default_view(), a0, 2, 0);
  ctx.output("array", std::vector<int>(a0), scaled(in, 2, -18));
  v.synchronize();
  ctx.output("view", host, scaled(in, 1, -9));
  // And a view of one part of the array (a section: element by element) into a view on the host.
  std::vector<int> part(n / 2, 0);
  array_view<int, 1> pv(n / 2, part);
  copy(a0.section(n / 4, n / 2), pv);
  const std::vector<int> whole = scaled(in, 2, -18);
  ctx.output("section", part, std::vector<int>(whole.begin() + n / 4, whole.begin() + n / 4 + n / 2));
}

// AV-4, ACC-8, PFE-8: a view of host memory follows its launches: written on one accelerator, read and
// written on the other with no synchronize() between, then read on the first again.
TESSERA_CASE(a_view_used_by_launches_on_two_accelerators, "AV-4,AV-12,ACC-8,PFE-8", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data = in, other(n, 0);
  array_view<int, 1> v(n, data);
  array_view<int, 1> w(n, other);
  parallel_for_each(accs[0].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + 1; });
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) {
    w[i] = v[i] * 3;
    v[i] = -v[i];
  });
  parallel_for_each(accs[0].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + w[i]; });
  v.synchronize();
  w.synchronize();
  ctx.output("v", data, scaled(in, 2, 2));  // -(x+1) + 3(x+1)
  ctx.output("w", other, scaled(in, 3, 3));
}

// PFE-8, PFE-9: a launch on one accelerator that captures an array placed on the other throws
// runtime_exception (Tessera keeps C++ AMP's optional rule, as Microsoft's implementation does).
TESSERA_CASE(an_array_of_another_accelerator_in_a_launch_throws, "PFE-8,PFE-9,ARR-5",
             expect::throws<tessera::runtime_exception>) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  array<int, 1> a1(n, accs[1].get_default_view());
  array_view<int, 1> v = a1;
  parallel_for_each(accs[0].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = 1; });  // expect: throws
}

// PFE-8: a launch given no accelerator_view runs where the arrays its kernel captures live: here through
// a view of an array on the second accelerator (kernels hold views; a ported program's captured array
// becomes one), not on the default accelerator.
TESSERA_CASE(a_launch_without_a_view_runs_on_the_accelerator_of_its_arrays, "PFE-8,PROJ-13,ARR-5", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  array<int, 1> a1(n, in.begin(), in.end(), accs[1].get_default_view());
  array_view<int, 1> v = a1;
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 3 + 1; });
  ctx.output("array", std::vector<int>(a1), scaled(in, 3, 1));
}

// PFE-8: another view of the array's own accelerator may use it (views of one accelerator share its
// memory); the rule is about accelerators, not views.
TESSERA_CASE(an_array_in_a_launch_on_another_view_of_its_accelerator_runs, "PFE-8,ACC-8,ARR-5", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  array<int, 1> a1(n, in.begin(), in.end(), accs[1].get_default_view());
  const accelerator_view mine = accs[1].create_view();
  scale_on(mine, a1, 5, 0);
  ctx.output("array", std::vector<int>(a1), scaled(in, 5, 0));
}

// AV-4, AV-5, AV-6: discard_data, synchronize and refresh across two accelerators. A view written on the
// second and then discarded is overwritten on the first without its old contents; synchronize() brings the
// first's values home; after the host changes the container and refresh(), the second sees the change,
// not its stale copy; host writes through the view reach the next launch elsewhere.
TESSERA_CASE(discard_synchronize_and_refresh_across_two_accelerators, "AV-4,AV-5,AV-6,ACC-1", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> data = in;
  array_view<int, 1> v(n, data);
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 7; });
  v.discard_data();
  parallel_for_each(accs[0].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = i[0]; });
  v.synchronize();
  std::vector<int> iota(n);
  for (int i = 0; i < n; ++i) iota[i] = i;
  ctx.output("after_discard", data, iota);

  // The second accelerator read v before; the host now changes the container behind the view's back.
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + 1; });
  v.synchronize();
  for (int i = 0; i < n; ++i) data[i] = in[i];
  v.refresh();
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * 2; });
  v.synchronize();
  ctx.output("after_refresh", data, scaled(in, 2, 0));

  // A host write through the view, after the second accelerator wrote last: the first sees it.
  parallel_for_each(accs[1].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] + 100; });
  v[index<1>(0)] = 5;
  parallel_for_each(accs[0].get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] - 1; });
  std::vector<int> want = scaled(in, 2, 99);
  want[0] = 4;
  std::vector<int> got(n);
  copy(v, got.begin());
  ctx.output("after_host_write", got, want);
}

// ACC-8, ARR-9: each accelerator's queue: a marker on each waits for its own launches, and copies from
// both into one host container see both results.
TESSERA_CASE(markers_on_two_accelerators_cover_their_launches, "ACC-8,ACC-9,ARR-9", expect::pass) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  const auto in = ctx.random_ints(2 * n, -1000, 1000);
  array<int, 1> a0(n, in.begin(), in.begin() + n, accs[0].get_default_view());
  array<int, 1> a1(n, in.begin() + n, in.end(), accs[1].get_default_view());
  scale_on(accs[0].get_default_view(), a0, 1, 11);
  scale_on(accs[1].get_default_view(), a1, 1, 22);
  accs[0].get_default_view().create_marker().wait();
  accs[1].get_default_view().create_marker().wait();
  std::vector<int> got(2 * n);
  copy(a0, got.begin());
  copy(a1, got.begin() + n);
  std::vector<int> want(2 * n);
  for (int i = 0; i < 2 * n; ++i) want[i] = in[i] + (i < n ? 11 : 22);
  ctx.output("both", got, want);
}

// MEM-6, PFE-5: the emulator's checks see launches on every emulated device, whose data is in memory
// of the device's own: a race in the second accelerator's memory, and an index out of bounds there, are
// reported at their lines. (On a GPU these are diagnostic cases like any other: expectations/cuda.tsv.)
TESSERA_CASE(a_race_on_the_second_accelerator_is_reported, "MEM-6,MEM-3,ACC-1", expect::hazard("write after write")) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  parallel_for_each(accs[1].get_default_view(), extent<1>(32).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t.tile] = t.local[0];  // expect: write after write
  });
  v.synchronize();
}

TESSERA_CASE(an_index_out_of_bounds_on_the_second_accelerator_is_reported, "PFE-5,AV-8,ACC-1", expect::out_of_bounds) {
  const std::vector<accelerator> accs = ctx.require_accelerators(2);
  std::vector<int> out(4 * 32, 0);
  array_view<int, 1> v(4 * 32, out);
  parallel_for_each(accs[1].get_default_view(), v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    if (t.tile[0] == 2 && t.local[0] == 7) v[t.global[0] + 1000] = 1;  // expect: out of bounds
    v[t] = t.global[0];
  });
  v.synchronize();
}

}  // namespace
