// index, extent, tiled_extent and tiled_index as values (IDX-1..IDX-5, EXT-1..EXT-4, TEXT-1..TEXT-5,
// TIDX-1, TIDX-4, BAR-1, PFE-2), including what must not compile: those are requires-expressions and
// static_asserts here, and launches that must not compile are in compile_fail/.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {
using namespace tessera;
using tessera::index;

template <class T>
concept tile1_on = requires(T e) { e.template tile<4>(); };
template <class T>
concept tile2_on = requires(T e) { e.template tile<4, 4>(); };
template <class T>
concept tile3_on = requires(T e) { e.template tile<4, 4, 4>(); };
template <class T>
concept has_tile_dim1 = requires { T::tile_dim1; };
template <class T>
concept has_tile_dim2 = requires { T::tile_dim2; };

// IDX-1: component 0 is the most significant; components may be negative.
TEST(Index, ComponentZeroIsMostSignificantAndNegativesRoundTrip) {
  index<3> i(2, 0, 4);
  EXPECT_EQ(i[0], 2);
  EXPECT_EQ(i[1], 0);
  EXPECT_EQ(i[2], 4);
  i[1] = -7;  // IDX-3: operator[] writes
  EXPECT_EQ(i[1], -7);
  EXPECT_EQ(i, index<3>(2, -7, 4));
  EXPECT_EQ(index<3>::rank, 3);
}

// IDX-2: the default constructor zeroes every component.
TEST(Index, DefaultConstructedIsAllZero) {
  EXPECT_EQ(index<2>(), index<2>(0, 0));
  const index<3> z;
  EXPECT_EQ(z[0] | z[1] | z[2], 0);
}

// IDX-2: the (i0[,i1[,i2]]) constructors exist only for exactly N components; any N > 0 is valid (IDX-1).
TEST(Index, ConstructorsTakeExactlyRankComponents) {
  static_assert(!std::is_constructible_v<index<2>, int>);
  static_assert(!std::is_constructible_v<index<1>, int, int>);
  static_assert(!std::is_constructible_v<index<3>, int, int>);
  static_assert(std::is_constructible_v<index<3>, int, int, int>);
  // Rank 4 and above take an int array only (C++ AMP has no coordinate constructor beyond rank 3).
  static_assert(!std::is_constructible_v<index<4>, int, int, int, int>);
  static_assert(!std::is_constructible_v<extent<4>, int, int, int, int>);
  static_assert(!std::is_constructible_v<index<2>, std::nullptr_t>);
  const int c[3] = {1, 2, 3};
  EXPECT_EQ(index<3>(c), index<3>(1, 2, 3));
  const int c4[] = {1, 2, 3, 4};
  const index<4> four(c4);
  EXPECT_EQ(four[3], 4);
}

// IDX-4: + - * / % work component by component, with the scalar on either side.
TEST(Index, ArithmeticIsComponentWiseWithTheScalarOnEitherSide) {
  EXPECT_EQ(index<2>(3, 4) + index<2>(1, 2), index<2>(4, 6));
  EXPECT_EQ(index<2>(3, 4) - index<2>(1, 2), index<2>(2, 2));
  EXPECT_EQ(index<2>(3, 4) + 1, index<2>(4, 5));
  EXPECT_EQ(index<2>(3, 4) - 1, index<2>(2, 3));
  EXPECT_EQ(index<2>(3, 4) * 2, index<2>(6, 8));
  EXPECT_EQ(index<2>(7, 9) / 2, index<2>(3, 4));
  EXPECT_EQ(index<2>(7, 9) % 4, index<2>(3, 1));
  EXPECT_EQ(1 + index<2>(3, 4), index<2>(4, 5));
  EXPECT_EQ(10 - index<2>(2, 3), index<2>(8, 7));
  EXPECT_EQ(2 * index<2>(3, 4), index<2>(6, 8));
  EXPECT_EQ(12 / index<2>(3, 4), index<2>(4, 3));
  EXPECT_EQ(7 % index<2>(2, 3), index<2>(1, 1));
  EXPECT_EQ(index<2>(-3, 4) * -1, index<2>(3, -4));
  EXPECT_NE(index<2>(1, 2), index<2>(2, 1));
  EXPECT_FALSE(index<2>(1, 2) != index<2>(1, 2));
}

// IDX-4: the same arithmetic is usable in constant expressions.
TEST(Index, ArithmeticWorksAtCompileTime) {
  static_assert(7 % index<2>(2, 3) == index<2>(1, 1));
  static_assert(index<3>(1, 2, 3) * 2 - 1 == index<3>(1, 3, 5));
  static_assert(index<2>(4, 6) != index<2>(4, 7));
  constexpr index<2> i = 12 / index<2>(3, 4);
  EXPECT_EQ(i, index<2>(4, 3));
}

