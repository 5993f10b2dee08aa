// copy(src, dest), the destination last (ARR-9): between arrays and array_views (const or not), from
// host iterator ranges, and to host output iterators. Every copy is deep, touches exactly its two
// containers (ARR-11), and copy_to behaves like copy (ARR-7).
#include <tessera/conformance/case.hpp>

#include <iterator>
#include <list>
#include <numeric>

namespace {
using namespace tessera;
using tessera::index;

constexpr int rows = 6, cols = 9, n = rows * cols;

// Adds `k` to every element of a view in a kernel (so each copy is seen to be deep and usable).
void add_in_kernel(const accelerator_view& where, const array_view<int, 2>& v, int k) {
  parallel_for_each(where, v.extent.tile<3, 3>(), [=] restrict_amp (tiled_index<3, 3> t) { v[t] += k; });
}

std::vector<int> plus(std::vector<int> v, int k) {
  for (int& x : v) x += k;
  return v;
}

// array -> array, array -> array_view, array_view -> array, array_view<const> -> array, array_view ->
// array_view: each destination holds the source's values, and the source keeps them after the
// destination is changed.
TESSERA_CASE(copy_between_arrays_and_views, "ARR-9,ARR-2", expect::pass) {
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 2> a(rows, cols, src.begin(), src.end());
  array<int, 2> a2(rows, cols);
  tessera::copy(a, a2);  // array -> array
  std::vector<int> host_view(n, 0), host_view2(n, 0);
  array_view<int, 2> v(rows, cols, host_view), v2(rows, cols, host_view2);
  tessera::copy(a, v);  // array -> array_view
  array<int, 2> a3(rows, cols), a4(rows, cols);
  tessera::copy(v, a3);                             // array_view -> array
  tessera::copy(array_view<const int, 2>(v), a4);  // array_view<const> -> array
  tessera::copy(v, v2);                             // array_view -> array_view
  add_in_kernel(ctx.view(), a2, 1);
  add_in_kernel(ctx.view(), v, 2);
  add_in_kernel(ctx.view(), a3, 3);
  add_in_kernel(ctx.view(), a4, 4);
  add_in_kernel(ctx.view(), v2, 5);
  v.synchronize();
  v2.synchronize();
  ctx.output("source_array", static_cast<std::vector<int>>(a), src);
  ctx.output("array_to_array", static_cast<std::vector<int>>(a2), plus(src, 1));
  ctx.output("array_to_view", host_view, plus(src, 2));
  ctx.output("view_to_array", static_cast<std::vector<int>>(a3), plus(src, 3));
  ctx.output("const_view_to_array", static_cast<std::vector<int>>(a4), plus(src, 4));
  ctx.output("view_to_view", host_view2, plus(src, 5));
}

// A copy made after a kernel wrote the source sees the kernel's values (the copy reads the current data).
TESSERA_CASE(copy_reads_what_a_kernel_wrote, "ARR-9,ARR-11", expect::pass) {
  std::vector<int> zeros(n, 0), out(n, -1);
  array<int, 2> a(rows, cols, zeros.begin(), zeros.end());
  array_view<int, 2> av = a;
  parallel_for_each(ctx.view(), a.extent.tile<3, 3>(), [=] restrict_amp (tiled_index<3, 3> t) {
    av[t] = t.global[0] * cols + t.global[1];
  });
  array_view<int, 2> dest(rows, cols, out);
  tessera::copy(a, dest);
  dest.synchronize();
  std::vector<int> want(n);
  std::iota(want.begin(), want.end(), 0);
  ctx.output("copied", out, want);
}

// Host iterator ranges into an array and into an array_view (a std::list: any input iterator), and the
// single-iterator forms (the range is extent.size() long).
TESSERA_CASE(copy_from_host_iterators, "ARR-9", expect::pass) {
  const auto src = ctx.random_ints(n, -1000, 1000);
  const std::list<int> as_list(src.begin(), src.end());
  array<int, 2> a(rows, cols), a_first(rows, cols);
  std::vector<int> h(n, 0), h_first(n, 0);
  array_view<int, 2> v(rows, cols, h), v_first(rows, cols, h_first);
  tessera::copy(as_list.begin(), as_list.end(), a);
  tessera::copy(src.begin(), src.end(), v);
  tessera::copy(as_list.begin(), a_first);
  tessera::copy(src.begin(), v_first);
  v.synchronize();
  v_first.synchronize();
  ctx.output("range_to_array", static_cast<std::vector<int>>(a), src);
  ctx.output("range_to_view", h, src);
  ctx.output("first_to_array", static_cast<std::vector<int>>(a_first), src);
  ctx.output("first_to_view", h_first, src);
}

// An array and an array_view copied to host output iterators, in row-major order; a section's copy
// writes only the section's elements.
TESSERA_CASE(copy_to_output_iterators, "ARR-9,ARR-11", expect::pass) {
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 2> a(rows, cols, src.begin(), src.end());
  std::vector<int> from_array, from_section;
  tessera::copy(a, std::back_inserter(from_array));
  auto data = src;
  array_view<int, 2> v(rows, cols, data);
  tessera::copy(v.section(index<2>(2, 3), extent<2>(3, 4)), std::back_inserter(from_section));
  std::vector<int> want_section;
  for (int r = 2; r < 5; ++r)
    for (int c = 3; c < 7; ++c) want_section.push_back(src[r * cols + c]);
  std::vector<int> into(n + 2, -7);
  tessera::copy(a, into.begin() + 1);
  std::vector<int> want_into(n + 2, -7);
  std::copy(src.begin(), src.end(), want_into.begin() + 1);
  ctx.output("array_to_back_inserter", from_array, src);
  ctx.output("section_to_back_inserter", from_section, want_section);
  ctx.output("array_to_iterator_with_margins", into, want_into);
}

// A copy into a section writes exactly the section (ARR-11): the rest of the destination's data, and a
// strided source (a column of a matrix), are left as they were. Sections of different parents with equal
// extents copy without complaint (ARR-10: only the extents must match).
TESSERA_CASE(copy_touches_only_its_containers, "ARR-11,ARR-10,ARR-9", expect::pass) {
  constexpr int big = 16;
  const auto src = ctx.random_ints(big * big, -1000, 1000);
  std::vector<int> dst_data(big * big, 0);
  auto src_data = src;
  array_view<int, 2> s(big, big, src_data), d(big, big, dst_data);
  // column 5 of the source (strided) into column 11 of the destination
  array_view<int, 2> column = s.section(index<2>(0, 5), extent<2>(big, 1));
  tessera::copy(column, d.section(index<2>(0, 11), extent<2>(big, 1)));
  // a 4x4 block into a 4x4 block
  tessera::copy(s.section(index<2>(3, 3), extent<2>(4, 4)), d.section(index<2>(10, 0), extent<2>(4, 4)));
  d.synchronize();
  s.synchronize();
  std::vector<int> want(big * big, 0);
  for (int r = 0; r < big; ++r) want[r * big + 11] = src[r * big + 5];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) want[(10 + r) * big + c] = src[(3 + r) * big + 3 + c];
  ctx.output("destination", dst_data, want);
  ctx.output("source_unchanged", src_data, src);
}

// copy_to(array) and copy_to(array_view) behave like copy (ARR-7).
TESSERA_CASE(copy_to_member_is_copy, "ARR-7,ARR-9", expect::pass) {
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 2> a(rows, cols, src.begin(), src.end()), b(rows, cols);
  std::vector<int> h(n, 0);
  array_view<int, 2> v(rows, cols, h);
  a.copy_to(b);
  a.copy_to(v);
  add_in_kernel(ctx.view(), b, 10);
  v.synchronize();
  ctx.output("copy_to_array", static_cast<std::vector<int>>(b), plus(src, 10));
  ctx.output("copy_to_view", h, src);
  ctx.output("source", static_cast<std::vector<int>>(a), src);
}

}  // namespace
