// copy_async in every direction copy takes (ARR-9, PROJ-17), assigning a view to an array (ARR-9), a(i)
// projections (ARR-6), and view_as / reinterpret_as on arrays of any rank (ARR-8).
#include <tessera/conformance/case.hpp>

#include <chrono>
#include <future>
#include <numeric>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;
using namespace std::chrono_literals;

constexpr int rows = 8, cols = 12, n = rows * cols;

std::vector<int> plus(std::vector<int> v, int k) {
  for (int& x : v) x += k;
  return v;
}

// ARR-9, PROJ-17: each copy_async makes the copy copy() makes and is ready when it returns; a kernel
// then sees the copied values.
TESSERA_CASE(copy_async_in_every_direction, "ARR-9,PROJ-17", expect::pass) {
  const auto src = ctx.random_ints(n, -1000, 1000);
  array<int, 2> a(rows, cols, ctx.view()), b(rows, cols, ctx.view());
  std::vector<int> host(n, 0), back(n, 0);
  array_view<const int, 2> sv(rows, cols, src);
  array_view<int, 2> hv(rows, cols, host);
  std::vector<completion_future> done;
  done.push_back(copy_async(src.begin(), src.end(), a));  // iterators -> array
  done.push_back(copy_async(a, b));                       // array -> array
  done.push_back(copy_async(b, hv));                      // array -> view
  for (const auto& f : done) {
    ctx.require(f.wait_for(0s) == std::future_status::ready, "copy_async is done when it returns");
    f.get();
  }
  array_view<int, 2> bv = b;
  parallel_for_each(ctx.view(), bv.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { bv[t] += 1; });
  copy_async(bv, back.begin()).get();                     // view -> output iterator
  copy_async(sv, a).get();                                // const view -> array
  hv.synchronize();
  ctx.output("view", host, src);
  ctx.output("after_kernel", back, plus(src, 1));
  ctx.output("array", static_cast<std::vector<int>>(a), src);
}

// ARR-10, PROJ-17: a copy between different extents does not throw from copy_async: get() throws it.
TESSERA_CASE(copy_async_error_is_thrown_by_get, "ARR-10,PROJ-17", expect::throws<tessera::runtime_exception>) {
  array<int, 2> a(4, 4, ctx.view()), b(4, 5, ctx.view());
  completion_future f = copy_async(a, b);
  ctx.require(f.valid(), "copy_async returned a future");
  f.get();  // expect: throws
}

// ARR-9: assigning a view to an array copies its elements; the array keeps its view.
TESSERA_CASE(assigning_a_view_copies_into_the_array, "ARR-9,ARR-2", expect::pass) {
  const auto src = ctx.random_ints(n, -50, 50);
  array<int, 2> a(rows, cols, ctx.view());
  a = array_view<const int, 2>(rows, cols, src);
  ctx.require(a.get_accelerator_view() == ctx.view(), "the array stays on its view");
  array_view<int, 2> av = a;
  parallel_for_each(ctx.view(), av.extent.tile<2, 4>(), [=] restrict_amp (tiled_index<2, 4> t) { av[t] *= 2; });
  std::vector<int> want(src);
  for (int& x : want) x *= 2;
  ctx.output("assigned", static_cast<std::vector<int>>(a), want);
}

// ARR-6: a(i) on a rank-3 array is the projection a[i]; a kernel writes through it.
TESSERA_CASE(parentheses_project_like_the_subscript, "ARR-6,IDX-5", expect::pass) {
  std::vector<int> src(2 * rows * cols);
  std::iota(src.begin(), src.end(), 0);
  array<int, 3> a(extent<3>(2, rows, cols), src.begin(), src.end(), ctx.view());
  array_view<int, 2> plane = a(1);
  parallel_for_each(ctx.view(), plane.extent.tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) { plane[t] = -plane[t]; });
  ctx.require(a(1)(2, 3) == a(1, 2, 3) && a(0)(rows - 1)(cols - 1) == rows * cols - 1, "a(i) addresses a[i]");
  std::vector<int> want(src);
  for (int k = rows * cols; k < 2 * rows * cols; ++k) want[k] = -want[k];
  ctx.output("projected", static_cast<std::vector<int>>(a), want);
}

// ARR-8: an array of rank 2 seen through extents of rank 1 and 3 (view_as), and as another element type
// (reinterpret_as), in row-major order.
TESSERA_CASE(view_as_and_reinterpret_as_at_rank_two, "ARR-8,ARR-1", expect::pass) {
  const auto src = ctx.random_ints(n, 0, 1000);
  array<int, 2> a(rows, cols, src.begin(), src.end(), ctx.view());
  array_view<int, 3> cube = a.view_as(extent<3>(2, 4, cols));
  parallel_for_each(ctx.view(), cube.extent.tile<2, 4, 4>(), [=] restrict_amp (tiled_index<2, 4, 4> t) {
    cube[t] += t.global[0] * 10000;
  });
  array_view<unsigned int, 1> bits = a.reinterpret_as<unsigned int>();
  std::vector<int> want(src);
  for (int k = n / 2; k < n; ++k) want[k] += 10000;
  ctx.output("viewed", static_cast<std::vector<int>>(a), want);
  ctx.require(bits.extent == extent<1>(n) && bits[n - 1] == static_cast<unsigned int>(want[n - 1]),
              "reinterpret_as sees every element");
  const array<int, 2>& ca = a;
  ctx.require(ca.view_as(extent<1>(n))[cols + 1] == want[cols + 1], "a const array's view_as reads the same element");
}

}  // namespace
