// The CUDA backend: mapping of tiles to blocks, data residency of views, devices and errors. Each
// kernel that has a defined result is also run on the emulator and the two results must be identical.
#include <tessera/amp.hpp>
#include <tessera/cuda/runtime.hpp>

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <algorithm>
#include <numeric>
#include <vector>

// nvcc: an extended __host__ __device__ lambda may not sit in a private member function, which is what a
// TEST body is, so every kernel lives in a free function here. The namespace lets `index` mean
// tessera::index despite POSIX index(3).
namespace cuda_backend_tests {
using namespace tessera;
using tessera::index;

namespace {

accelerator_view gpu() { return accelerator("cuda:0").get_default_view(); }
accelerator_view emu() { return accelerator("emulator").get_default_view(); }

// Every thread of a 3-D tiled launch records its indices; the same kernel on both backends.
std::vector<int> record_indices(const accelerator_view& where, extent<3> e) {
  std::vector<int> out(e.size() * 12, -1);
  array_view<int, 1> rec(static_cast<int>(out.size()), out);
  parallel_for_each(where, e.tile<2, 4, 8>(), [=] restrict_amp (tiled_index<2, 4, 8> t) {
    const int g = (t.global[0] * e[1] + t.global[1]) * e[2] + t.global[2];
    for (int d = 0; d < 3; ++d) {
      rec[g * 12 + d] = t.global[d];
      rec[g * 12 + 3 + d] = t.local[d];
      rec[g * 12 + 6 + d] = t.tile[d];
      rec[g * 12 + 9 + d] = t.tile_origin[d];
    }
  });
  rec.synchronize();
  return out;
}


// --- kernels (free functions: see above) --------------------------------------------------------------
void count_hits(const array_view<unsigned int, 1>& h) {
  parallel_for_each(gpu(), h.extent, [=] restrict_amp (index<1> i) { h[i] += 1u; });
}
void write_linear_index(const array_view<int, 4>& v) {
  parallel_for_each(gpu(), v.extent, [=] restrict_amp (index<4> i) { v[i] = ((i[0] * 5 + i[1]) * 7 + i[2]) * 11 + i[3]; });
}
void mark_padded(const array_view<int, 1>& va) {
  parallel_for_each(gpu(), va.extent.tile<32>().pad(), [=] restrict_amp (tiled_index<32> t) {
    if (va.extent.contains(t.global)) va[t] = 1;
  });
}
void mark_truncated(const array_view<int, 1>& vb) {
  parallel_for_each(gpu(), vb.extent.tile<32>().truncate(), [=] restrict_amp (tiled_index<32> t) { vb[t] = 1; });
}
void add(const array_view<const int, 1>& a, const array_view<const int, 1>& b, const array_view<int, 1>& sum) {
  parallel_for_each(gpu(), sum.extent, [=] restrict_amp (index<1> i) { sum[i] = a[i] + b[i]; });
}
template <class T>
void fill_scaled(const array_view<T, 1>& v, T scale) {
  parallel_for_each(gpu(), v.extent, [=] restrict_amp (index<1> i) { v[i] = scale * static_cast<T>(i[0]); });
}
void copy_view(const array_view<int, 1>& in, const array_view<int, 1>& out) {
  parallel_for_each(gpu(), out.extent, [=] restrict_amp (index<1> i) { out[i] = in[i]; });
}
template <int N>
void fill_value(const array_view<int, N>& v, int value) {
  parallel_for_each(gpu(), v.extent, [=] restrict_amp (index<N> i) { v[i] = value; });
}
void scale_and_shift(const array_view<float, 1>& v, float scale, float shift) {
  parallel_for_each(gpu(), v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * scale + shift; });
}
void take_tickets(const array_view<int, 1>& counter, const array_view<int, 1>& tickets) {
  parallel_for_each(gpu(), tickets.extent, [=] restrict_amp (index<1> i) { tickets[i] = atomic_fetch_inc(&counter[0]); });
}
void tile_histograms(const array_view<int, 1>& h) {
  parallel_for_each(gpu(), extent<1>(16 * 256).tile<256>(), [=] restrict_amp (tiled_index<256> t) {
    tile_static int bins[8];
    if (t.local[0] < 8) bins[t.local[0]] = 0;
    t.barrier.wait();
    atomic_fetch_add(&bins[t.local[0] % 8], 1);
    t.barrier.wait();
    if (t.local[0] < 8) h[t.tile[0] * 8 + t.local[0]] = bins[t.local[0]];
  });
}
// Every atomic on a thread's own array, through pointers (C++ AMP's compiler takes them; CUDA's atomic
// instructions would fault on local memory): the old values and the array's last state.
std::vector<int> atomics_on_own_memory(const accelerator_view& where) {
  std::vector<int> out(64 * 13, -1);
  array_view<int, 1> rec(static_cast<int>(out.size()), out);
  parallel_for_each(where, extent<1>(64), [=] restrict_amp (index<1> i) {
    int own[4] = {i[0], 3, 5, 7};
    // Through a volatile pointer, so that nvcc cannot see that it points to local memory: the test at run
    // time is what is exercised (where nvcc can see it, it warns about the atomic in the branch not taken).
    int* volatile hidden = &own[i[0] % 4];
    int* p = hidden;
    const int g = i[0] * 13;
    rec[g + 0] = atomic_fetch_add(p, 10);
    rec[g + 1] = atomic_fetch_sub(p, 4);
    rec[g + 2] = atomic_fetch_max(p, 9);
    rec[g + 3] = atomic_fetch_min(p, 6);
    rec[g + 4] = atomic_fetch_and(p, 12);
    rec[g + 5] = atomic_fetch_or(p, 3);
    rec[g + 6] = atomic_fetch_xor(p, 5);
    rec[g + 7] = atomic_exchange(p, 40);
    int expected = 40;
    rec[g + 8] = atomic_compare_exchange(p, &expected, 41) ? 1 : 0;
    expected = 0;
    rec[g + 8] += atomic_compare_exchange(p, &expected, 42) ? 10 : 0;
    rec[g + 8] += expected * 100;
    for (int k = 0; k < 4; ++k) rec[g + 9 + k] = own[k];
  });
  rec.synchronize();
  return out;
}
void touch_first(const array_view<float, 2>& huge) {
  parallel_for_each(gpu(), extent<1>(1), [=] restrict_amp (index<1>) { huge(0, 0) = 1.0f; });
}
void launch_undivisible(const array_view<int, 1>& v) {
  parallel_for_each(gpu(), v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = 1; });
}

}  // namespace

