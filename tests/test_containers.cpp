// array_view and array (AV-*, ARR-*): aliasing, projections, sections, const views, copies and their
// errors.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <iterator>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

template <class V>
concept writable_element = requires(V v) { v[0] = 1; };

// AV-1: copies are shallow; every copy refers to the same data.
TEST(ArrayView, CopiesAliasTheSameData) {
  std::vector<int> data(10, 0);
  array_view<int, 1> a(10, data);
  array_view<int, 1> b = a;
  b[3] = 7;
  EXPECT_EQ(a[3], 7);
  EXPECT_EQ(data[3], 7);
  array_view<int, 1> c(10, data);
  c = b;  // assignment is shallow too
  c[4] = 8;
  EXPECT_EQ(a[4], 8);
}

// AV-2: a view over a C array / raw pointer reads and writes that memory.
TEST(ArrayView, ViewOverARawPointerUsesThatMemory) {
  int raw[6] = {0, 1, 2, 3, 4, 5};
  array_view<int, 2> v(2, 3, raw);
  EXPECT_EQ(v(1, 2), 5);
  v(0, 1) = 10;
  EXPECT_EQ(raw[1], 10);
}

// IDX-5, AV-9: indexing is row-major; for N >= 2, av[i] projects on dimension 0, so av[2][3] == av(2,3).
TEST(ArrayView, IndexingIsRowMajorAndProjectionsMatchFullIndexing) {
  std::vector<int> data(4 * 5);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> v(4, 5, data);
  EXPECT_EQ(v(2, 3), 2 * 5 + 3);
  EXPECT_EQ(v[2][3], v(2, 3));
  EXPECT_EQ(v[index<2>(2, 3)], v(2, 3));
  EXPECT_EQ(v(2)[3], v(2, 3));
  static_assert(std::is_same_v<decltype(v[2]), array_view<int, 1>>);
  static_assert(std::is_same_v<decltype(v[2][3]), int&>);
  std::vector<int> cube(3 * 4 * 5);
  std::iota(cube.begin(), cube.end(), 0);
  array_view<int, 3> c(3, 4, 5, cube);
  EXPECT_EQ(c[2][1][4], (2 * 4 + 1) * 5 + 4);
  EXPECT_EQ(c(2, 1, 4), c[2][1][4]);
  EXPECT_EQ(c[1].extent, extent<2>(4, 5));
  EXPECT_EQ(c[1][3].extent, extent<1>(5));
}

// AV-9: a projection written in a kernel writes the parent's row.
TEST(ArrayView, ProjectionWrittenInAKernelWritesTheParentsRow) {
  std::vector<int> data(4 * 5, 0);
  array_view<int, 2> v(4, 5, data);
  array_view<int, 1> row = v[2];
  parallel_for_each(row.extent, [=] restrict_amp (index<1> i) { row[i] = 7; });
  v.synchronize();
  row.synchronize();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) ASSERT_EQ(data[r * 5 + c], r == 2 ? 7 : 0);
}

// AV-10, the spec's example: v1.section((15,25),(40,50))(0,0) == v1(15,25); the other section forms.
TEST(ArrayView, SectionOriginMapsToTheParentAsInTheSpecExample) {
  std::vector<int> data(100 * 100);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> v1(100, 100, data);
  auto s = v1.section(index<2>(15, 25), extent<2>(40, 50));
  EXPECT_EQ(s(0, 0), v1(15, 25));
  EXPECT_EQ(s(39, 49), v1(54, 74));
  EXPECT_EQ(s.extent, extent<2>(40, 50));
  auto row = s[3];
  EXPECT_EQ(row[4], v1(18, 29));
  auto tail = v1.section(index<2>(90, 90));
  EXPECT_EQ(tail.extent, extent<2>(10, 10));
  EXPECT_EQ(tail(0, 0), v1(90, 90));
  auto head = v1.section(extent<2>(3, 4));
  EXPECT_EQ(head(2, 3), v1(2, 3));
  auto ints = v1.section(15, 25, 40, 50);
  EXPECT_EQ(ints(1, 1), v1(16, 26));
}

