// array_view's coherence and view-making API, run on every compute accelerator this build can use: the
// emulator always, and each CUDA GPU when this source is compiled by nvcc (its twin,
// test_views_on_every_backend_cuda), where the data lives in device memory between launches. Every
// result is exact; each test names the C++ AMP behaviour it pins.
//
// Kernels live in free functions taking the accelerator_view: nvcc does not allow an extended
// __host__ __device__ lambda inside a TEST body (a private member function).
#include <tessera/amp.hpp>
#include <tessera/short_vectors.hpp>

#include <gtest/gtest.h>

#include "every_backend.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace every_backend_views {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace
using namespace every_backend_support;

namespace {

// AV-10: sections made inside the kernel, of every int-argument form (the 3-D one included), and of a
// section, address the parent's elements; so do projections made there (AV-9), a view assigned there
// (AV-1) and a read-only view converted there (AV-15).
std::vector<int> sections_made_in_kernels(const accelerator_view& where) {
  std::vector<int> d(2 * 3 * 4, 0), m(6 * 6, 0);
  array_view<int, 3> v(2, 3, 4, d);
  array_view<int, 2> vm(6, 6, m);
  parallel_for_each(where, extent<1>(1), [=] restrict_amp (index<1>) {
    array_view<int, 3> s = v.section(0, 1, 2, 2, 2, 2);
    s(0, 0, 0) = 15;
    s(1, 1, 1) = 16;
    v.section(index<3>(1, 1, 1))(0, 0, 0) = 17;
    v.section(extent<3>(1, 1, 2))(0, 0, 1) = 18;
    array_view<int, 2> q = vm.section(1, 1, 4, 4).section(1, 1, 2, 2);
    q(1, 1) = 21;
    array_view<int, 1> row = vm[5];
    row(0) = 22;
    array_view<int, 1> r1 = vm[4];
    r1.section(3, 2)(1) = 23;
    array_view<int, 3> t = v.section(extent<3>(1, 1, 1));
    t = v.section(index<3>(1, 0, 0), extent<3>(1, 1, 1));  // assignment in kernel code
    t(0, 0, 0) = 19;
    array_view<const int, 3> ro = t;  // a read-only conversion in kernel code
    v(1, 0, 3) = ro(0, 0, 0) + 1;
  });
  // No synchronize: host access through the parent and a host-made section brings the data home (AV-13).
  std::vector<int> all;
  for (int k = 0; k < 24; ++k) all.push_back(v(k / 12, (k / 4) % 3, k % 4));
  array_view<int, 2> hs = vm.section(index<2>(3, 3), extent<2>(3, 3));
  for (int k = 0; k < 9; ++k) all.push_back(hs(k / 3, k % 3));
  all.push_back(vm(5, 0));
  return all;
}

std::vector<int> sections_made_in_kernels_expected() {
  std::vector<int> d(24, 0), m(36, 0);
  auto at = [&](int i, int j, int k) -> int& { return d[(i * 3 + j) * 4 + k]; };
  at(0, 1, 2) = 15;
  at(1, 2, 3) = 16;
  at(1, 1, 1) = 17;
  at(0, 0, 1) = 18;
  at(1, 0, 0) = 19;
  at(1, 0, 3) = 20;
  m[3 * 6 + 3] = 21;
  m[5 * 6 + 0] = 22;
  m[4 * 6 + 4] = 23;
  std::vector<int> all = d;
  for (int k = 0; k < 9; ++k) all.push_back(m[(3 + k / 3) * 6 + 3 + k % 3]);
  all.push_back(m[30]);
  return all;
}

// ARR-8, AV-15: reinterpret_as and view_as made inside the kernel, and a view built there over another
// view's data(), write the elements they name.
std::vector<int> reinterpret_and_view_as_in_kernels(const accelerator_view& where) {
  std::vector<int> raw(2 * 4 * 3, 0);
  array_view<int, 1> flat(static_cast<int>(raw.size()), raw);
  parallel_for_each(where, extent<2>(2, 3), [=] restrict_amp (index<2> i) {
    array_view<graphics::int_4, 2> vecs = flat.reinterpret_as<graphics::int_4>().view_as(extent<2>(2, 3));
    vecs[i] = graphics::int_4(i[0], i[1], 7, 8);
  });
  parallel_for_each(where, extent<1>(6), [=] restrict_amp (index<1> i) {
    array_view<int, 2> grid(6, 4, flat.data());
    grid(i[0], 3) += 100;
  });
  const int* host = flat.data();  // host access: brings the kernels' writes home (AV-11, AV-13)
  return std::vector<int>(host, host + flat.extent.size());
}

std::vector<int> reinterpret_and_view_as_in_kernels_expected() {
  std::vector<int> want;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) want.insert(want.end(), {r, c, 7, 108});
  return want;
}

