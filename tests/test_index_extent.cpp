// index, extent and tiled_extent arithmetic (IDX-1..5, EXT-1..4, TEXT-1..5), including what must not compile.
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

TEST(Index, ComponentZeroIsMostSignificantAndNegativesRoundTrip) {
  index<3> i(2, 0, 4);
  EXPECT_EQ(i[0], 2);
  EXPECT_EQ(i[2], 4);
  i[1] = -7;
  EXPECT_EQ(i[1], -7);
  EXPECT_EQ(index<2>(), index<2>(0, 0));
}

TEST(Index, ConstructorsTakeExactlyRankComponents) {
  static_assert(!std::is_constructible_v<index<2>, int>);
  static_assert(!std::is_constructible_v<index<1>, int, int>);
  static_assert(std::is_constructible_v<index<3>, int, int, int>);
  const int c[3] = {1, 2, 3};
  EXPECT_EQ(index<3>(c), index<3>(1, 2, 3));
}

TEST(Index, ArithmeticIsComponentWiseWithTheScalarOnEitherSide) {
  EXPECT_EQ(index<2>(3, 4) + index<2>(1, 2), index<2>(4, 6));
  EXPECT_EQ(index<2>(3, 4) - index<2>(1, 2), index<2>(2, 2));
  EXPECT_EQ(index<2>(3, 4) * 2, index<2>(6, 8));
  EXPECT_EQ(2 * index<2>(3, 4), index<2>(6, 8));
  EXPECT_EQ(index<2>(7, 9) / 2, index<2>(3, 4));
  EXPECT_EQ(7 % index<2>(2, 3), index<2>(1, 1));
  EXPECT_EQ(10 - index<2>(2, 3), index<2>(8, 7));
  EXPECT_NE(index<2>(1, 2), index<2>(2, 1));
}

TEST(Index, IncrementAndDecrementChangeEveryComponent) {
  index<2> i(3, 4);
  EXPECT_EQ(i++, index<2>(3, 4));
  EXPECT_EQ(i, index<2>(4, 5));
  EXPECT_EQ(--i, index<2>(3, 4));
  i += 5;
  EXPECT_EQ(i, index<2>(8, 9));
  i %= 4;
  EXPECT_EQ(i, index<2>(0, 1));
}

TEST(Extent, SizeIsTheProductAndContainsChecksEveryComponent) {
  EXPECT_EQ(extent<3>(7, 5, 3).size(), 105u);
  const extent<2> e(4, 6);
  EXPECT_TRUE(e.contains(index<2>(0, 0)));
  EXPECT_TRUE(e.contains(index<2>(3, 5)));
  EXPECT_FALSE(e.contains(index<2>(4, 5)));
  EXPECT_FALSE(e.contains(index<2>(3, 6)));
  EXPECT_FALSE(e.contains(index<2>(-1, 0)));
}

TEST(Extent, ArithmeticFollowsIndex) {
  EXPECT_EQ(extent<2>(4, 6) / 2, extent<2>(2, 3));
  EXPECT_EQ(extent<2>(4, 6) + index<2>(1, 1), extent<2>(5, 7));
  EXPECT_EQ(extent<2>(4, 6) - extent<2>(1, 2), extent<2>(3, 4));
  extent<1> e(3);
  ++e;
  EXPECT_EQ(e, extent<1>(4));
}

TEST(Extent, TileExistsOnlyForTheMatchingRank) {
  static_assert(tile1_on<extent<1>>);
  static_assert(!tile1_on<extent<2>>);
  static_assert(tile2_on<extent<2>>);
  static_assert(!tile2_on<extent<3>>);
  SUCCEED();
}

TEST(TiledExtent, RankBaseAndTileConstantsFollowTheTemplateArguments) {
  static_assert(std::is_base_of_v<extent<2>, tiled_extent<8, 8>>);
  static_assert(std::is_base_of_v<extent<1>, tiled_extent<8>>);
  static_assert(std::is_base_of_v<extent<3>, tiled_extent<64, 16, 4>>);
  static_assert(tiled_extent<64, 16, 4>::tile_dim0 == 64 && tiled_extent<64, 16, 4>::tile_dim2 == 4);
  EXPECT_EQ((tiled_extent<64, 16, 4>::tile_extent), extent<3>(64, 16, 4));
  EXPECT_EQ(tiled_extent<8>::rank, 1);
  EXPECT_EQ((tiled_extent<8, 8>::rank), 2);
}

TEST(TiledExtent, PadRoundsUpAndTruncateRoundsDown) {
  const auto t = extent<2>(20, 24).tile<8, 8>();
  EXPECT_EQ(static_cast<extent<2>>(t.pad()), extent<2>(24, 24));
  EXPECT_EQ(static_cast<extent<2>>(t.truncate()), extent<2>(16, 24));
  const auto exact = extent<2>(16, 24).tile<8, 8>();
  EXPECT_EQ(exact.pad(), exact);
  EXPECT_EQ(exact.truncate(), exact);
}

TEST(TiledExtent, ConvertsImplicitlyFromAnExtentAndComparesByExtent) {
  tiled_extent<16> t = extent<1>(64);
  EXPECT_EQ(t[0], 64);
  EXPECT_EQ(t, (tiled_extent<16>(extent<1>(64))));
  EXPECT_NE(t, (tiled_extent<16>(extent<1>(32))));
}

TEST(TiledIndex, KeepsTheFivePartsItWasBuiltFrom) {
  const auto model = detail::make_tiled_index<2, 2, 0>(index<2>(0, 0), index<2>(0, 0));
  const tiled_index<2, 2> t(index<2>(9, 9), index<2>(1, 1), index<2>(3, 3), index<2>(7, 7), model.barrier);
  EXPECT_EQ(t.global, index<2>(9, 9));
  EXPECT_EQ(t.tile_origin, index<2>(7, 7));
  EXPECT_EQ(static_cast<index<2>>(t), index<2>(9, 9));
}

TEST(TileBarrier, CannotBeMadeOrAssignedByUsers) {
  static_assert(!std::is_default_constructible_v<tile_barrier>);
  static_assert(!std::is_copy_assignable_v<tile_barrier>);
  static_assert(std::is_copy_constructible_v<tile_barrier>);
  SUCCEED();
}

}  // namespace