// AV-10: a section of a projection, and a section of a section, address the parent's elements.
TEST(ArrayView, SectionOfAProjectionAndSectionOfASectionAddressTheParent) {
  std::vector<int> data(6 * 8);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> v(6, 8, data);
  auto part = v[2].section(index<1>(3), extent<1>(4));
  EXPECT_EQ(part.extent, extent<1>(4));
  for (int k = 0; k < 4; ++k) EXPECT_EQ(part[k], v(2, 3 + k));
  auto inner = v.section(index<2>(1, 1), extent<2>(4, 6)).section(index<2>(2, 3), extent<2>(2, 2));
  EXPECT_EQ(inner(0, 0), v(3, 4));
  EXPECT_EQ(inner(1, 1), v(4, 5));
  auto projected = v.section(index<2>(1, 2), extent<2>(3, 3))[1];
  EXPECT_EQ(projected[0], v(2, 2));
  part[1] = -1;
  EXPECT_EQ(data[2 * 8 + 4], -1);
}

// AV-10: a section written in a kernel shows in the parent, and only there.
TEST(ArrayView, SectionWrittenInAKernelShowsInTheParent) {
  std::vector<int> data(8 * 8, 0);
  array_view<int, 2> v(8, 8, data);
  auto s = v.section(index<2>(2, 2), extent<2>(4, 4));
  parallel_for_each(s.extent, [=] restrict_amp (index<2> i) { s[i] = 1; });
  v.synchronize();
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) ASSERT_EQ(data[r * 8 + c], (r >= 2 && r < 6 && c >= 2 && c < 6) ? 1 : 0);
}

// AV-12: views with the same home alias: a1 = [0,10] and a2 = [10,20] share element 10.
TEST(ArrayView, OverlappingSectionsOfOneHomeAlias) {
  std::vector<int> data(21, 0);
  array_view<int, 1> v(21, data);
  auto a1 = v.section(0, 11);
  auto a2 = v.section(10, 11);
  a1[10] = 17;
  EXPECT_EQ(a2[0], 17);
  parallel_for_each(extent<1>(1), [=] restrict_amp (index<1> i) { a2[i[0]] += 1; });
  EXPECT_EQ(a1[10], 18);
}

// AV-10 (project decision): a section that does not fit in its parent throws runtime_exception.
TEST(ArrayView, OutOfRangeSectionThrows) {
  std::vector<int> data(16);
  array_view<int, 2> v(4, 4, data);
  EXPECT_THROW(v.section(index<2>(2, 2), extent<2>(3, 1)), runtime_exception);
  EXPECT_THROW(v.section(index<2>(-1, 0), extent<2>(1, 1)), runtime_exception);
  EXPECT_THROW(v.section(index<2>(4, 0)).section(index<2>(0, 0), extent<2>(1, 1)), runtime_exception);
  EXPECT_THROW(v[1].section(2, 3), runtime_exception);
  EXPECT_NO_THROW(v.section(index<2>(0, 0), extent<2>(4, 4)));
}

// AV-10: an empty section, or one whose origin lies outside the parent, throws (it used to return an
// empty extent); the same for array.
TEST(ArrayView, EmptySectionOrOriginOutsideTheParentThrows) {
  std::vector<int> data(20);
  array_view<int, 1> line(20, data);
  EXPECT_THROW(line.section(1, 0), runtime_exception);
  array_view<int, 2> v(5, 4, data);
  EXPECT_THROW(v.section(index<2>(4, 4)), runtime_exception);
  EXPECT_THROW(v.section(index<2>(5, 0)), runtime_exception);
  EXPECT_THROW(v.section(index<2>(0, 0), extent<2>(0, 4)), runtime_exception);
  EXPECT_NO_THROW(v.section(index<2>(4, 3)));
  array<int, 2> a(5, 4);
  EXPECT_THROW(a.section(index<2>(4, 4)), runtime_exception);
  EXPECT_THROW(a.section(index<2>(1, 1), extent<2>(2, 0)), runtime_exception);
  try {
    v.section(index<2>(4, 4));
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("is empty or does not fit"), std::string::npos) << e.what();
  }
}

// AV-15: array_view<const T> converts from array_view<T>, reads, and cannot be written through.
TEST(ArrayView, ConstViewConvertsFromWritableReadsAndCannotBeWritten) {
  std::vector<float> data{1.5f, 2.5f};
  array_view<float, 1> w(2, data);
  array_view<const float, 1> r = w;
  EXPECT_EQ(r[1], 2.5f);
  w[1] = 3.5f;
  EXPECT_EQ(r[1], 3.5f);
  static_assert(std::is_same_v<decltype(r[0]), const float&>);
  static_assert(!writable_element<array_view<const int, 1>>);
  static_assert(writable_element<array_view<int, 1>>);
  static_assert(!std::is_convertible_v<array_view<const int, 1>, array_view<int, 1>>);
  const std::vector<int> constant{1, 2, 3};
  array_view<const int, 1> c(3, constant);
  EXPECT_EQ(c[2], 3);
}