// IDX-4: compound forms and ++/-- behave like *this = *this op 1 on every component.
TEST(Index, IncrementDecrementAndCompoundFormsChangeEveryComponent) {
  index<2> i(3, 4);
  EXPECT_EQ(i++, index<2>(3, 4));
  EXPECT_EQ(i, index<2>(4, 5));
  EXPECT_EQ(--i, index<2>(3, 4));
  EXPECT_EQ(++i, index<2>(4, 5));
  EXPECT_EQ(i--, index<2>(4, 5));
  EXPECT_EQ(i, index<2>(3, 4));
  i += 5;
  EXPECT_EQ(i, index<2>(8, 9));
  i -= index<2>(1, 2);
  EXPECT_EQ(i, index<2>(7, 7));
  i += index<2>(1, 0);
  EXPECT_EQ(i, index<2>(8, 7));
  i *= 3;
  EXPECT_EQ(i, index<2>(24, 21));
  i /= 2;
  EXPECT_EQ(i, index<2>(12, 10));
  i %= 7;
  EXPECT_EQ(i, index<2>(5, 3));
  i -= 6;
  EXPECT_EQ(i, index<2>(-1, -3));
}

// IDX-2, EXT-1: index and extent take `const int[]` and `int[]` (the first N ints) at any rank, at
// compile time too; the coordinate forms stop at rank 3.
TEST(Index, AndExtentAreBuiltFromIntArraysAtAnyRank) {
  int m[5] = {5, 4, 3, 2, 1};
  const int c[5] = {1, 2, 3, 4, 5};
  const index<5> i5(m);
  const extent<5> e5(c);
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(i5[k], 5 - k);
    EXPECT_EQ(e5[k], k + 1);
  }
  EXPECT_EQ(extent<5>(m).size(), 120u);
  EXPECT_EQ(index<2>(c), index<2>(1, 2));
  EXPECT_EQ(extent<3>(m), extent<3>(5, 4, 3));
  static constexpr int k[4] = {2, 3, 4, 5};
  static_assert(extent<4>(k).size() == 120u);
  static_assert(index<4>(k)[3] == 5);
  static_assert(!std::is_convertible_v<const int*, index<3>>, "the array form is explicit");
  static_assert(!std::is_constructible_v<extent<3>, int, int, int, int>);
  static_assert(!std::is_constructible_v<extent<5>, int, int, int, int, int>);
}

// EXT-1, EXT-2: size() is the product of the components.
TEST(Extent, SizeIsTheProductOfTheComponents) {
  EXPECT_EQ(extent<3>(7, 5, 3).size(), 105u);
  EXPECT_EQ(extent<1>(9).size(), 9u);
  EXPECT_EQ(extent<2>(4, 6).size(), 24u);
  const int dims4[] = {2, 3, 4, 5};
  EXPECT_EQ(extent<4>(dims4).size(), 120u);
  EXPECT_EQ(extent<2>().size(), 0u);
}

// EXT-2: contains() is true exactly when 0 <= idx[i] < ext[i] for every i: all four corners are inside,
// -1 and ext[i] on each axis are outside.
TEST(Extent, ContainsIsTrueAtEveryCornerAndFalseJustOutside) {
  const extent<2> e(4, 6);
  EXPECT_TRUE(e.contains(index<2>(0, 0)));
  EXPECT_TRUE(e.contains(index<2>(0, 5)));
  EXPECT_TRUE(e.contains(index<2>(3, 0)));
  EXPECT_TRUE(e.contains(index<2>(3, 5)));
  EXPECT_FALSE(e.contains(index<2>(4, 5)));
  EXPECT_FALSE(e.contains(index<2>(3, 6)));
  EXPECT_FALSE(e.contains(index<2>(-1, 0)));
  EXPECT_FALSE(e.contains(index<2>(0, -1)));
  EXPECT_FALSE(e.contains(index<2>(4, 6)));
  const extent<3> c(7, 5, 3);
  EXPECT_TRUE(c.contains(index<3>(6, 4, 2)));
  EXPECT_FALSE(c.contains(index<3>(6, 4, 3)));
  EXPECT_FALSE(extent<1>(0).contains(index<1>(0)));
}

