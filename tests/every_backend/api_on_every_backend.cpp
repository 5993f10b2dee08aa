// The model's API, run on every compute accelerator this build can use: the emulator always, and each
// CUDA GPU when this source is compiled by nvcc (its twin, test_api_on_every_backend_cuda). Every kernel
// has one exact expected result; each backend must produce it, bit for bit.
//
// Kernels live in free functions taking the accelerator_view: nvcc does not allow an extended
// __host__ __device__ lambda inside a TEST body (a private member function).
#include <tessera/amp.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/reduction.hpp>

#include <gtest/gtest.h>

#include "every_backend.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace every_backend {
using namespace tessera;
using tessera::index;  // POSIX declares an index() function in the global namespace
using namespace every_backend_support;

namespace {

// --- kernels -----------------------------------------------------------------------------------------
std::vector<int> element_wise_add(const accelerator_view& where) {
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5, 0);
  array_view<const int, 1> va(5, a), vb(5, b);
  array_view<int, 1> vs(5, sum);
  vs.discard_data();
  parallel_for_each(where, vs.extent, [=] restrict_amp (index<1> i) { vs[i] = va[i] + vb[i]; });
  vs.synchronize();
  return sum;
}

// Each thread writes global, local, tile, tile_origin (rank 2, tiles 2x3 over 8x9... padded to 8x9).
std::vector<int> tiled_indices_2d(const accelerator_view& where) {
  std::vector<int> out(8 * 9 * 8, -1);
  array_view<int, 3> v(8, 9, 8, out);
  parallel_for_each(where, extent<2>(8, 9).tile<2, 3>(), [=] restrict_amp (tiled_index<2, 3> t) {
    for (int d = 0; d < 2; ++d) {
      v(t.global[0], t.global[1], d) = t.global[d];
      v(t.global[0], t.global[1], 2 + d) = t.local[d];
      v(t.global[0], t.global[1], 4 + d) = t.tile[d];
      v(t.global[0], t.global[1], 6 + d) = t.tile_origin[d];
    }
  });
  v.synchronize();
  return out;
}

// A 1024-thread tile reverses itself through tile_static, 50 times, each step across a barrier.
std::vector<int> reverse_through_tile_static(const accelerator_view& where) {
  std::vector<int> data(4096);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 1> v(4096, data);
  parallel_for_each(where, v.extent.tile<1024>(), [=] restrict_amp (tiled_index<1024> t) {
    tile_static int s[1024];
    int mine = v[t];
    for (int step = 0; step < 50; ++step) {
      s[t.local[0]] = mine;
      t.barrier.wait();
      mine = s[1023 - t.local[0]] + 1;
      t.barrier.wait();
    }
    v[t] = mine;
  });
  v.synchronize();
  return data;
}

// The three wait variants and the free fences, each used where it orders the memory it covers.
std::vector<int> wait_variants(const accelerator_view& where) {
  std::vector<int> out(256 * 3, 0);
  std::vector<int> scratch(256, 0);
  array_view<int, 1> o(256 * 3, out), g(256, scratch);
  parallel_for_each(where, extent<1>(256).tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    const int l = t.local[0];
    s[l] = l * 3;
    t.barrier.wait_with_tile_static_memory_fence();
    o[t.global[0]] = s[63 - l];
    g[t] = l * 5;
    t.barrier.wait_with_global_memory_fence();
    o[256 + t.global[0]] = g[t.tile_origin[0] + 63 - l];
    if (l % 2 == 0) all_memory_fence(t.barrier);  // fences may sit in divergent code
    tile_static_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    tile_static int s2[64];  // a fresh array: s was last read before a barrier that does not order tile_static
    s2[l] = l * 7;
    t.barrier.wait_with_all_memory_fence();
    o[512 + t.global[0]] = s2[(l + 1) % 64];
  });
  o.synchronize();
  return out;
}

// Each 256-thread tile sums its values with a tree in tile_static (the shared tile_sum).
std::vector<int> tree_sums(const accelerator_view& where) {
  std::vector<int> in(256 * 64), sums(64, 0);
  for (int k = 0; k < static_cast<int>(in.size()); ++k) in[k] = (k * 7919) % 1000 - 500;
  array_view<const int, 1> vin(static_cast<int>(in.size()), in);
  array_view<int, 1> vs(64, sums);
  kernels::tile_sum<256>(where, vin, vs);
  vs.synchronize();
  return sums;
}