// AV-2 (U10): a container shorter than the extent is refused.
TEST(ArrayView, ShortContainerIsRefused) {
  std::vector<int> data(5);
  EXPECT_THROW((array_view<int, 2>(2, 3, data)), runtime_exception);
}

// AV-3: a view built from an extent alone gets storage; a kernel writes it and the host reads it.
TEST(ArrayView, ExtentOnlyViewIsWrittenByAKernelAndReadOnTheHost) {
  array_view<int, 1> v(32);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = i[0] * i[0]; });
  EXPECT_EQ(v[5], 25);
  EXPECT_EQ(v.data()[31], 961);
  array_view<int, 2> m(3, 4);
  parallel_for_each(m.extent.tile<1, 4>(), [=] restrict_amp (tiled_index<1, 4> t) { m[t] = t.global[0] * 10 + t.global[1]; });
  EXPECT_EQ(m(2, 3), 23);
}

// ARR-8, AV-15: reinterpret_as and view_as see the same bytes.
TEST(ArrayView, ReinterpretAndViewAsSeeTheSameBytes) {
  struct rgb {
    float r, g, b;
  };
  std::vector<rgb> pixels(4, rgb{1, 2, 3});
  array_view<rgb, 1> v(4, pixels);
  auto floats = v.reinterpret_as<float>();
  EXPECT_EQ(floats.extent[0], 12);
  EXPECT_EQ(floats[4], 2.0f);
  floats[5] = 9.0f;
  EXPECT_EQ(pixels[1].b, 9.0f);
  std::vector<int> flat(12);
  std::iota(flat.begin(), flat.end(), 0);
  auto m = array_view<int, 1>(12, flat).view_as(extent<2>(3, 4));
  EXPECT_EQ(m(2, 1), 9);
  m(0, 0) = -5;
  EXPECT_EQ(flat[0], -5);
  EXPECT_THROW((array_view<int, 1>(12, flat).view_as(extent<2>(4, 4))), runtime_exception);
}

// AV-4..AV-6: synchronize, refresh and discard_data keep the host copy coherent.
TEST(ArrayView, SynchronizeRefreshAndDiscardKeepTheHostCopyCoherent) {
  std::vector<int> data(4, 1);
  array_view<int, 1> v(4, data);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] += 1; });
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(4, 2));
  data[0] = 10;
  v.refresh();
  EXPECT_EQ(v[0], 10);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] *= 2; });
  v.synchronize();
  EXPECT_EQ(data, (std::vector<int>{20, 4, 4, 4}));
  v.discard_data();
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = 5; });
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(4, 5));
}

// AV-13: when the last view goes away, the host container holds the kernel's results.
TEST(ArrayView, HostContainerHoldsTheResultsAfterTheLastViewIsGone) {
  std::vector<int> data(16, 0);
  {
    array_view<int, 1> v(16, data);
    parallel_for_each(v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = t.local[0]; });
  }
  for (int k = 0; k < 16; ++k) ASSERT_EQ(data[k], k % 4);
}

// ARR-2: copies are deep, moves steal the storage.
TEST(Array, CopiesAreDeepAndMovesStealTheStorage) {
  array<int, 1> a(4);
  std::vector<int> src{1, 2, 3, 4};
  copy(src.begin(), src.end(), a);
  array<int, 1> b = a;
  b[index<1>(0)] = 100;
  EXPECT_EQ(a[index<1>(0)], 1);
  EXPECT_NE(a.data(), b.data());
  array<int, 1> d(4);
  d = a;
  a[index<1>(1)] = -2;
  EXPECT_EQ(d[index<1>(1)], 2);
  const int* storage = b.data();
  array<int, 1> c = std::move(b);
  EXPECT_EQ(c.data(), storage);
  EXPECT_EQ(c[index<1>(0)], 100);
}

// ARR-3, ARR-4: non-positive extents and too-short source ranges throw runtime_exception.
TEST(Array, NonPositiveExtentAndShortRangeThrow) {
  EXPECT_THROW(array<int>(0), runtime_exception);
  EXPECT_THROW((array<int, 2>(2, -1)), runtime_exception);
  EXPECT_THROW((array<int, 3>(extent<3>(1, 0, 1))), runtime_exception);
  std::vector<int> three(3);
  EXPECT_THROW((array<int, 1>(4, three.begin(), three.end())), runtime_exception);
  EXPECT_THROW((array<int, 2>(2, 2, three.begin(), three.end())), runtime_exception);
  EXPECT_NO_THROW((array<int, 1>(3, three.begin(), three.end())));
}