// AV-13, AV-12: after a kernel wrote the data, host reads through other views of the same data (a
// copy, a section, a read-only conversion, an assigned view) see the kernel's values without an
// explicit synchronize; a host write through one view is seen by the next kernel through another.
std::vector<int> implicit_synchronization_through_other_views(const accelerator_view& where) {
  std::vector<int> data(16, 0);
  array_view<int, 1> a(16, data);
  array_view<int, 1> copy_of_a = a;
  array_view<int, 1> head = a.section(0, 8);
  array_view<const int, 1> ro = a;
  std::vector<int> other(16, -1);
  array_view<int, 1> assigned(16, other);
  parallel_for_each(where, a.extent, [=] restrict_amp (index<1> i) { a[i] = i[0] + 1; });
  assigned = a;  // assignment: now another view of a's data
  std::vector<int> seen;
  seen.push_back(copy_of_a[3]);
  seen.push_back(head[7]);
  seen.push_back(ro[15]);
  seen.push_back(assigned[10]);
  // A host write through one view, a kernel reading through another, a host read through a third.
  head[0] = 100;
  parallel_for_each(where, extent<1>(1), [=] restrict_amp (index<1>) { copy_of_a[1] = copy_of_a[0] * 2; });
  seen.push_back(ro[1]);
  seen.push_back(assigned[0]);
  // A kernel writes again; the container itself shows it after synchronize through a section.
  parallel_for_each(where, a.extent, [=] restrict_amp (index<1> i) { assigned[i] += 1000; });
  head.synchronize();
  seen.push_back(data[2]);
  seen.push_back(data[15]);
  return seen;
}

// AV-5: discard_data() on one view then a kernel that writes everything: the other views see the new
// values. A host write through another view after the discard makes new contents, which the next
// kernel reads.
std::vector<int> discard_then_other_views(const accelerator_view& where) {
  std::vector<int> data(8, 5);
  array_view<int, 1> a(8, data);
  array_view<int, 1> b = a.section(0, 8);
  a.discard_data();
  parallel_for_each(where, a.extent, [=] restrict_amp (index<1> i) { a[i] = 10 + i[0]; });
  std::vector<int> seen{b[0], b[7]};
  a.discard_data();
  b[3] = 77;  // after the discard: the kernel below must read it
  std::vector<int> result(1, 0);
  array_view<int, 1> r(1, result);
  parallel_for_each(where, extent<1>(1), [=] restrict_amp (index<1>) { r[0] = a[3]; });
  r.synchronize();
  seen.push_back(result[0]);
  a.synchronize();
  seen.push_back(data[3]);
  seen.push_back(data[4]);
  return seen;
}

// TS-1: member functions of a class local to the kernel write and read a tile_static variable of the
// kernel, across a barrier.
std::vector<int> local_class_uses_the_kernels_tile_static(const accelerator_view& where) {
  std::vector<int> data(128);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 1> v(128, data);
  parallel_for_each(where, v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int shared[64];
    struct exchange {
      restrict_amp static void put(int at, int value) { shared[at] = value; }
      restrict_amp static int take(int at) { return shared[at]; }
    };
    exchange::put(t.local[0], v[t] * 2);
    t.barrier.wait();
    v[t] = exchange::take(63 - t.local[0]);
  });
  v.synchronize();
  return data;
}

}  // namespace

TEST(ViewsOnEveryBackend, SectionsProjectionsAndAssignmentsMadeInKernelsAddressTheParentsElements) {
  expect_same_on_every_backend(sections_made_in_kernels, sections_made_in_kernels_expected());
}

TEST(ViewsOnEveryBackend, ReinterpretAsViewAsAndPointerViewsMadeInKernelsWriteTheirElements) {
  expect_same_on_every_backend(reinterpret_and_view_as_in_kernels, reinterpret_and_view_as_in_kernels_expected());
}

TEST(ViewsOnEveryBackend, HostReadsThroughOtherViewsSeeTheKernelsWritesWithoutSynchronize) {
  expect_same_on_every_backend(implicit_synchronization_through_other_views, {4, 8, 16, 11, 200, 100, 1003, 1016});
}

TEST(ViewsOnEveryBackend, DiscardThenWritesThroughAnyViewAreSeenThroughTheOthers) {
  expect_same_on_every_backend(discard_then_other_views, {10, 17, 77, 77, 14});
}

TEST(ViewsOnEveryBackend, LocalClassMembersShareTheKernelsTileStaticVariable) {
  std::vector<int> want(128);
  for (int g = 0; g < 128; ++g) want[g] = ((g / 64) * 64 + 63 - g % 64) * 2;
  expect_same_on_every_backend(local_class_uses_the_kernels_tile_static, want);
}

TEST(ViewsOnEveryBackend, EveryBackendListedRunsKernels) {
  every_backend_support::expect_every_listed_backend_runs_its_own_code();
}

}  // namespace every_backend_views
