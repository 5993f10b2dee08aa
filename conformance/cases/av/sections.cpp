// Sections (AV-10): section(origin, extent), section(origin) to the end, section(extent) from 0 and the
// int forms at ranks 1-3, sections of sections, written by kernels and seen by the parent.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// The spec's example: v1.section((15,25),(40,50)) has v1(15,25) at (0,0) and v1(54,74) at (39,49); a kernel
// negates the section and exactly that block of the parent changes.
TESSERA_CASE(section_origin_maps_to_the_parent, "AV-10", expect::pass) {
  constexpr int size = 100;
  auto data = ctx.random_ints(size * size, -1000, 1000);
  const auto src = data;
  array_view<int, 2> v1(size, size, data);
  array_view<int, 2> s = v1.section(index<2>(15, 25), extent<2>(40, 50));
  ctx.require(s(0, 0) == v1(15, 25) && s(39, 49) == v1(54, 74), "s(0,0) == v1(15,25) and s(39,49) == v1(54,74)");
  ctx.require(s.extent == extent<2>(40, 50), "the section's extent is the one asked for");
  parallel_for_each(ctx.view(), s.extent.tile<8, 10>(), [=] restrict_amp (tiled_index<8, 10> t) { s[t] = -s[t]; });
  v1.synchronize();
  std::vector<int> want(src);
  for (int r = 15; r < 55; ++r)
    for (int c = 25; c < 75; ++c) want[r * size + c] = -src[r * size + c];
  ctx.output("parent", data, want);
}

// section(origin) runs to the end and section(extent) starts at 0; the int forms at ranks 1, 2 and 3 equal
// the index/extent forms. Each section is marked by a kernel with its own value.
TESSERA_CASE(section_forms_at_each_rank, "AV-10", expect::pass) {
  std::vector<int> d1(30, 0), d2(6 * 8, 0), d3(4 * 4 * 6, 0);
  array_view<int, 1> v1(30, d1);
  array_view<int, 2> v2(6, 8, d2);
  array_view<int, 3> v3(4, 4, 6, d3);
  array_view<int, 1> s1a = v1.section(5, 10), s1b = v1.section(index<1>(20)), s1c = v1.section(extent<1>(3));
  array_view<int, 2> s2a = v2.section(1, 2, 2, 3), s2b = v2.section(index<2>(4, 5)), s2c = v2.section(extent<2>(1, 2));
  array_view<int, 3> s3a = v3.section(1, 1, 2, 2, 2, 3), s3b = v3.section(index<3>(3, 3, 4)), s3c = v3.section(extent<3>(1, 1, 2));
  parallel_for_each(ctx.view(), extent<1>(1).tile<1>(), [=] restrict_amp (tiled_index<1>) {
    for (int i = 0; i < s1a.extent[0]; ++i) s1a[i] = 1;
    for (int i = 0; i < s1b.extent[0]; ++i) s1b[i] = 2;
    for (int i = 0; i < s1c.extent[0]; ++i) s1c[i] = 3;
    for (int i = 0; i < s2a.extent[0]; ++i)
      for (int j = 0; j < s2a.extent[1]; ++j) s2a(i, j) = 1;
    for (int i = 0; i < s2b.extent[0]; ++i)
      for (int j = 0; j < s2b.extent[1]; ++j) s2b(i, j) = 2;
    for (int i = 0; i < s2c.extent[0]; ++i)
      for (int j = 0; j < s2c.extent[1]; ++j) s2c(i, j) = 3;
    for (int i = 0; i < s3a.extent[0]; ++i)
      for (int j = 0; j < s3a.extent[1]; ++j)
        for (int k = 0; k < s3a.extent[2]; ++k) s3a(i, j, k) = 1;
    for (int i = 0; i < s3b.extent[0]; ++i)
      for (int j = 0; j < s3b.extent[1]; ++j)
        for (int k = 0; k < s3b.extent[2]; ++k) s3b(i, j, k) = 2;
    for (int i = 0; i < s3c.extent[0]; ++i)
      for (int j = 0; j < s3c.extent[1]; ++j)
        for (int k = 0; k < s3c.extent[2]; ++k) s3c(i, j, k) = 3;
  });
  v1.synchronize();
  v2.synchronize();
  v3.synchronize();
  std::vector<int> w1(30, 0), w2(6 * 8, 0), w3(4 * 4 * 6, 0);
  for (int i = 5; i < 15; ++i) w1[i] = 1;
  for (int i = 20; i < 30; ++i) w1[i] = 2;
  for (int i = 0; i < 3; ++i) w1[i] = 3;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) {
      if (r >= 1 && r < 3 && c >= 2 && c < 5) w2[r * 8 + c] = 1;
      if (r >= 4 && c >= 5) w2[r * 8 + c] = 2;
      if (r < 1 && c < 2) w2[r * 8 + c] = 3;
    }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 6; ++k) {
        int& w = w3[(i * 4 + j) * 6 + k];
        if (i >= 1 && i < 3 && j >= 1 && j < 3 && k >= 2 && k < 5) w = 1;
        if (i >= 3 && j >= 3 && k >= 4) w = 2;
        if (i < 1 && j < 1 && k < 2) w = 3;
      }
  ctx.output("rank1", d1, w1);
  ctx.output("rank2", d2, w2);
  ctx.output("rank3", d3, w3);
  ctx.require(s1b.extent == extent<1>(10) && s2b.extent == extent<2>(2, 3) && s3b.extent == extent<3>(1, 1, 2),
              "section(origin) reaches the end of every dimension");
}