// A source range longer than the extent is refused, not silently truncated.
TEST(Array, LongerRangeThanTheExtentThrows) {
  std::vector<int> five(5);
  EXPECT_THROW((array<int, 1>(4, five.begin(), five.end())), runtime_exception);
  EXPECT_THROW((array<int, 2>(2, 2, five.begin(), five.end())), runtime_exception);
  EXPECT_NO_THROW((array<int, 1>(5, five.begin(), five.end())));
}

// ARR-1, ARR-7: row-major layout; data() points at element 0; conversion to std::vector.
TEST(Array, IsRowMajorAndConvertsToAVector) {
  std::vector<int> src(6);
  std::iota(src.begin(), src.end(), 0);
  array<int, 2> a(extent<2>(2, 3), src.begin(), src.end());
  EXPECT_EQ(a(1, 2), 5);
  EXPECT_EQ(a.data()[1 * 3 + 2], a(1, 2));
  EXPECT_EQ(a[1][0], 3);
  const std::vector<int> back = a;
  EXPECT_EQ(back, src);
}

// ARR-6: for a 4-D array, a[index<4>(i,j,k,l)] == a[i][j][k][l].
TEST(Array, FourDimensionalIndexMatchesRepeatedProjection) {
  std::vector<int> src(6 * 5 * 4 * 3);
  std::iota(src.begin(), src.end(), 0);
  const int dims[] = {6, 5, 4, 3}, at[] = {5, 4, 3, 2};
  array<int, 4> a(extent<4>(dims), src.begin(), src.end());
  EXPECT_EQ(a[index<4>(at)], a[5][4][3][2]);
  EXPECT_EQ(a[index<4>(at)], ((5 * 5 + 4) * 4 + 3) * 3 + 2);
  EXPECT_EQ(a[2][1][0][1], ((2 * 5 + 1) * 4 + 0) * 3 + 1);
}

// PFE-7: an array is captured by reference and written in a kernel; its sections and views alias it.
TEST(Array, WrittenInAKernelThroughAReferenceAndReadThroughItsViews) {
  array<int, 2> a(4, 6);
  parallel_for_each(a.extent.tile<2, 3>(), [&a] restrict_amp (tiled_index<2, 3> t) { a[t] = t.tile[0] * 10 + t.tile[1]; });
  EXPECT_EQ(a(3, 5), 11);
  array_view<int, 2> s = a.section(index<2>(2, 3), extent<2>(2, 3));
  EXPECT_EQ(s(0, 0), 11);
  s(0, 0) = 99;
  EXPECT_EQ(a(2, 3), 99);
  array<int, 1> flat(8);
  auto m = flat.view_as(extent<2>(2, 4));
  m(1, 1) = 5;
  EXPECT_EQ(flat[index<1>(5)], 5);
  EXPECT_EQ(flat.reinterpret_as<unsigned int>().extent, extent<1>(8));
}

// ARR-9: copy works in every direction, with the destination last; ARR-10: mismatched extents throw.
TEST(Copy, WorksInEveryDirection) {
  const std::vector<int> src{1, 2, 3, 4};
  std::vector<int> dst(4, 0), out, out2;
  array<int, 1> a(4), b(4), c(4);
  copy(src.begin(), src.end(), a);   // iterator range -> array
  copy(a, b);                        // array -> array
  array_view<int, 1> v(4, dst);
  copy(b, v);                        // array -> array_view
  EXPECT_EQ(dst, src);
  copy(v, std::back_inserter(out));  // array_view -> output iterator
  EXPECT_EQ(out, src);
  copy(a, std::back_inserter(out2)); // array -> output iterator
  EXPECT_EQ(out2, src);
  std::vector<int> other(4, 0);
  array_view<int, 1> w(4, other);
  copy(v, w);                        // array_view -> array_view
  EXPECT_EQ(other, src);
  w[0] = 50;
  copy(w, c);                        // array_view -> array
  EXPECT_EQ(c[index<1>(0)], 50);
  array_view<const int, 1> cv(4, src);
  copy(cv, c);                       // const array_view -> array
  EXPECT_EQ(c[index<1>(0)], 1);
  std::vector<int> from_first{9, 8, 7, 6, 5};
  copy(from_first.begin(), w);       // iterator (first only) -> array_view
  EXPECT_EQ(other, (std::vector<int>{9, 8, 7, 6}));
  a.copy_to(w);                      // array::copy_to
  EXPECT_EQ(other, src);
  std::vector<int> grid(6);
  std::iota(grid.begin(), grid.end(), 0);
  array<int, 2> g(2, 3);
  copy(grid.begin(), grid.end(), g); // 2-D, row-major
  EXPECT_EQ(g(1, 0), 3);
}