// 16x16 tiled integer matrix multiply (the shared tiled_matmul; exact on every backend).
std::vector<int> integer_matmul(const accelerator_view& where) {
  const int n = 64;
  std::vector<int> a(n * n), b(n * n), c(n * n, 0);
  for (int k = 0; k < n * n; ++k) {
    a[k] = k % 7 - 3;
    b[k] = k % 5 - 2;
  }
  array_view<const int, 2> va(n, n, a), vb(n, n, b);
  array_view<int, 2> vc(n, n, c);
  kernels::tiled_matmul<16>(where, va, vb, vc);
  vc.synchronize();
  return c;
}

// Every atomic function on global memory and on tile_static memory, contended by 256 threads.
std::vector<int> atomics(const accelerator_view& where) {
  std::vector<int> g(16, 0);
  g[2] = 1 << 20;  // sub
  g[5] = -1;       // and
  g[9] = 1000;     // min
  std::vector<unsigned int> u(4, 0u);
  std::vector<float> f(1, 0.0f);
  array_view<int, 1> vg(16, g);
  array_view<unsigned int, 1> vu(4, u);
  array_view<float, 1> vf(1, f);
  parallel_for_each(where, extent<1>(256).tile<256>(), [=] restrict_amp (tiled_index<256> t) {
    const int l = t.local[0];
    tile_static int ts[4];
    if (l == 0) {
      ts[0] = 0;
      ts[1] = 0;
      ts[2] = 0;
      ts[3] = 0;
    }
    t.barrier.wait();
    atomic_fetch_add(&vg[0], l);
    atomic_fetch_inc(&vg[1]);
    atomic_fetch_sub(&vg[2], 2);
    atomic_fetch_max(&vg[3], l);
    atomic_fetch_or(&vg[4], 1 << (l % 31));
    atomic_fetch_and(&vg[5], ~(1 << (l % 31)));
    atomic_fetch_xor(&vg[6], 1 << (l % 8));
    atomic_fetch_dec(&vg[7]);
    atomic_exchange(&vg[8], 42);
    atomic_fetch_min(&vg[9], l - 100);
    int expected = 0;
    while (!atomic_compare_exchange(&vg[10], &expected, expected + 1)) {
    }
    atomic_fetch_add(&vu[0], 3u);
    atomic_fetch_max(&vu[1], static_cast<unsigned int>(l));
    atomic_fetch_inc(&vu[2]);
    atomic_exchange(&vf[0], 2.5f);
    atomic_fetch_add(&ts[0], 1);
    atomic_fetch_max(&ts[1], l);
    atomic_fetch_or(&ts[2], 1 << (l % 16));
    atomic_fetch_inc(&ts[3]);
    t.barrier.wait();
    if (l < 4) vg[12 + l] = ts[l];
  });
  vg.synchronize();
  vu.synchronize();
  vf.synchronize();
  std::vector<int> all = g;
  for (unsigned int x : u) all.push_back(static_cast<int>(x));
  all.push_back(static_cast<int>(f[0] * 10));
  return all;
}

// Non-tiled launches of rank 1 to 4, and writes through sections and projections.
std::vector<int> ranks_sections_projections(const accelerator_view& where) {
  std::vector<int> r4(2 * 3 * 4 * 5, -1), m(6 * 6, 0);
  const int dims4[] = {2, 3, 4, 5};
  array_view<int, 4> v4(extent<4>(dims4), r4);
  parallel_for_each(where, v4.extent, [=] restrict_amp (index<4> i) { v4[i] = ((i[0] * 3 + i[1]) * 4 + i[2]) * 5 + i[3]; });
  array_view<int, 2> vm(6, 6, m);
  auto sec = vm.section(index<2>(1, 2), extent<2>(3, 3));
  parallel_for_each(where, sec.extent, [=] restrict_amp (index<2> i) { sec[i] = 10 + i[0] * 3 + i[1]; });
  auto row = vm[5];
  parallel_for_each(where, row.extent, [=] restrict_amp (index<1> i) { row[i] = 100 + i[0]; });
  v4.synchronize();
  vm.synchronize();
  std::vector<int> all = r4;
  all.insert(all.end(), m.begin(), m.end());
  return all;
}

