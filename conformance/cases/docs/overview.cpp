// The C++ AMP Overview's programs (MS Learn, "C++ AMP Overview"; the project's ports are in examples/),
// each launched on the backend under test with its documented output as the oracle. Porting changes, as
// in examples/: restrict_amp before the parameter list, tessera::index, and arrays reached in kernels
// through an array_view captured by value instead of capturing the array by reference.
#include <tessera/conformance/case.hpp>

namespace {
using namespace tessera;
using tessera::index;

// CppAmpMethod: {1,2,3,4,5} + {6,7,8,9,10}, one thread per element of sum; documented 7, 9, 11, 13, 15.
TESSERA_CASE(overview_element_wise_add, "PFE-1,AV-2,AV-5", expect::pass) {
  constexpr int size = 5;
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[size];
  array_view<const int, 1> a(size, aCPP);
  array_view<const int, 1> b(size, bCPP);
  array_view<int, 1> sum(size, sumCPP);
  sum.discard_data();
  parallel_for_each(ctx.view(), sum.extent, [=] restrict_amp (index<1> idx) { sum[idx] = a[idx] + b[idx]; });
  std::vector<int> got;
  for (int i = 0; i < size; i++) got.push_back(sum[i]);  // reading sum on the host brings the results back
  ctx.output("sum", got, std::vector<int>{7, 9, 11, 13, 15});
}

// AddElements: the kernel body in a separate restrict_amp function (AddArraysWithFunction).
restrict_amp void AddElements(index<1> idx, array_view<int, 1> sum, array_view<int, 1> a, array_view<int, 1> b) {
  sum[idx] = a[idx] + b[idx];
}

// AddArraysWithFunction: the lambda calls a named amp function; the same documented sums.
TESSERA_CASE(overview_add_with_kernel_function, "PFE-1,PFE-7", expect::pass) {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[5] = {0, 0, 0, 0, 0};
  array_view<int, 1> a(5, aCPP);
  array_view<int, 1> b(5, bCPP);
  array_view<int, 1> sum(5, sumCPP);
  parallel_for_each(ctx.view(), sum.extent, [=] restrict_amp (index<1> idx) { AddElements(idx, sum, a, b); });
  sum.synchronize();
  ctx.output("sum", std::vector<int>(sumCPP, sumCPP + 5), std::vector<int>{7, 9, 11, 13, 15});
}

// "array Class": an array made from a vector {0,...,4}, every element times 10 on the accelerator, then
// copied back with the vector conversion: 0 10 20 30 40.
TESSERA_CASE(overview_array_times_ten, "ARR-2,ARR-9,PFE-1", expect::pass) {
  std::vector<int> data(5);
  for (int count = 0; count < 5; count++) data[count] = count;
  array<int, 1> a(5, data.begin(), data.end());
  array_view<int, 1> av = a;  // porting change: the docs capture `a` by reference ([=, &a])
  parallel_for_each(ctx.view(), a.extent, [=] restrict_amp (index<1> idx) { av[idx] = av[idx] * 10; });
  data = a;
  ctx.output("data", data, std::vector<int>{0, 10, 20, 30, 40});
}

// "index Class": a[index<1>(2)] of {1..5} is 3; a[index<2>(1,2)] of a 2x3 view is 6; a[index<3>(0,1,3)]
// of a 2x3x4 view is 8. Read here by one kernel thread each (IDX-5: dimension 0 most significant).
TESSERA_CASE(overview_index_examples_read_3_6_8, "IDX-1,IDX-5,AV-9", expect::pass) {
  int a1[] = {1, 2, 3, 4, 5};
  int a2[] = {1, 2, 3, 4, 5, 6};
  int a3[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  array_view<const int, 1> v1(5, a1);
  array_view<const int, 2> v2(2, 3, a2);
  array_view<const int, 3> v3(2, 3, 4, a3);
  std::vector<int> got(3, 0);
  array_view<int, 1> out(3, got);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) {
    out[0] = v1[index<1>(2)];
    out[1] = v2[index<2>(1, 2)];
    out[2] = v3[index<3>(0, 1, 3)];
  });
  out.synchronize();
  ctx.output("elements", got, std::vector<int>{3, 6, 8});
}

// "extent Class": a 2x3x4 view (built from extent<3>(2,3,4)) has 4 columns, 3 rows and depth 2, as seen
// by kernel code too.
TESSERA_CASE(overview_extent_of_a_2x3x4_view, "EXT-1,IDX-5,AV-2", expect::pass) {
  int aCPP[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  extent<3> e(2, 3, 4);
  array_view<const int, 3> a(e, aCPP);
  std::vector<int> got(4, 0);
  array_view<int, 1> out(4, got);
  parallel_for_each(ctx.view(), extent<1>(1), [=] restrict_amp (index<1>) {
    out[0] = a.extent[2];  // columns
    out[1] = a.extent[1];  // rows
    out[2] = a.extent[0];  // depth
    out[3] = a.extent.size();
  });
  out.synchronize();
  ctx.output("columns_rows_depth_size", got, std::vector<int>{4, 3, 2, 24});
}

// "Tiles and Barriers" (also the tile_static keyword page): the 4x6 sample in 2x2 tiles, each element
// replaced by its tile's integer mean. The docs store at nums[local[1]][local[0]] (transposed); only the
// sum of all four is read. Documented: 3 3 8 8 3 3 / 3 3 8 8 3 3 / 5 5 2 2 4 4 / 5 5 2 2 4 4.
TESSERA_CASE(overview_tile_average_4x6_in_2x2_tiles, "TS-2,BAR-2,TIDX-1", expect::pass) {
  int sampledata[] = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};
  int averagedata[24] = {};
  array_view<int, 2> sample(4, 6, sampledata);
  array_view<int, 2> average(4, 6, averagedata);
  parallel_for_each(ctx.view(), sample.extent.tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> idx) {
    tile_static int nums[2][2];
    nums[idx.local[1]][idx.local[0]] = sample[idx.global];
    idx.barrier.wait();
    int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
    average[idx.global] = sum / 4;
  });
  std::vector<int> got;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++) got.push_back(average(i, j));
  ctx.output("averages", got, std::vector<int>{3, 3, 8, 8, 3, 3, 3, 3, 8, 8, 3, 3, 5, 5, 2, 2, 4, 4, 5, 5, 2, 2, 4, 4});
}

}  // namespace
