// array::section(i0[, i1[, i2]], e0[, e1[, e2]]) (ARR-8): the int forms name the same elements as
// section(index, extent), and a kernel writing a section writes the array.
#include <tessera/conformance/case.hpp>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TESSERA_CASE(array_sections_from_ints_at_each_rank, "ARR-8,AV-10", expect::pass) {
  const auto in1 = ctx.random_ints(32, -100, 100);
  const auto in2 = ctx.random_ints(8 * 12, -100, 100);
  const auto in3 = ctx.random_ints(4 * 6 * 8, -100, 100);
  array<int, 1> a1(32, in1.begin());
  array<int, 2> a2(8, 12, in2.begin());
  array<int, 3> a3(4, 6, 8, in3.begin());
  array_view<int, 1> s1 = a1.section(8, 16);
  array_view<int, 2> s2 = a2.section(2, 4, 4, 8);
  array_view<int, 3> s3 = a3.section(1, 2, 4, 2, 4, 4);
  parallel_for_each(ctx.view(), s1.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { s1[t] = -s1[t]; });
  parallel_for_each(ctx.view(), s2.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) { s2[t] = -s2[t]; });
  parallel_for_each(ctx.view(), s3.extent.tile<1, 2, 4>(), [=] restrict_amp (tiled_index<1, 2, 4> t) { s3[t] = -s3[t]; });
  s1.synchronize();
  s2.synchronize();
  s3.synchronize();
  std::vector<int> w1(in1), w2(in2), w3(in3);
  for (int i = 8; i < 24; ++i) w1[i] = -w1[i];
  for (int i = 2; i < 6; ++i)
    for (int j = 4; j < 12; ++j) w2[i * 12 + j] = -w2[i * 12 + j];
  for (int i = 1; i < 3; ++i)
    for (int j = 2; j < 6; ++j)
      for (int k = 4; k < 8; ++k) w3[(i * 6 + j) * 8 + k] = -w3[(i * 6 + j) * 8 + k];
  ctx.output("rank1", std::vector<int>(a1), w1);
  ctx.output("rank2", std::vector<int>(a2), w2);
  ctx.output("rank3", std::vector<int>(a3), w3);
}

}  // namespace