TEST(Copy, IsDeep) {
  std::vector<int> src{1, 2, 3};
  array<int, 1> a(3);
  copy(src.begin(), src.end(), a);
  src[0] = 100;
  EXPECT_EQ(a[index<1>(0)], 1);
  std::vector<int> dst(3);
  array_view<int, 1> v(3, dst);
  copy(a, v);
  a[index<1>(1)] = -1;
  EXPECT_EQ(dst[1], 2);
}

TEST(Copy, MismatchedExtentsAndShortRangesThrowRuntimeException) {
  std::vector<int> four(4), five(5);
  array_view<int, 1> v(4, four), w(5, five);
  EXPECT_THROW(copy(v, w), runtime_exception);
  array<int, 2> m(4, 4), n(4, 5);
  EXPECT_THROW(copy(m, n), runtime_exception);
  std::vector<int> grid(20);
  array_view<int, 2> g(4, 5, grid);
  EXPECT_THROW(copy(m, g), runtime_exception);
  EXPECT_THROW(copy(g, m), runtime_exception);
  array<int, 1> a(5);
  EXPECT_THROW(copy(v, a), runtime_exception);
  std::vector<int> short_range(2);
  EXPECT_THROW(copy(short_range.begin(), short_range.end(), v), runtime_exception);
  EXPECT_THROW(copy(short_range.begin(), short_range.end(), a), runtime_exception);
}

// ARR-5, ARR-7: an array built on an accelerator_view reports that view, its associated view and its CPU
// access type; copies keep them (ARR-2); a kernel on another accelerator still reaches the data.
TEST(Array, RemembersTheAcceleratorViewItWasBuiltOn) {
  const accelerator emu("emulator");
  const accelerator_view v = emu.create_view();
  std::vector<int> src(6);
  std::iota(src.begin(), src.end(), 1);
  array<int, 1> a(extent<1>(6), v);
  EXPECT_EQ(a.get_accelerator_view(), v);
  EXPECT_EQ(a.get_associated_accelerator_view(), v);
  EXPECT_EQ(a.get_cpu_access_type(), emu.get_default_cpu_access_type());
  array<int, 2> b(2, 3, src.begin(), src.end(), v, access_type_read_write);
  EXPECT_EQ(b.get_cpu_access_type(), access_type::read_write);
  EXPECT_EQ(b(1, 2), 6);
  array<int, 3> c(1, 2, 3, src.begin(), v, access_type::none);
  EXPECT_EQ(c.get_cpu_access_type(), access_type_none);
  EXPECT_THROW((void)c(0, 1, 2), runtime_exception);  // ARR-6: host code may not touch it; a copy may
  EXPECT_EQ(std::vector<int>(c)[5], 6);
  const array<int, 3> d = c;
  EXPECT_EQ(d.get_accelerator_view(), v);
  EXPECT_EQ(d.get_cpu_access_type(), access_type::none);
  array<int, 1> e(6, src.begin(), src.end(), v);
  array<int, 1> f(array_view<const int, 1>(6, src), v);
  EXPECT_EQ(std::vector<int>(e), src);
  EXPECT_EQ(std::vector<int>(f), src);
  // The launch runs on the default accelerator's view, not the array's: the data is still there.
  array_view<int, 2> bv = b;
  parallel_for_each(accelerator("emulator").get_default_view(), bv.extent, [=] restrict_amp (index<2> i) { bv[i] *= 10; });
  EXPECT_EQ(b(1, 2), 60);
  // Without a view, the default accelerator's default view.
  array<int, 1> g(4);
  EXPECT_EQ(g.get_accelerator_view(), accelerator().get_default_view());
}