// EXT-4: arithmetic follows index: extent +- extent, extent +- index, scalars, compound forms, ++/--.
TEST(Extent, ArithmeticFollowsIndex) {
  EXPECT_EQ(extent<2>(4, 6) / 2, extent<2>(2, 3));
  EXPECT_EQ(extent<2>(4, 6) * 2, extent<2>(8, 12));
  EXPECT_EQ(2 * extent<2>(4, 6), extent<2>(8, 12));
  EXPECT_EQ(13 % extent<2>(4, 6), extent<2>(1, 1));
  EXPECT_EQ(extent<2>(4, 6) + index<2>(1, 1), extent<2>(5, 7));
  EXPECT_EQ(extent<2>(4, 6) - index<2>(1, 2), extent<2>(3, 4));
  EXPECT_EQ(extent<2>(4, 6) - extent<2>(1, 2), extent<2>(3, 4));
  EXPECT_EQ(extent<2>(4, 6) + extent<2>(1, 2), extent<2>(5, 8));
  EXPECT_NE(extent<2>(4, 6), extent<2>(6, 4));
  extent<1> e(3);
  ++e;
  EXPECT_EQ(e, extent<1>(4));
  EXPECT_EQ(e--, extent<1>(4));
  EXPECT_EQ(e, extent<1>(3));
  e += index<1>(2);
  EXPECT_EQ(e, extent<1>(5));
  e *= 4;
  EXPECT_EQ(e, extent<1>(20));
  static_assert(extent<2>(4, 6) / 2 == extent<2>(2, 3));
}

// EXT-3, PFE-2: tile<D0>() exists only on extent<1>, tile<D0,D1>() only on extent<2>, tile<D0,D1,D2>()
// only on extent<3>; there is no tiling of rank 4.
TEST(Extent, TileExistsOnlyForTheMatchingRank) {
  static_assert(tile1_on<extent<1>>);
  static_assert(!tile1_on<extent<2>>);  // extent<2>().tile<4>() does not compile
  static_assert(!tile1_on<extent<3>>);
  static_assert(tile2_on<extent<2>>);
  static_assert(!tile2_on<extent<1>>);
  static_assert(!tile2_on<extent<3>>);
  static_assert(tile3_on<extent<3>>);
  static_assert(!tile3_on<extent<2>>);
  static_assert(!tile1_on<extent<4>> && !tile2_on<extent<4>> && !tile3_on<extent<4>>);
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(64).tile<16>()), extent<1>(64));
}

// TEXT-1: the primary template derives from extent<3>; <D0,D1> from extent<2>, <D0> from extent<1>.
TEST(TiledExtent, RankAndBaseFollowTheTemplateArguments) {
  static_assert(std::is_base_of_v<extent<2>, tiled_extent<8, 8>>);
  static_assert(std::is_base_of_v<extent<1>, tiled_extent<8>>);
  static_assert(std::is_base_of_v<extent<3>, tiled_extent<64, 16, 4>>);
  static_assert(!std::is_base_of_v<extent<3>, tiled_extent<8, 8>>);
  EXPECT_EQ(tiled_extent<8>::rank, 1);
  EXPECT_EQ((tiled_extent<8, 8>::rank), 2);
  EXPECT_EQ((tiled_extent<64, 16, 4>::rank), 3);
}

// TEXT-4: tile_dim0/1/2 hold the template arguments and exist only for the ranks that have them;
// tile_extent / get_tile_extent() give the tile's shape.
TEST(TiledExtent, TileConstantsAndTileExtentFollowTheTemplateArguments) {
  static_assert(tiled_extent<64, 16, 4>::tile_dim0 == 64);
  static_assert(tiled_extent<64, 16, 4>::tile_dim1 == 16);
  static_assert(tiled_extent<64, 16, 4>::tile_dim2 == 4);
  static_assert(tiled_extent<8, 2>::tile_dim0 == 8 && tiled_extent<8, 2>::tile_dim1 == 2);
  static_assert(tiled_extent<32>::tile_dim0 == 32);
  static_assert(!has_tile_dim1<tiled_extent<32>> && !has_tile_dim2<tiled_extent<32>>);
  static_assert(has_tile_dim1<tiled_extent<8, 2>> && !has_tile_dim2<tiled_extent<8, 2>>);
  static_assert(has_tile_dim2<tiled_extent<64, 16, 4>>);
  EXPECT_EQ((tiled_extent<64, 16, 4>::tile_extent), extent<3>(64, 16, 4));
  EXPECT_EQ((tiled_extent<8, 2>::tile_extent), extent<2>(8, 2));
  EXPECT_EQ(tiled_extent<32>::get_tile_extent(), extent<1>(32));
}

