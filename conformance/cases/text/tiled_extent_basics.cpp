// TEXT-1, TEXT-2, TEXT-4, TEXT-5: what a tiled_extent is (rank, base class, constructors, the tile
// constants, equality), checked at compile time and again in kernel code, where the same members run on
// the device.
#include <tessera/conformance/case.hpp>

#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace

// Rank 1, 2, 3 from the number of non-zero tile sizes; each derives from the extent of its rank.
static_assert(tiled_extent<16>::rank == 1 && tiled_extent<8, 8>::rank == 2 && tiled_extent<4, 4, 4>::rank == 3);
static_assert(std::is_base_of_v<extent<1>, tiled_extent<16>>);
static_assert(std::is_base_of_v<extent<2>, tiled_extent<8, 8>>);
static_assert(std::is_base_of_v<extent<3>, tiled_extent<4, 4, 4>>);
static_assert(!std::is_base_of_v<extent<3>, tiled_extent<8, 8>> && !std::is_base_of_v<extent<2>, tiled_extent<16>>);

// The tile constants: tile_dim1 only from rank 2, tile_dim2 only at rank 3.
template <class T>
concept has_dim1 = requires { T::tile_dim1; };
template <class T>
concept has_dim2 = requires { T::tile_dim2; };
static_assert(tiled_extent<64, 16, 4>::tile_dim0 == 64 && tiled_extent<64, 16, 4>::tile_dim1 == 16 &&
              tiled_extent<64, 16, 4>::tile_dim2 == 4);
static_assert(!has_dim1<tiled_extent<16>> && !has_dim2<tiled_extent<16>>);
static_assert(has_dim1<tiled_extent<8, 4>> && !has_dim2<tiled_extent<8, 4>>);
static_assert(has_dim1<tiled_extent<2, 3, 5>> && has_dim2<tiled_extent<2, 3, 5>>);
static_assert(tiled_extent<64, 16, 4>::tile_extent == extent<3>(64, 16, 4));
static_assert(tiled_extent<8, 4>::get_tile_extent() == extent<2>(8, 4));
static_assert(tiled_extent<16>::get_tile_extent() == extent<1>(16));

// Rank and base class: a tiled_extent is usable as the extent it derives from (its size and contains),
// in host and kernel code, at each rank.
TESSERA_CASE(rank_and_base_class, "TEXT-1", expect::pass) {
  std::vector<int> out(8, -1);
  array_view<int, 1> o(8, out);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) {
    const tiled_extent<4> t1 = extent<1>(12).tile<4>();
    const tiled_extent<4, 2> t2 = extent<2>(8, 6).tile<4, 2>();
    const tiled_extent<2, 2, 2> t3 = extent<3>(2, 4, 6).tile<2, 2, 2>();
    const extent<1>& b1 = t1;
    const extent<2>& b2 = t2;
    const extent<3>& b3 = t3;
    o[0] = t1.rank * 100 + t2.rank * 10 + t3.rank;
    o[1] = static_cast<int>(b1.size());
    o[2] = static_cast<int>(b2.size());
    o[3] = static_cast<int>(b3.size());
    o[4] = b1.contains(index<1>(11)) && !b1.contains(index<1>(12)) ? 1 : 0;
    o[5] = b2.contains(index<2>(7, 5)) && !b2.contains(index<2>(7, 6)) ? 1 : 0;
    o[6] = b3.contains(index<3>(1, 3, 5)) && !b3.contains(index<3>(2, 0, 0)) ? 1 : 0;
    o[7] = b3[0] * 100 + b3[1] * 10 + b3[2];
  });
  o.synchronize();
  ctx.output("values", out, std::vector<int>{123, 12, 48, 48, 1, 1, 1, 246});
}