// ARR-5 (§5.1.2.1): a staging array keeps its associated view; "cpu" stores data only.
TEST(Array, StagingArrayKeepsItsAssociatedView) {
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator_view target = accelerator("emulator").get_default_view();
  std::vector<float> src{1, 2, 3, 4, 5, 6};
  array<float, 2> s(extent<2>(2, 3), src.begin(), src.end(), cpu.get_default_view(), target);
  EXPECT_EQ(s.get_accelerator_view(), cpu.get_default_view());
  EXPECT_EQ(s.get_associated_accelerator_view(), target);
  EXPECT_EQ(s(1, 0), 4.0f);
  array<float, 1> t(6, cpu.get_default_view(), target);
  array<float, 3> u(1, 2, 3, src.begin(), cpu.get_default_view(), target);
  EXPECT_EQ(t.get_associated_accelerator_view(), target);
  EXPECT_EQ(u(0, 1, 1), 5.0f);
  // A staging array's data feeds a launch on its associated view.
  array_view<float, 2> sv = s;
  parallel_for_each(target, sv.extent, [=] restrict_amp (index<2> i) { sv[i] += 1.0f; });
  EXPECT_EQ(s(0, 0), 2.0f);
}

// ARR-5: a CPU access type other than none or auto needs an accelerator with CPU shared memory; every
// accelerator of this program has it, so every request is accepted and kept. (A device without it refuses
// them: tests/test_default_cpu_access.cpp registers one.)
TEST(Array, EveryCpuAccessTypeIsAcceptedOnAnAcceleratorWithCpuSharedMemory) {
  for (const accelerator& acc : accelerator::get_all()) {
    ASSERT_TRUE(acc.get_supports_cpu_shared_memory()) << acc.get_device_path();
    const accelerator_view v = acc.get_default_view();
    EXPECT_EQ((array<int, 1>(4, v, access_type_none)).get_cpu_access_type(), access_type::none);
    EXPECT_NE((array<int, 1>(4, v, access_type_auto)).get_cpu_access_type(), access_type::automatic);
    EXPECT_EQ((array<int, 1>(4, v, access_type_read)).get_cpu_access_type(), access_type::read);
    EXPECT_EQ((array<int, 1>(4, v, access_type_write)).get_cpu_access_type(), access_type::write);
    EXPECT_EQ((array<int, 1>(4, v, access_type_read_write)).get_cpu_access_type(), access_type::read_write);
  }
}

// ARR-4, §5.1.2: the (e0[, e1[, e2]], first) forms take a begin iterator alone.
TEST(Array, ComponentFormsTakeABeginIteratorAlone) {
  std::vector<int> src(24);
  std::iota(src.begin(), src.end(), 0);
  array<int, 1> a(5, src.begin());
  array<int, 2> b(4, 6, src.begin());
  array<int, 3> c(2, 3, 4, src.begin());
  EXPECT_EQ(a[index<1>(4)], 4);
  EXPECT_EQ(b(3, 5), 23);
  EXPECT_EQ(c(1, 2, 3), 23);
}

// ARR-8: array::section takes the origin and extent as ints at ranks 1 to 3; on a const array the
// sections are read-only.
TEST(Array, SectionTakesIntOriginAndExtent) {
  std::vector<int> src(60);
  std::iota(src.begin(), src.end(), 0);
  array<int, 1> a(10, src.begin());
  array<int, 2> b(6, 10, src.begin());
  array<int, 3> c(3, 4, 5, src.begin());
  array_view<int, 1> s1 = a.section(2, 5);
  array_view<int, 2> s2 = b.section(1, 2, 3, 4);
  array_view<int, 3> s3 = c.section(1, 1, 1, 2, 3, 4);
  EXPECT_EQ(s1.extent, extent<1>(5));
  EXPECT_EQ(s1[0], 2);
  EXPECT_EQ(s2.extent, extent<2>(3, 4));
  EXPECT_EQ(s2(2, 3), b(3, 5));
  EXPECT_EQ(s3(1, 2, 3), c(2, 3, 4));
  s2(0, 0) = -1;
  EXPECT_EQ(b(1, 2), -1);
  const array<int, 2>& cb = b;
  static_assert(std::is_same_v<decltype(cb.section(0, 0, 1, 1)), array_view<const int, 2>>);
  EXPECT_EQ(cb.section(1, 2, 1, 1)(0, 0), -1);
  EXPECT_THROW(a.section(8, 5), runtime_exception);  // PROJ-2
}

