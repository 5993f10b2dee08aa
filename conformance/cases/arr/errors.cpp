// What an array rejects: a non-positive extent (ARR-3, PROJ-6), a source range shorter than the extent
// (ARR-4, PROJ-5), copies between different extents (ARR-10), and indexing outside the extent (ARR-6,
// PROJ-7). Each negative case sits next to the valid form it breaks.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// The valid form of ARR-3: the smallest extents, 1 in every dimension, make arrays a kernel can write.
TESSERA_CASE(smallest_extents_are_accepted, "ARR-3,PROJ-6", expect::pass) {
  array<int, 1> a1(1);
  array<int, 3> a3(extent<3>(1, 1, 1));
  array_view<int, 1> v1 = a1;
  array_view<int, 3> v3 = a3;
  parallel_for_each(ctx.view(), extent<1>(1).tile<1>(), [=] restrict_amp (tiled_index<1>) {
    v1[0] = 11;
    v3(0, 0, 0) = 33;
  });
  ctx.output("rank1", static_cast<std::vector<int>>(a1), std::vector<int>{11});
  ctx.output("rank3", static_cast<std::vector<int>>(a3), std::vector<int>{33});
}

// The valid form of ARR-4: a range exactly as long as the extent builds an array; copy() from a longer
// range fills the destination's size.
TESSERA_CASE(exact_ranges_are_accepted, "ARR-4,PROJ-5,ARR-9", expect::pass) {
  const std::vector<int> six{4, 5, 6, 7, 8, 9};
  array<int, 2> exact(2, 3, six.begin(), six.end());
  array<int, 1> copied(5);
  tessera::copy(six.begin(), six.end(), copied);  // a longer range: the destination's size is copied
  ctx.output("exact", static_cast<std::vector<int>>(exact), six);
  ctx.output("copied_from_longer", static_cast<std::vector<int>>(copied), std::vector<int>{4, 5, 6, 7, 8});
}

// An array built from a range longer than its extent throws runtime_exception rather than dropping the
// range's tail (which would hide a wrong extent).
TESSERA_CASE(array_from_longer_range_throws, "ARR-4,PROJ-5", expect::throws<tessera::runtime_exception>) {
  const std::vector<int> six{4, 5, 6, 7, 8, 9};
  array<int, 1> longer(4, six.begin(), six.end());  // expect: throws
}

// An array of extent 0 throws runtime_exception.
TESSERA_CASE(array_zero_extent_throws, "ARR-3,PROJ-6", expect::throws<tessera::runtime_exception>) {
  array<int, 1> a(0);  // expect: throws
}

// A negative component in any dimension throws runtime_exception (here the last of three).
TESSERA_CASE(array_negative_extent_throws, "ARR-3,PROJ-6", expect::throws<tessera::runtime_exception>) {
  array<int, 3> a(extent<3>(2, 3, -1));  // expect: throws
}

// An array built from a range shorter than its extent throws runtime_exception.
TESSERA_CASE(array_from_short_range_throws, "ARR-4,PROJ-5", expect::throws<tessera::runtime_exception>) {
  const std::vector<int> five(5, 1);
  array<int, 2> a(2, 3, five.begin(), five.end());  // expect: throws
}

// copy from an iterator range shorter than the destination array throws runtime_exception.
TESSERA_CASE(copy_short_range_into_array_throws, "ARR-4,PROJ-5", expect::throws<tessera::runtime_exception>) {
  const std::vector<int> fifteen(15, 1);
  array<int, 2> a(4, 4);
  tessera::copy(fifteen.begin(), fifteen.end(), a);  // expect: throws
}

// copy between arrays of different extents, (4,4) into (4,5), throws runtime_exception.
TESSERA_CASE(copy_array_extent_mismatch_throws, "ARR-10", expect::throws<tessera::runtime_exception>) {
  array<int, 2> m(4, 4), wide(4, 5);
  tessera::copy(m, wide);  // expect: throws
}

// copy from an array_view into an array of the same size but another shape, (2,8) into (4,4), throws.
TESSERA_CASE(copy_view_to_array_shape_mismatch_throws, "ARR-10", expect::throws<tessera::runtime_exception>) {
  std::vector<int> data(16, 1);
  array_view<int, 2> v(2, 8, data);
  array<int, 2> a(4, 4);
  tessera::copy(v, a);  // expect: throws
}

// Host code indexing an array outside its extent throws out_of_bounds.
TESSERA_CASE(array_index_out_of_bounds_on_host_throws, "ARR-6,PROJ-7", expect::throws<tessera::out_of_bounds>) {
  array<int, 2> a(3, 4);
  a(1, 4) = 1;  // expect: throws
}

// A kernel indexing an array (through its view) one column past the end: out_of_bounds on the emulator.
TESSERA_CASE(array_index_out_of_bounds_in_kernel, "ARR-6,PROJ-7", expect::out_of_bounds) {
  array<int, 2> a(4, 8);
  array_view<int, 2> v = a;
  parallel_for_each(ctx.view(), a.extent.tile<4, 8>(), [=] restrict_amp (tiled_index<4, 8> t) {
    v(t.global[0], t.global[1] + 1) = 1;  // expect: out of bounds
  });
}

// ARR-6, ARR-5: host code cannot touch the elements or data() of an array whose CPU access type is
// access_type_none: runtime_exception, as in C++ AMP. (A kernel and copy() still reach them.)
TESSERA_CASE(array_with_cpu_access_none_refuses_host_access, "ARR-6,ARR-5", expect::throws<tessera::runtime_exception>) {
  array<int, 1> a(16, ctx.view(), access_type_none);
  array_view<int, 1> v = a;
  parallel_for_each(ctx.view(), a.extent, [=] restrict_amp (index<1> i) { v[i] = i[0]; });
  (void)a[index<1>(3)];  // expect: throws
}

// ARR-9: copy(end, begin, dest), a reversed range, throws runtime_exception.
TESSERA_CASE(copy_from_a_reversed_range_throws, "ARR-9,ARR-10", expect::throws<tessera::runtime_exception>) {
  const std::vector<int> src(8, 1);
  array<int, 1> dest(8);
  tessera::copy(src.end(), src.begin(), dest);  // expect: throws
}

}  // namespace