// Constructors: default gives a zero extent; a copy is equal; an extent converts implicitly, so it can
// be passed where a tiled_extent is expected, including as a launch domain.
TESSERA_CASE(constructors_default_copy_and_from_extent, "TEXT-2", expect::pass) {
  const tiled_extent<16> d;
  const tiled_extent<4, 8> d2;
  const tiled_extent<2, 2, 2> d3;
  ctx.require(d[0] == 0 && d2[0] == 0 && d2[1] == 0 && d3[0] == 0 && d3[1] == 0 && d3[2] == 0,
              "a default tiled_extent is all zero");
  const tiled_extent<16> t = extent<1>(64);  // implicit conversion (TEXT-2)
  const tiled_extent<16> copy = t;
  ctx.require(copy == t && copy[0] == 64, "a copy keeps the extent");
  static_assert(std::is_convertible_v<extent<2>, tiled_extent<4, 8>>);
  std::vector<int> out(64, 0);
  array_view<int, 1> o(64, out);
  parallel_for_each(ctx.view(), copy, [=] restrict_amp (tiled_index<16> i) {
    const tiled_extent<16> z;
    const tiled_extent<16> c = extent<1>(48);
    o[i] = z[0] + c[0] + i.tile[0];
  });
  o.synchronize();
  std::vector<int> want(64);
  for (int i = 0; i < 64; ++i) want[i] = 48 + i / 16;
  ctx.output("values", out, want);
}

// tile_dim0/1/2 and tile_extent / get_tile_extent() give the template arguments, on the host and in
// kernel code, at ranks 1, 2 and 3.
TESSERA_CASE(tile_constants_and_tile_extent, "TEXT-4", expect::pass) {
  std::vector<int> out(12, -1);
  array_view<int, 1> o(12, out);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) {
    using t1 = tiled_extent<32>;
    using t2 = tiled_extent<8, 4>;
    using t3 = tiled_extent<64, 16, 1>;
    o[0] = t1::tile_dim0;
    o[1] = t1::get_tile_extent()[0];
    o[2] = t2::tile_dim0;
    o[3] = t2::tile_dim1;
    const extent<2> e2 = t2::get_tile_extent();
    o[4] = e2[0] * 10 + e2[1];
    o[5] = t3::tile_dim0;
    o[6] = t3::tile_dim1;
    o[7] = t3::tile_dim2;
    const extent<3> e3 = t3::get_tile_extent();
    o[8] = e3[0] * 10000 + e3[1] * 100 + e3[2];
    o[9] = static_cast<int>(e3.size());
    o[10] = static_cast<int>(e2.size());
    o[11] = (t3::get_tile_extent() == extent<3>(64, 16, 1)) ? 1 : 0;
  });
  o.synchronize();
  ctx.output("values", out, std::vector<int>{32, 32, 8, 4, 84, 64, 16, 1, 641601, 1024, 32, 1});
  ctx.output("host_tile_extent", tiled_extent<64, 16, 4>::tile_extent[0] * 10000 + tiled_extent<64, 16, 4>::tile_extent[1] * 100 +
                                     tiled_extent<64, 16, 4>::tile_extent[2],
             641604);
}

// == and != compare the extents (the tile sizes are part of the type).
TESSERA_CASE(equality_compares_the_extents, "TEXT-5", expect::pass) {
  const auto in = ctx.random_ints(256 * 4, 1, 3);  // small: equal pairs happen often
  std::vector<int> out(256 * 2, -1);
  array_view<const int, 2> a(256, 4, in);
  array_view<int, 2> o(256, 2, out);
  parallel_for_each(ctx.view(), extent<1>(256), [=] restrict_amp (index<1> i) {
    const int r = i[0];
    const tiled_extent<2, 2> x = extent<2>(a(r, 0), a(r, 1)), y = extent<2>(a(r, 2), a(r, 3));
    o(r, 0) = (x == y) ? 1 : 0;
    o(r, 1) = (x != y) ? 1 : 0;
  });
  o.synchronize();
  std::vector<int> want;
  for (int r = 0; r < 256; ++r) {
    const bool eq = in[r * 4] == in[r * 4 + 2] && in[r * 4 + 1] == in[r * 4 + 3];
    want.push_back(eq ? 1 : 0);
    want.push_back(eq ? 0 : 1);
  }
  ctx.output("equal", out, want);
  ctx.require(extent<3>(4, 4, 4).tile<2, 2, 2>() == tiled_extent<2, 2, 2>(extent<3>(4, 4, 4)), "same extents are equal");
}

}  // namespace
