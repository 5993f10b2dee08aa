// array_view and array (AV-*, ARR-*): aliasing, projections, sections, copies and their errors.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TEST(ArrayView, CopiesAliasTheSameData) {
  std::vector<int> data(10, 0);
  array_view<int, 1> a(10, data);
  array_view<int, 1> b = a;
  b[3] = 7;
  EXPECT_EQ(a[3], 7);
  EXPECT_EQ(data[3], 7);
}

TEST(ArrayView, IndexingIsRowMajorAndProjectionsMatchFullIndexing) {
  std::vector<int> data(4 * 5);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> v(4, 5, data);
  EXPECT_EQ(v(2, 3), 2 * 5 + 3);
  EXPECT_EQ(v[2][3], v(2, 3));
  EXPECT_EQ(v[index<2>(2, 3)], v(2, 3));
  std::vector<int> cube(3 * 4 * 5);
  std::iota(cube.begin(), cube.end(), 0);
  array_view<int, 3> c(3, 4, 5, cube);
  EXPECT_EQ(c[2][1][4], (2 * 4 + 1) * 5 + 4);
  EXPECT_EQ(c[1].extent, extent<2>(4, 5));
}

TEST(ArrayView, SectionOriginMapsToTheParentAsInTheSpecExample) {
  std::vector<int> data(100 * 100);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> v1(100, 100, data);
  auto s = v1.section(index<2>(15, 25), extent<2>(40, 50));
  EXPECT_EQ(s(0, 0), v1(15, 25));
  EXPECT_EQ(s(39, 49), v1(54, 74));
  auto row = s[3];
  EXPECT_EQ(row[4], v1(18, 29));
  auto tail = v1.section(index<2>(90, 90));
  EXPECT_EQ(tail.extent, extent<2>(10, 10));
}

TEST(ArrayView, SectionWrittenInAKernelShowsInTheParent) {
  std::vector<int> data(8 * 8, 0);
  array_view<int, 2> v(8, 8, data);
  auto s = v.section(index<2>(2, 2), extent<2>(4, 4));
  parallel_for_each(s.extent, [=](index<2> i) { s[i] = 1; });
  int ones = 0;
  for (int x : data) ones += x;
  EXPECT_EQ(ones, 16);
  EXPECT_EQ(data[2 * 8 + 2], 1);
  EXPECT_EQ(data[6 * 8 + 6], 0);
}

TEST(ArrayView, OutOfRangeSectionThrows) {
  std::vector<int> data(16);
  array_view<int, 2> v(4, 4, data);
  EXPECT_THROW(v.section(index<2>(2, 2), extent<2>(3, 1)), runtime_exception);
  EXPECT_THROW(v.section(index<2>(-1, 0), extent<2>(1, 1)), runtime_exception);
}

TEST(ArrayView, ConstViewConvertsFromWritableAndReads) {
  std::vector<float> data{1.5f, 2.5f};
  array_view<float, 1> w(2, data);
  array_view<const float, 1> r = w;
  EXPECT_EQ(r[1], 2.5f);
  static_assert(std::is_same_v<decltype(r[0]), const float&>);
}

TEST(ArrayView, ShortContainerIsRefused) {
  std::vector<int> data(5);
  EXPECT_THROW((array_view<int, 2>(2, 3, data)), runtime_exception);
}

TEST(ArrayView, ExtentOnlyViewIsWrittenByAKernelAndReadOnTheHost) {
  array_view<int, 1> v(32);
  parallel_for_each(v.extent, [=](index<1> i) { v[i] = i[0] * i[0]; });
  EXPECT_EQ(v[5], 25);
  EXPECT_EQ(v.data()[31], 961);
}