// A section of a section of a projection: origins add up, and a kernel writing the innermost view changes
// exactly its elements of the whole.
TESSERA_CASE(sections_of_sections_compose, "AV-10,AV-9", expect::pass) {
  constexpr int d0 = 3, d1 = 20, d2 = 24;
  std::vector<int> data(d0 * d1 * d2, 0);
  array_view<int, 3> v(d0, d1, d2, data);
  array_view<int, 2> plane = v[2];                                                     // (20,24), plane 2
  array_view<int, 2> outer = plane.section(index<2>(4, 6), extent<2>(12, 16));         // rows 4..15, cols 6..21
  array_view<int, 2> inner = outer.section(index<2>(2, 3), extent<2>(8, 8));           // rows 6..13, cols 9..16
  array_view<int, 2> innermost = inner.section(index<2>(4, 4));                        // rows 10..13, cols 13..16
  ctx.require(innermost.extent == extent<2>(4, 4), "section(origin) of an 8x8 section at (4,4) is 4x4");
  ctx.require(&innermost(0, 0) == &v(2, 10, 13), "the innermost (0,0) is the whole's (2,10,13)");
  parallel_for_each(ctx.view(), inner.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { inner[t] = 1; });
  parallel_for_each(ctx.view(), innermost.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) { innermost[t] += 10; });
  v.synchronize();
  std::vector<int> want(d0 * d1 * d2, 0);
  for (int r = 6; r < 14; ++r)
    for (int c = 9; c < 17; ++c) want[(2 * d1 + r) * d2 + c] = (r >= 10 && c >= 13) ? 11 : 1;
  ctx.output("whole", data, want);
}

// One launch per section: launch k works on sections k of an input and an output view, indexed from 0,
// and reverses its section (sections as the unit of work handed to kernels).
TESSERA_CASE(one_launch_per_section, "AV-10", expect::pass) {
  constexpr int tile = 16, tiles = 6, n = tile * tiles;
  const auto in = ctx.random_ints(n, -1000, 1000);
  std::vector<int> out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n, out);
  for (int k = 0; k < tiles; ++k) {
    array_view<const int, 1> src = a.section(k * tile, tile);
    array_view<int, 1> dst = o.section(k * tile, tile);
    parallel_for_each(ctx.view(), dst.extent.tile<tile>(), [=] restrict_amp (tiled_index<tile> t) {
      dst[t] = src[tile - 1 - t.local[0]] + k;
    });
  }
  o.synchronize();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) {
    const int k = i / tile, l = i % tile;
    want[i] = in[k * tile + tile - 1 - l] + k;
  }
  ctx.output("reversed_per_section", out, want);
}

}  // namespace