// A padded launch with a bounds guard touches exactly the data.
std::vector<int> padded_launch(const accelerator_view& where) {
  std::vector<int> out(1000, 0);
  array_view<int, 1> v(1000, out);
  parallel_for_each(where, v.extent.tile<64>().pad(), [=] restrict_amp (tiled_index<64> t) {
    if (v.extent.contains(t.global)) v[t] = t.tile[0] + 1;
  });
  v.synchronize();
  return out;
}


}  // namespace

TEST(EveryBackend, ElementWiseAddGivesTheDocumentedSums) {
  expect_same_on_every_backend(element_wise_add, {7, 9, 11, 13, 15});
}

TEST(EveryBackend, TiledIndicesSatisfyGlobalEqualsTileOriginPlusLocal) {
  std::vector<int> want(8 * 9 * 8);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 9; ++c) {
      const int g[2] = {r, c}, dims[2] = {2, 3};
      for (int d = 0; d < 2; ++d) {
        want[(r * 9 + c) * 8 + d] = g[d];
        want[(r * 9 + c) * 8 + 2 + d] = g[d] % dims[d];
        want[(r * 9 + c) * 8 + 4 + d] = g[d] / dims[d];
        want[(r * 9 + c) * 8 + 6 + d] = g[d] - g[d] % dims[d];
      }
    }
  expect_same_on_every_backend(tiled_indices_2d, want);
}

TEST(EveryBackend, ThousandTwentyFourThreadTileCrossesOneHundredBarriers) {
  std::vector<int> want(4096);
  for (int k = 0; k < 4096; ++k) want[k] = k + 50;  // 50 reversals: an even count, each adding 1
  expect_same_on_every_backend(reverse_through_tile_static, want);
}

TEST(EveryBackend, EachWaitVariantOrdersTheMemoryItCovers) {
  std::vector<int> want(256 * 3);
  for (int gi = 0; gi < 256; ++gi) {
    const int l = gi % 64;
    want[gi] = (63 - l) * 3;
    want[256 + gi] = (63 - l) * 5;
    want[512 + gi] = ((l + 1) % 64) * 7;
  }
  expect_same_on_every_backend(wait_variants, want);
}

TEST(EveryBackend, TreeReductionSumsEachTile) {
  std::vector<int> want(64, 0);
  for (int k = 0; k < 256 * 64; ++k) want[k / 256] += (k * 7919) % 1000 - 500;
  expect_same_on_every_backend(tree_sums, want);
}

TEST(EveryBackend, TiledMatrixMultiplyIsExact) {
  const int n = 64;
  std::vector<int> want(n * n, 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int k = 0; k < n; ++k) want[r * n + c] += ((r * n + k) % 7 - 3) * ((k * n + c) % 5 - 2);
  expect_same_on_every_backend(integer_matmul, want);
}

TEST(EveryBackend, AtomicsReturnTheModelsResultsOnGlobalAndTileStaticMemory) {
  int or_bits = 0;
  for (int l = 0; l < 256; ++l) or_bits |= 1 << (l % 31);
  std::vector<int> want = {255 * 256 / 2, 256, (1 << 20) - 512, 255, or_bits, ~or_bits, 0, -256, 42, -100, 256, 0,
                           256, 255, 0xFFFF, 256, 768, 255, 256, 0, 25};
  expect_same_on_every_backend(atomics, want);
}

TEST(EveryBackend, RanksSectionsAndProjectionsAddressTheSameElements) {
  std::vector<int> want(2 * 3 * 4 * 5);
  std::iota(want.begin(), want.end(), 0);
  std::vector<int> m(36, 0);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m[(1 + r) * 6 + 2 + c] = 10 + r * 3 + c;
  for (int c = 0; c < 6; ++c) m[5 * 6 + c] = 100 + c;
  want.insert(want.end(), m.begin(), m.end());
  expect_same_on_every_backend(ranks_sections_projections, want);
}

TEST(EveryBackend, PaddedLaunchWritesExactlyTheData) {
  std::vector<int> want(1000);
  for (int k = 0; k < 1000; ++k) want[k] = k / 64 + 1;
  expect_same_on_every_backend(padded_launch, want);
}

TEST(EveryBackend, EveryBackendListedRunsKernels) { every_backend_support::expect_every_listed_backend_runs_its_own_code(); }

}  // namespace every_backend