// ARR-9, §5.2.3: array_view::copy_to(array&) and copy_to(array_view&) copy deeply; extents must match.
TEST(ArrayView, CopyToAnArrayOrAView) {
  std::vector<int> src{1, 2, 3, 4, 5, 6}, out(6, 0);
  array_view<int, 2> v(2, 3, src);
  array<int, 2> a(2, 3);
  v.copy_to(a);
  EXPECT_EQ(a(1, 2), 6);
  array_view<int, 2> w(2, 3, out);
  array_view<const int, 2> r = v;
  r.copy_to(w);
  EXPECT_EQ(out, src);
  v(0, 0) = 100;  // deep: the copies do not follow
  EXPECT_EQ(a(0, 0), 1);
  EXPECT_EQ(out[0], 1);
  r.section(index<2>(1, 0), extent<2>(1, 3)).copy_to(w.section(index<2>(0, 0), extent<2>(1, 3)));
  EXPECT_EQ(out[0], 4);
  array<int, 2> wrong(3, 2);
  EXPECT_THROW(v.copy_to(wrong), runtime_exception);  // ARR-10
}

// AV-15, ARR-8: a read-only view reinterprets to a read-only view of the other type.
TEST(ArrayView, ReadOnlyViewReinterpretsToReadOnly) {
  const std::vector<float> f{1.0f, -2.0f, 0.5f, 0.0f};
  array_view<const float, 1> v(4, f);
  auto bits = v.reinterpret_as<int>();
  static_assert(std::is_same_v<decltype(bits), array_view<const int, 1>>);
  static_assert(!writable_element<decltype(bits)>);
  EXPECT_EQ(bits.extent, extent<1>(4));
  EXPECT_EQ(bits[0], 0x3f800000);
  EXPECT_EQ(bits[3], 0);
  const array<float, 1> a(4, f.begin());
  static_assert(std::is_same_v<decltype(a.reinterpret_as<unsigned int>()), array_view<const unsigned int, 1>>);
  EXPECT_EQ(a.reinterpret_as<unsigned int>()[1], 0xc0000000u);
  static_assert(std::is_same_v<decltype(a.view_as(extent<2>(2, 2))), array_view<const float, 2>>);
  EXPECT_EQ(a.view_as(extent<2>(2, 2))(1, 0), 0.5f);
}

// AV-15: a read-only view's value_type is const T, as in C++ AMP; an array's and a writable view's is T.
TEST(ArrayView, ReadOnlyViewsValueTypeIsConst) {
  static_assert(std::is_same_v<array_view<const int, 1>::value_type, const int>);
  static_assert(std::is_same_v<array_view<const float, 3>::value_type, const float>);
  static_assert(std::is_same_v<array_view<int, 2>::value_type, int>);
  static_assert(std::is_same_v<array<double, 2>::value_type, double>);
  // The read-only view's copy_to still takes a writable destination of T.
  const std::vector<int> src{4, 5, 6};
  array_view<const int, 1> r(3, src);
  array<int, 1> a(3);
  r.copy_to(a);
  EXPECT_EQ(std::vector<int>(a), src);
}

// AV-14: a view over host memory has the "cpu" accelerator's default view as its source; a view of an
// array, the array's view (the default accelerator's default view when the array was given none).
TEST(ArrayView, SourceAcceleratorViewIsTheCpuForHostDataAndTheArraysViewForAnArray) {
  std::vector<int> data(8, 0);
  array_view<int, 1> host(8, data);
  const accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_EQ(host.get_source_accelerator_view(), cpu.get_default_view());
  EXPECT_EQ(host.section(2, 4).get_source_accelerator_view(), cpu.get_default_view());
  EXPECT_EQ((array_view<const int, 1>(host).get_source_accelerator_view()), cpu.get_default_view());

  const accelerator_view mine = accelerator("emulator").create_view();
  array<int, 2> placed(4, 4, mine);
  array_view<int, 2> pv = placed;
  EXPECT_EQ(pv.get_source_accelerator_view(), mine);
  EXPECT_EQ(pv[1].get_source_accelerator_view(), mine);  // a projection shares the source
  EXPECT_EQ(placed.view_as(extent<1>(16)).get_source_accelerator_view(), mine);
  const array<int, 2> copy = placed;  // a copy stays on its source's view (ARR-2)
  EXPECT_EQ((array_view<const int, 2>(copy).get_source_accelerator_view()), mine);

  array<int, 1> unplaced(4);
  const array_view<int, 1> uv = unplaced;
  EXPECT_EQ(uv.get_source_accelerator_view(), unplaced.get_accelerator_view());
  EXPECT_EQ(uv.get_source_accelerator_view(), accelerator().get_default_view());
}