TEST(CudaDevices, GpuIsListedNotEmulatedAndIsTheDefault) {
  accelerator a("cuda:0");
  EXPECT_FALSE(a.get_is_emulated());
  EXPECT_GT(a.get_dedicated_memory(), 0u);
  EXPECT_EQ(accelerator().get_device_path(), "cuda:0");
  bool listed = false;
  for (const auto& acc : accelerator::get_all()) listed |= acc.get_device_path() == "cuda:0";
  EXPECT_TRUE(listed);
}

TEST(CudaMapping, TiledIndicesMatchTheEmulatorForEveryThreadIn3D) {
  const extent<3> e(4, 8, 32);
  const auto on_gpu = record_indices(gpu(), e);
  const auto on_emu = record_indices(emu(), e);
  EXPECT_EQ(on_gpu, on_emu);
  for (int g = 0; g < static_cast<int>(e.size()); ++g)
    for (int d = 0; d < 3; ++d) ASSERT_EQ(on_gpu[g * 12 + d], on_gpu[g * 12 + 9 + d] + on_gpu[g * 12 + 3 + d]);
}

TEST(CudaMapping, NonTiledDomainLargerThanOneGridRunsEveryPointOnce) {
  const int n = (1 << 28) + 3;  // more than 2^20 blocks of 256 threads: the grid-stride loop must cover it
  std::vector<unsigned int> hits(n, 0);
  array_view<unsigned int, 1> h(n, hits);
  count_hits(h);
  h.synchronize();
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1u), n);
}

TEST(CudaMapping, RankFourNonTiledDomainVisitsEveryPoint) {
  const int dims[] = {3, 5, 7, 11};
  const extent<4> e(dims);
  std::vector<int> out(e.size(), 0);
  array_view<int, 4> v(e, out);
  write_linear_index(v);
  v.synchronize();
  for (int k = 0; k < static_cast<int>(out.size()); ++k) ASSERT_EQ(out[k], k);
}

TEST(CudaMapping, PaddedLaunchSkipsThreadsOutsideTheDataAndTruncatedLeavesTheRest) {
  std::vector<int> a(100, 0), b(100, 0);
  array_view<int, 1> va(100, a), vb(100, b);
  mark_padded(va);
  mark_truncated(vb);
  va.synchronize();
  vb.synchronize();
  EXPECT_EQ(std::count(a.begin(), a.end(), 1), 100);
  EXPECT_EQ(std::count(b.begin(), b.begin() + 96, 1), 96);
  EXPECT_EQ(std::count(b.begin() + 96, b.end(), 0), 4);
}

TEST(CudaResidency, HostAccessThroughTheViewBringsKernelResultsBack) {
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5, 0);
  array_view<const int, 1> va(5, a), vb(5, b);
  array_view<int, 1> vs(5, sum);
  add(va, vb, vs);
  EXPECT_EQ(vs[0], 7);  // implicit synchronization on host access
  EXPECT_EQ(vs[4], 15);
  EXPECT_EQ(sum, (std::vector<int>{7, 9, 11, 13, 15}));
}

TEST(CudaResidency, LastViewGoingAwayWritesResultsIntoTheContainer) {
  std::vector<int> out(64, 0);
  {
    array_view<int, 1> v(64, out);
    fill_scaled(v, 2);
  }
  for (int k = 0; k < 64; ++k) ASSERT_EQ(out[k], 2 * k);
}

