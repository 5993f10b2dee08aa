// What an array_view rejects: a non-positive extent (PROJ-6), a source smaller than the extent (AV-2,
// PROJ-5), a section outside its parent (AV-10, PROJ-2), and indexing outside the extent, on the host and
// in kernels (AV-8, PROJ-7). The valid forms next to them are positive cases.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// The valid forms: a container exactly as long as the extent (or longer), and sections that touch the
// parent's edges (the whole view, the last row, an empty-free corner) are accepted.
TESSERA_CASE(exact_sources_and_edge_sections_are_accepted, "AV-2,AV-10,PROJ-2", expect::pass) {
  std::vector<int> exact(12, 7), longer(20, 7);
  array_view<int, 2> v(3, 4, exact);
  array_view<int, 2> w(3, 4, longer);
  const auto whole = v.section(index<2>(0, 0), extent<2>(3, 4));
  const auto last_row = v.section(index<2>(2, 0));
  const auto corner = v.section(index<2>(2, 3), extent<2>(1, 1));
  const auto row_tail = v[1].section(3, 1);
  ctx.require(whole.extent == v.extent && last_row.extent == extent<2>(1, 4) && corner.extent == extent<2>(1, 1) &&
                  row_tail.extent == extent<1>(1),
              "sections reaching the parent's edges have the extents asked for");
  ctx.require(&corner(0, 0) == &v(2, 3) && &row_tail[0] == &v(1, 3) && w(2, 3) == 7, "edge sections name the edge elements");
}

// An array_view without a data source of extent 0 throws runtime_exception.
TESSERA_CASE(view_zero_extent_throws, "PROJ-6", expect::throws<tessera::runtime_exception>) {
  array_view<int, 1> v(0);  // expect: throws
}

// An array_view over a container with a negative extent component throws runtime_exception.
TESSERA_CASE(view_negative_extent_throws, "PROJ-6", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(16);
  array_view<int, 2> v(extent<2>(-4, -4), data);  // expect: throws
}

// An array_view over a container shorter than its extent, 15 elements for (4,4), throws runtime_exception.
TESSERA_CASE(view_over_short_container_throws, "AV-2,PROJ-5", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(15);
  array_view<int, 2> v(4, 4, data);  // expect: throws
}

// copy from an iterator range shorter than the destination view throws runtime_exception.
TESSERA_CASE(copy_short_range_into_view_throws, "PROJ-5,ARR-9", expect::throws<tessera::runtime_exception>) {
  const std::vector<int> src(9, 1);
  std::vector<int> data(10, 0);
  array_view<int, 1> v(10, data);
  tessera::copy(src.begin(), src.end(), v);  // expect: throws
}

// copy between views of different extents, (4,4) into (4,5), throws runtime_exception.
TESSERA_CASE(copy_view_extent_mismatch_throws, "ARR-10", expect::throws<tessera::runtime_exception>) {
  std::vector<int> a(16), b(20);
  array_view<int, 2> va(4, 4, a), vb(4, 5, b);
  tessera::copy(va, vb);  // expect: throws
}

// A section running past the parent's end, (2,2)+(3,1) in (4,4), throws runtime_exception.
TESSERA_CASE(section_past_the_end_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(16);
  array_view<int, 2> v(4, 4, data);
  v.section(index<2>(2, 2), extent<2>(3, 1));  // expect: throws
}

// An empty section throws runtime_exception: section(1, 0) of a 1-D view.
TESSERA_CASE(empty_section_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(8);
  array_view<int, 1> v(8, data);
  v.section(1, 0);  // expect: throws
}

// A section whose origin lies outside the parent throws runtime_exception: (4,4) of a (5,4) view.
TESSERA_CASE(section_origin_outside_the_parent_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(20);
  array_view<int, 2> v(5, 4, data);
  v.section(index<2>(4, 4));  // expect: throws
}

// A section with a negative origin throws runtime_exception.
TESSERA_CASE(section_negative_origin_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  v.section(-1, 4);  // expect: throws
}

// A section of a section is checked against the inner section, not the outer view: (2,0)+(3,1) of a (4,4)
// section of an (8,8) view would fit in the view but not in the section, and throws runtime_exception.
TESSERA_CASE(section_of_section_outside_the_inner_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(64);
  array_view<int, 2> v(8, 8, data);
  array_view<int, 2> inner = v.section(index<2>(2, 2), extent<2>(4, 4));
  inner.section(index<2>(2, 0), extent<2>(3, 1));  // expect: throws
}

// A section of a projection past the row's end, v[1].section(2,3) of a 4-wide row, throws.
TESSERA_CASE(section_of_projection_past_the_end_throws, "AV-10,PROJ-2", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(16);
  array_view<int, 2> v(4, 4, data);
  v[1].section(2, 3);  // expect: throws
}

// Host code indexing a view outside its extent throws out_of_bounds.
TESSERA_CASE(view_index_out_of_bounds_on_host_throws, "AV-8,PROJ-7", expect::throws<tessera::out_of_bounds>) {
  std::vector<int> data(12);
  array_view<int, 2> v(3, 4, data);
  v(3, 0) = 1;  // expect: throws
}

// The valid form of the next case: the neighbour access guarded by the extent stays inside the view.
TESSERA_CASE(guarded_neighbour_access_stays_in_bounds, "AV-8,PROJ-7", expect::pass) {
  constexpr int n = 64;
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n, out);
  parallel_for_each(ctx.view(), o.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    const index<1> next(t.global[0] + 1);
    o[t] = (a.extent.contains(next) ? a[next] : 0) - a[t];
  });
  o.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = (i + 1 < n ? in[i + 1] : 0) - in[i];
  ctx.output("differences", out, want);
}

// A kernel reading one element past the end of its view (the classic neighbour access without a guard):
// out_of_bounds on the emulator.
TESSERA_CASE(view_index_past_the_end_in_kernel, "AV-8,PROJ-7", expect::out_of_bounds) {
  std::vector<int> in(64, 1), out(64, 0);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> o(64, out);
  parallel_for_each(ctx.view(), o.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    o[t] = a[t.global[0] + 1] - a[t];  // expect: out of bounds
  });
  o.synchronize();
}

// A kernel indexing a section beyond the section's extent, though still inside the parent: out of bounds
// (a section's extent bounds its indexing).
TESSERA_CASE(section_index_beyond_section_in_kernel, "AV-8,AV-10,PROJ-7", expect::out_of_bounds) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  array_view<int, 1> s = v.section(16, 16);
  parallel_for_each(ctx.view(), s.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    s[t.global[0] * 2] = 1;  // expect: out of bounds
  });
  v.synchronize();
}

// A kernel indexing a projection past its end, v[i][cols]: out of bounds on the emulator.
TESSERA_CASE(projection_index_out_of_bounds_in_kernel, "AV-8,AV-9,PROJ-7", expect::out_of_bounds) {
  std::vector<int> data(8 * 8, 0);
  array_view<int, 2> v(8, 8, data);
  parallel_for_each(ctx.view(), extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    array_view<int, 1> row = v[t.global[0]];
    row[8 - t.local[0] / 7] = 1;  // expect: out of bounds
  });
  v.synchronize();
}

}  // namespace