// AV-14, PROJ-18: a view built from an extent alone has no data source; asking for it throws.
TEST(ArrayView, ViewWithoutADataSourceHasNoSourceAcceleratorView) {
  array_view<int, 2> v(2, 2);
  EXPECT_THROW((void)v.get_source_accelerator_view(), runtime_exception);
  try {
    (void)v.section(index<2>(0, 0), extent<2>(1, 1)).get_source_accelerator_view();
    FAIL();
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("no data source"), std::string::npos) << e.what();
  }
}

// ARR-9, ARR-10: assigning a view to an array copies the view's elements into it; extents must match.
TEST(Array, AssigningAViewCopiesItsElements) {
  const std::vector<int> src{1, 2, 3, 4, 5, 6};
  array_view<const int, 2> r(2, 3, src);
  const accelerator_view mine = accelerator("emulator").create_view();
  array<int, 2> a(2, 3, mine);
  a = r;
  EXPECT_EQ(std::vector<int>(a), src);
  EXPECT_EQ(a.get_accelerator_view(), mine);  // the array stays where it is
  std::vector<int> other{9, 8, 7, 6, 5, 4};
  array_view<int, 2> w(2, 3, other);
  a = w;  // a writable view converts
  EXPECT_EQ(a(1, 2), 4);
  other[0] = 100;  // the array holds a copy, not a view of other
  w.refresh();
  EXPECT_EQ(a(0, 0), 9);
  array<int, 2> wrong(3, 2);
  EXPECT_THROW(wrong = r, runtime_exception);
}

// ARR-6: a(i) on an array of rank 2 or more projects on dimension 0, like a[i]; on rank 1 it is the
// element.
TEST(Array, ParenthesesWithOneIntProjectLikeTheSubscript) {
  std::vector<int> src(2 * 3 * 4);
  std::iota(src.begin(), src.end(), 0);
  array<int, 3> a(extent<3>(2, 3, 4), src.begin(), src.end());
  static_assert(std::is_same_v<decltype(a(1)), array_view<int, 2>>);
  EXPECT_EQ(a(1)(2, 3), a(1, 2, 3));
  EXPECT_EQ(a(1)(2)(3), 23);
  a(0)(1, 1) = -5;
  EXPECT_EQ(a[0][1][1], -5);
  const array<int, 3>& ca = a;
  static_assert(std::is_same_v<decltype(ca(1)), array_view<const int, 2>>);
  EXPECT_EQ(ca(1)(0, 0), 12);
  array<int, 1> one(3, src.begin());
  one(2) = 42;
  EXPECT_EQ(one[2], 42);
}

// ARR-8: an array is dense at every rank, so view_as and reinterpret_as take any rank, row-major.
TEST(Array, ViewAsAndReinterpretAsWorkAtEveryRank) {
  std::vector<int> src(2 * 3 * 4);
  std::iota(src.begin(), src.end(), 0);
  array<int, 3> a(extent<3>(2, 3, 4), src.begin(), src.end());
  array_view<int, 2> m = a.view_as(extent<2>(6, 4));
  EXPECT_EQ(m(5, 3), 23);
  EXPECT_EQ(m(1, 0), a(0, 1, 0));
  m(4, 2) = -1;
  EXPECT_EQ(a(1, 1, 2), -1);
  array_view<int, 1> flat = a.view_as(extent<1>(24));
  EXPECT_EQ(flat[13], a(1, 0, 1));
  EXPECT_EQ(a.view_as(extent<2>(2, 5)).extent, extent<2>(2, 5));  // fewer elements is allowed
  EXPECT_THROW((void)a.view_as(extent<2>(5, 5)), runtime_exception);
  array_view<float, 1> bits = a.reinterpret_as<float>();
  EXPECT_EQ(bits.extent, extent<1>(24));
  const array<int, 3>& ca = a;
  static_assert(std::is_same_v<decltype(ca.view_as(extent<1>(24))), array_view<const int, 1>>);
  static_assert(std::is_same_v<decltype(ca.reinterpret_as<unsigned int>()), array_view<const unsigned int, 1>>);
  const int dims4[] = {2, 2, 2, 3}, at4[] = {1, 1, 1, 2};
  EXPECT_EQ(ca.view_as(extent<4>(dims4))[index<4>(at4)], 23);
}

}  // namespace