// TEXT-3: pad() rounds every dimension up to a multiple of its tile size, truncate() rounds down; both
// keep the tile sizes; an already divisible extent is unchanged.
TEST(TiledExtent, PadRoundsUpAndTruncateRoundsDown) {
  const auto t = extent<2>(20, 24).tile<8, 8>();
  EXPECT_EQ(static_cast<extent<2>>(t.pad()), extent<2>(24, 24));
  EXPECT_EQ(static_cast<extent<2>>(t.truncate()), extent<2>(16, 24));
  static_assert(std::is_same_v<decltype(t.pad()), tiled_extent<8, 8>>);
  static_assert(std::is_same_v<decltype(t.truncate()), tiled_extent<8, 8>>);
  const auto exact = extent<2>(16, 24).tile<8, 8>();
  EXPECT_EQ(exact.pad(), exact);
  EXPECT_EQ(exact.truncate(), exact);
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(100).tile<32>().pad()), extent<1>(128));
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(100).tile<32>().truncate()), extent<1>(96));
  EXPECT_EQ(static_cast<extent<3>>(extent<3>(5, 9, 13).tile<2, 4, 8>().pad()), extent<3>(6, 12, 16));
  EXPECT_EQ(static_cast<extent<3>>(extent<3>(5, 9, 13).tile<2, 4, 8>().truncate()), extent<3>(4, 8, 8));
  static_assert(extent<2>(20, 24).tile<8, 8>().pad() == tiled_extent<8, 8>(extent<2>(24, 24)));
}

// TEXT-2, TEXT-5: default is a zero extent; conversion from extent<N> is implicit; == compares extents.
TEST(TiledExtent, ConvertsImplicitlyFromAnExtentAndComparesByExtent) {
  tiled_extent<16> t = extent<1>(64);
  EXPECT_EQ(t[0], 64);
  EXPECT_EQ(t, (tiled_extent<16>(extent<1>(64))));
  EXPECT_NE(t, (tiled_extent<16>(extent<1>(32))));
  EXPECT_EQ(static_cast<extent<2>>(tiled_extent<4, 4>()), extent<2>(0, 0));
  const tiled_extent<16> copy = t;
  EXPECT_EQ(copy, t);
}

// TIDX-1: rank, tile_dim constants and tile_extent of tiled_index.
TEST(TiledIndex, RankAndTileConstantsFollowTheTemplateArguments) {
  static_assert(tiled_index<16>::rank == 1 && tiled_index<16, 16>::rank == 2 && tiled_index<4, 4, 4>::rank == 3);
  static_assert(tiled_index<8, 4>::tile_dim0 == 8 && tiled_index<8, 4>::tile_dim1 == 4);
  static_assert(!has_tile_dim1<tiled_index<8>> && !has_tile_dim2<tiled_index<8, 4>>);
  static_assert(std::is_same_v<tiled_index<8, 4>::index_type, index<2>>);
  EXPECT_EQ((tiled_index<8, 4, 2>::tile_extent), extent<3>(8, 4, 2));
}

// TIDX-4: no default constructor; a tiled_index built by the user keeps exactly the values it was given,
// even ones that break the TIDX-2 identities; it converts to its global index (TIDX-3).
TEST(TiledIndex, KeepsTheFivePartsItWasBuiltFrom) {
  static_assert(!std::is_default_constructible_v<tiled_index<4>>);
  const auto model = detail::make_tiled_index<2, 2, 0>(index<2>(0, 0), index<2>(0, 0));
  const tiled_index<2, 2> t(index<2>(9, 9), index<2>(1, 1), index<2>(3, 3), index<2>(7, 7), model.barrier);
  EXPECT_EQ(t.global, index<2>(9, 9));
  EXPECT_EQ(t.local, index<2>(1, 1));
  EXPECT_EQ(t.tile, index<2>(3, 3));
  EXPECT_EQ(t.tile_origin, index<2>(7, 7));
  EXPECT_EQ(static_cast<index<2>>(t), index<2>(9, 9));
}

// BAR-1: only the runtime makes a tile_barrier; it can be copied but not default-made or assigned.
TEST(TileBarrier, CannotBeMadeOrAssignedByUsers) {
  static_assert(!std::is_default_constructible_v<tile_barrier>);
  static_assert(!std::is_copy_assignable_v<tile_barrier>);
  static_assert(!std::is_move_assignable_v<tile_barrier>);
  static_assert(std::is_copy_constructible_v<tile_barrier>);
  const auto t = detail::make_tiled_index<4, 0, 0>(index<1>(1), index<1>(2));
  const tile_barrier copy = t.barrier;
  (void)copy;
  EXPECT_EQ(t.global, index<1>(6));
}

}  // namespace
