// Two GPUs of one host (ACC-1, ACC-8, ARR-9, AV-4, PFE-8, PFE-9): every GPU listed as cuda:N, arrays
// placed on each, copies between them (peer copy where the GPUs allow it, through the host where not),
// views moving between them, and launches on the two running at the same time. Exits 77 (skipped) with
// one line saying why on a host with fewer than two GPUs.
#include <tessera/amp.hpp>
#include <tessera/cuda/runtime.hpp>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

// nvcc: an extended __host__ __device__ lambda may not sit in a private member function (a TEST body),
// so every kernel lives in a free function.
namespace two_gpu_tests {
using namespace tessera;
using tessera::index;

namespace {

accelerator_view gpu(int n) { return accelerator("cuda:" + std::to_string(n)).get_default_view(); }

void scale(const accelerator_view& where, const array_view<int, 1>& v, int times, int plus) {
  parallel_for_each(where, v.extent, [=] restrict_amp (index<1> i) { v[i] = v[i] * times + plus; });
}

// The handshake kernels: each runs one thread. `mine` is set to say "started", then the kernel spins
// (a bounded number of reads, never a clock) until `theirs` is set. Both flags are host-mapped memory
// both GPUs reach. Each succeeds only if the other kernel runs while it spins: if the runtime ran the
// two launches one after the other, the first would give up (seen = 0).
constexpr long long spin_bound = 1ll << 24;
void handshake(const accelerator_view& where, int* mine, int* theirs, const array_view<long long, 1>& result) {
  parallel_for_each(where, extent<1>(1), [=] restrict_amp (index<1>) {
    volatile int* set = mine;
    volatile int* wait = theirs;
    *set = 1;
#if defined(__CUDA_ARCH__)
    __threadfence_system();
#endif
    long long spins = 0;
    while (*wait == 0 && spins < spin_bound) ++spins;
    result[0] = *wait != 0 ? 1 : 0;
    result[1] = spins;
  });
}

}  // namespace

TEST(TwoGpus, EveryGpuIsListedAsCudaN) {
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  std::vector<std::string> listed;
  for (const auto& a : accelerator::get_all())
    if (a.get_device_path().rfind("cuda:", 0) == 0) listed.push_back(a.get_device_path());
  ASSERT_EQ(static_cast<int>(listed.size()), count);
  for (int i = 0; i < count; ++i) {
    EXPECT_EQ(listed[i], "cuda:" + std::to_string(i));
    const accelerator a(listed[i]);
    EXPECT_FALSE(a.get_is_emulated());
    EXPECT_GT(a.get_dedicated_memory(), 0u);
    EXPECT_FALSE(a.get_description().empty());
  }
  EXPECT_NE(accelerator("cuda:0"), accelerator("cuda:1"));
}

// ARR-9: arrays placed on two GPUs, each computed on its own GPU, copied to the other and back.
TEST(TwoGpus, CopyBetweenArraysOnTwoGpus) {
  int peer01 = 0, peer10 = 0;
  cudaDeviceCanAccessPeer(&peer01, 0, 1);
  cudaDeviceCanAccessPeer(&peer10, 1, 0);
  std::printf("peer access cuda:0 <- cuda:1 %s, cuda:1 <- cuda:0 %s (copies go %s)\n", peer01 ? "yes" : "no",
              peer10 ? "yes" : "no", peer01 && peer10 ? "GPU to GPU" : "through the host where not");
  constexpr int n = 1 << 20;
  std::vector<int> src(n);
  std::iota(src.begin(), src.end(), 0);
  array<int, 1> a0(n, src.begin(), src.end(), gpu(0));
  array<int, 1> a1(n, gpu(1));
  scale(gpu(0), a0, 2, 1);  // on cuda:0
  copy(a0, a1);              // cuda:0 -> cuda:1
  scale(gpu(1), a1, 3, 0);  // on cuda:1
  array<int, 1> back(n, gpu(0));
  copy_async(a1, back).get();  // cuda:1 -> cuda:0
  scale(gpu(0), back, 1, -1);
  const std::vector<int> got0 = a0, got1 = a1, got_back = back;
  for (int i = 0; i < n; i += 4099) {
    ASSERT_EQ(got0[i], 2 * i + 1) << i;
    ASSERT_EQ(got1[i], 3 * (2 * i + 1)) << i;
    ASSERT_EQ(got_back[i], 3 * (2 * i + 1) - 1) << i;
  }
}

// AV-4, ACC-8: a view of host memory written on one GPU, read and written on the other, then on the
// first again: never a stale copy.
TEST(TwoGpus, AViewMovesBetweenGpusWithoutStaleCopies) {
  std::vector<int> data(4096);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 1> v(4096, data);
  scale(gpu(0), v, 2, 0);
  scale(gpu(1), v, 1, 5);
  v[index<1>(0)] = -100;  // a host write in between
  scale(gpu(0), v, 10, 0);
  v.discard_data();
  v.synchronize();  // discarded: nothing comes back; the host keeps what it had
  v.refresh();
  scale(gpu(1), v, 1, 1);
  v.synchronize();
  // After discard_data() the host keeps what it had before the last launch (2i + 5, and -100 at 0),
  // and the launch on cuda:1 adds 1 to that.
  EXPECT_EQ(data[0], -100 + 1);
  EXPECT_EQ(data[7], 2 * 7 + 5 + 1);
  EXPECT_EQ(data[4095], 2 * 4095 + 5 + 1);
}

// PFE-8, PFE-9: a launch on one GPU that captures an array placed on the other throws runtime_exception.
TEST(TwoGpus, AnArrayOfTheOtherGpuInALaunchThrows) {
  array<int, 1> a1(16, gpu(1));
  EXPECT_THROW(scale(gpu(0), a1, 1, 1), runtime_exception);
}

// Launches on two GPUs run at the same time: a handshake through host-mapped memory that succeeds only
// when both kernels run at once (see handshake()).
TEST(TwoGpus, LaunchesOnTwoGpusRunConcurrently) {
  int* flags = nullptr;
  ASSERT_EQ(cudaHostAlloc(reinterpret_cast<void**>(&flags), 2 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable),
            cudaSuccess);
  flags[0] = flags[1] = 0;
  std::vector<long long> r0(2, -1), r1(2, -1);
  {
    array_view<long long, 1> v0(2, r0), v1(2, r1);
    handshake(gpu(0), flags + 0, flags + 1, v0);  // queued on cuda:0; does not wait
    handshake(gpu(1), flags + 1, flags + 0, v1);  // queued on cuda:1 while cuda:0 spins
    v0.synchronize();
    v1.synchronize();
  }
  cudaFreeHost(flags);
  EXPECT_EQ(r0[0], 1) << "the kernel on cuda:0 gave up after " << r0[1] << " reads: the launches did not overlap";
  EXPECT_EQ(r1[0], 1) << "the kernel on cuda:1 gave up after " << r1[1] << " reads: the launches did not overlap";
}

}  // namespace two_gpu_tests

int main(int argc, char** argv) {
  if (const std::string why = tessera::cuda::unavailable_reason(); !why.empty()) {
    std::printf("SKIP: %s; the two-GPU tests need two NVIDIA GPUs\n", why.c_str());
    return 77;
  }
  int count = 0;
  cudaGetDeviceCount(&count);
  if (count < 2) {
    std::printf("SKIP: needs 2 GPUs; this host has %d\n", count);
    return 77;
  }
  tessera::cuda::register_devices();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
