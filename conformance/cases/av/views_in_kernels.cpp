// Views made inside kernel code (C++ AMP programs take sections, projections, reinterpret_as and view_as
// there) address the elements of the view they come from, on every backend (AV-9, AV-10, ARR-8); and
// discard_data() no longer applies once the host writes new contents (AV-5).
#include <tessera/conformance/case.hpp>

#include <cstring>
#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// AV-10, AV-9: a 3-D int-argument section, a section of a section and a projection's section, each made
// by every thread of the kernel, write the parent's elements.
TESSERA_CASE(sections_and_projections_made_in_kernel_code, "AV-10,AV-9", expect::pass) {
  std::vector<int> cube(4 * 6 * 8, 0), grid(16 * 16, 0);
  array_view<int, 3> c(4, 6, 8, cube);
  array_view<int, 2> g(16, 16, grid);
  parallel_for_each(ctx.view(), extent<3>(2, 3, 4), [=] restrict_amp (index<3> i) {
    array_view<int, 3> s = c.section(1, 2, 3, 2, 3, 4);
    s[i] = 100 * i[0] + 10 * i[1] + i[2];
    if (i[2] == 0) {  // one writer per element of g
      array_view<int, 2> inner = g.section(2, 2, 12, 12).section(index<2>(4 * i[0], 4 * i[1]), extent<2>(4, 4));
      array_view<int, 1> row = inner[1];
      row.section(1, 3)[index<1>(0)] = 1 + 3 * i[0] + i[1];
    }
  });
  std::vector<int> want_cube(cube.size(), 0), want_grid(grid.size(), 0);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int k = 0; k < 4; ++k) {
        want_cube[((1 + a) * 6 + 2 + b) * 8 + 3 + k] = 100 * a + 10 * b + k;
      }
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b) want_grid[(2 + 4 * a + 1) * 16 + 2 + 4 * b + 1] = 1 + 3 * a + b;
  c.synchronize();
  g.synchronize();
  ctx.output("cube", cube, want_cube);
  ctx.output("grid", grid, want_grid);
}

// ARR-8, AV-15: reinterpret_as and view_as made in kernel code, and a view built there over data().
TESSERA_CASE(reinterpret_as_and_view_as_made_in_kernel_code, "ARR-8,AV-15,AV-11", expect::pass) {
  std::vector<float> raw(64, 0.0f);
  array_view<float, 1> flat(64, raw);
  parallel_for_each(ctx.view(), extent<2>(8, 8), [=] restrict_amp (index<2> i) {
    array_view<int, 2> bits = flat.reinterpret_as<int>().view_as(extent<2>(8, 8));
    bits[i] = 0x3f800000 + i[0];  // 1.0f and the floats just above it
  });
  parallel_for_each(ctx.view(), extent<1>(8), [=] restrict_amp (index<1> i) {
    array_view<float, 2> rows(8, 8, flat.data());
    rows(i[0], 7) = -rows(i[0], 0);
  });
  flat.synchronize();
  std::vector<float> want(64);
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < 8; ++k) {
      const int b = 0x3f800000 + r;
      float f;
      std::memcpy(&f, &b, sizeof f);
      want[r * 8 + k] = k == 7 ? -f : f;
    }
  ctx.output("floats", raw, want);
}

// AV-5: discard_data() followed by a host write through another view of the same data: the write is
// new contents, and the next kernel reads it.
TESSERA_CASE(host_write_after_discard_is_what_the_next_kernel_reads, "AV-5,AV-12", expect::pass) {
  std::vector<int> data(32);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 1> a(32, data);
  array_view<int, 1> b = a.section(8, 16);
  parallel_for_each(ctx.view(), a.extent, [=] restrict_amp (index<1> i) { a[i] += 100; });
  a.synchronize();
  a.discard_data();
  b[4] = -5;  // element 12
  std::vector<int> seen(1, 0);
  array_view<int, 1> s(1, seen);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) { s[0] = a[12] * 2; });
  s.synchronize();
  ctx.output("read", seen, std::vector<int>{-10});
}

}  // namespace