TEST(CudaResidency, RefreshMakesDirectHostWritesVisibleToTheNextKernel) {
  std::vector<int> in(32, 1), out(32, 0);
  array_view<int, 1> vin(32, in), vout(32, out);
  copy_view(vin, vout);
  vout.synchronize();
  EXPECT_EQ(out[5], 1);
  std::fill(in.begin(), in.end(), 9);  // behind the view's back
  vin.refresh();
  copy_view(vin, vout);
  vout.synchronize();
  EXPECT_EQ(out[5], 9);
}

TEST(CudaResidency, DiscardedViewIsNotCopiedInButAKernelThatWritesAllOfItIsCorrect) {
  std::vector<float> out(256, -1.0f);
  array_view<float, 1> v(256, out);
  v.discard_data();
  fill_scaled(v, 0.5f);
  v.synchronize();
  for (int k = 0; k < 256; ++k) ASSERT_EQ(out[k], 0.5f * k);
}

TEST(CudaResidency, SectionsAndProjectionsWrittenOnTheDeviceShowInTheParent) {
  std::vector<int> m(8 * 8, 0);
  array_view<int, 2> v(8, 8, m);
  fill_value(v.section(index<2>(2, 3), extent<2>(4, 4)), 1);
  fill_value(v[7], 2);
  v.synchronize();
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      const int want = r == 7 ? 2 : (r >= 2 && r < 6 && c >= 3 && c < 7) ? 1 : 0;
      ASSERT_EQ(m[r * 8 + c], want) << r << "," << c;
    }
}

TEST(CudaResidency, ArrayDataMovesBothWaysThroughCopy) {
  std::vector<float> src(1000);
  std::iota(src.begin(), src.end(), 0.0f);
  array<float, 1> a(1000, src.begin(), src.end());
  array_view<float, 1> va = a;
  scale_and_shift(va, 2.0f, 0.0f);
  std::vector<float> back(1000);
  copy(a, back.begin());
  for (int k = 0; k < 1000; ++k) ASSERT_EQ(back[k], 2.0f * k);
  copy(src.begin(), src.end(), a);  // host -> array, then the device must see it
  scale_and_shift(va, 1.0f, 1.0f);
  const std::vector<float> result = a;
  for (int k = 0; k < 1000; ++k) ASSERT_EQ(result[k], k + 1.0f);
}

TEST(CudaAtomics, FetchIncReturnsAPermutationAndTileStaticHistogramIsExact) {
  const int n = 4096;
  std::vector<int> counter(1, 0), got(n, -1), hist(16 * 8, 0);
  array_view<int, 1> c(1, counter), g(n, got), h(16 * 8, hist);
  take_tickets(c, g);
  tile_histograms(h);
  c.synchronize();
  g.synchronize();
  h.synchronize();
  EXPECT_EQ(counter[0], n);
  std::sort(got.begin(), got.end());
  for (int k = 0; k < n; ++k) ASSERT_EQ(got[k], k);
  EXPECT_EQ(std::count(hist.begin(), hist.end(), 32), 16 * 8);
}

TEST(CudaAtomics, OnAThreadsOwnArrayTheyUpdateItAsTheEmulatorDoes) {
  const auto on_gpu = atomics_on_own_memory(gpu());
  EXPECT_EQ(on_gpu, atomics_on_own_memory(emu()));
  EXPECT_EQ(on_gpu[1 * 13 + 8], 4101);  // thread 1: the first exchange stored, the second saw 41
  EXPECT_EQ(on_gpu[1 * 13 + 10], 41);
}

TEST(CudaErrors, DeviceAllocationFailureIsOutOfMemoryNamingTheCudaError) {
  // A view over (lazily mapped) host memory larger than the whole device.
  const std::size_t device_bytes = accelerator("cuda:0").get_dedicated_memory() * 1024;
  const int cols = 1 << 16;
  const int rows = static_cast<int>(device_bytes / sizeof(float) / cols) + 1024;
  const std::size_t bytes = std::size_t(rows) * cols * sizeof(float);
  void* host = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(host, MAP_FAILED);
  {
    array_view<float, 2> huge(rows, cols, static_cast<float*>(host));
    huge.discard_data();
    try {
      touch_first(huge);
      FAIL() << "expected out_of_memory";
    } catch (const out_of_memory& e) {
      EXPECT_NE(std::string(e.what()).find("cudaErrorMemoryAllocation"), std::string::npos) << e.what();
    }
  }
  munmap(host, bytes);
  // The device is still usable afterwards.
  std::vector<int> one(1, 0);
  array_view<int, 1> v(1, one);
  fill_value(v, 5);
  v.synchronize();
  EXPECT_EQ(one[0], 5);
}

TEST(CudaErrors, InvalidDomainIsRefusedBeforeReachingTheDevice) {
  std::vector<int> out(10, 0);
  array_view<int, 1> v(10, out);
  EXPECT_THROW(launch_undivisible(v), invalid_compute_domain);
}

}  // namespace cuda_backend_tests