TEST(ArrayView, ReinterpretAndViewAsSeeTheSameBytes) {
  struct rgb {
    float r, g, b;
  };
  std::vector<rgb> pixels(4, rgb{1, 2, 3});
  array_view<rgb, 1> v(4, pixels);
  auto floats = v.reinterpret_as<float>();
  EXPECT_EQ(floats.extent[0], 12);
  EXPECT_EQ(floats[4], 2.0f);
  std::vector<int> flat(12);
  std::iota(flat.begin(), flat.end(), 0);
  auto m = array_view<int, 1>(12, flat).view_as(extent<2>(3, 4));
  EXPECT_EQ(m(2, 1), 9);
}

TEST(ArrayView, SynchronizeRefreshAndDiscardKeepTheHostCopyCoherent) {
  std::vector<int> data(4, 1);
  array_view<int, 1> v(4, data);
  parallel_for_each(v.extent, [=](index<1> i) { v[i] += 1; });
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(4, 2));
  data[0] = 10;
  v.refresh();
  EXPECT_EQ(v[0], 10);
  v.discard_data();
  parallel_for_each(v.extent, [=](index<1> i) { v[i] = 5; });
  EXPECT_EQ(data, std::vector<int>(4, 5));
}

TEST(Array, CopiesAreDeepAndMovesStealTheStorage) {
  array<int, 1> a(4);
  std::vector<int> src{1, 2, 3, 4};
  copy(src.begin(), src.end(), a);
  array<int, 1> b = a;
  b[0] = 100;
  EXPECT_EQ(a[0], 1);
  const int* storage = b.data();
  array<int, 1> c = std::move(b);
  EXPECT_EQ(c.data(), storage);
  EXPECT_EQ(c[0], 100);
}

TEST(Array, NonPositiveExtentAndShortRangeThrow) {
  EXPECT_THROW(array<int>(0), runtime_exception);
  EXPECT_THROW((array<int, 2>(2, -1)), runtime_exception);
  std::vector<int> three(3);
  EXPECT_THROW((array<int, 1>(4, three.begin(), three.end())), runtime_exception);
}

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

TEST(Copy, WorksInEveryDirectionAndRefusesMismatchedExtents) {
  std::vector<int> src{1, 2, 3, 4}, dst(4, 0), out;
  array<int, 1> a(4), b(4);
  copy(src.begin(), src.end(), a);
  copy(a, b);
  array_view<int, 1> v(4, dst);
  copy(b, v);
  EXPECT_EQ(dst, src);
  copy(v, std::back_inserter(out));
  EXPECT_EQ(out, src);
  std::vector<int> other(5);
  array_view<int, 1> w(5, other);
  EXPECT_THROW(copy(v, w), runtime_exception);
  array<int, 2> m(2, 2), n(2, 3);
  EXPECT_THROW(copy(m, n), runtime_exception);
  std::vector<int> short_range(2);
  EXPECT_THROW(copy(short_range.begin(), short_range.end(), v), runtime_exception);
}

TEST(Atomics, FetchIncReturnsAPermutationAcrossTilesAndCompareExchangeReportsTheReadValue) {
  std::vector<int> counter(1, 0), got(1024, -1);
  array_view<int, 1> c(1, counter), g(1024, got);
  parallel_for_each(g.extent.tile<64>(), [=](tiled_index<64> t) { g[t] = atomic_fetch_inc(&c[0]); });
  std::sort(got.begin(), got.end());
  for (int k = 0; k < 1024; ++k) ASSERT_EQ(got[k], k);
  int x = 5, expected = 3;
  EXPECT_FALSE(atomic_compare_exchange(&x, &expected, 9));
  EXPECT_EQ(expected, 5);
  EXPECT_TRUE(atomic_compare_exchange(&x, &expected, 9));
  EXPECT_EQ(x, 9);
  unsigned int u = 1;
  EXPECT_EQ(atomic_fetch_sub(&u, 1u), 1u);
  float f = 1.0f;
  EXPECT_EQ(atomic_exchange(&f, 2.0f), 1.0f);
}

}  // namespace
