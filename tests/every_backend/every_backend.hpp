// What the every-backend test programs share: the compute accelerators this build can use, and the
// checks that each of them ran its launches where it says and that an nvcc build had a GPU take part.
//
// The same source is compiled by the host compiler (the emulator only) and by nvcc (the emulator and each
// CUDA GPU). Kernels live in free functions taking the accelerator_view: nvcc does not allow an extended
// __host__ __device__ lambda inside a TEST body (a private member function).
#pragma once

#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

namespace every_backend_support {

// The default view of every accelerator that runs kernels: the emulator first; the GPUs in nvcc builds
// (a host-compiled kernel cannot run on a GPU: the nvcc twin covers those).
inline std::vector<tessera::accelerator_view> compute_views() {
  std::vector<tessera::accelerator_view> views;
  for (const auto& a : tessera::accelerator::get_all())
    if (a.get_device_path() != tessera::accelerator::cpu_accelerator) views.push_back(a.get_default_view());
#if !defined(__CUDACC__)
  views.erase(std::remove_if(views.begin(), views.end(),
                             [](const tessera::accelerator_view& v) { return !v.get_accelerator().get_is_emulated(); }),
              views.end());
#endif
  return views;
}

inline std::string name(const tessera::accelerator_view& v) { return v.get_accelerator().get_device_path(); }

// 1 where the kernel ran as GPU code (nvcc's device pass compiled it), 0 where it ran on the host (the
// emulator): proves which backend ran a launch, whatever the results.
inline int ran_as_gpu_code(const tessera::accelerator_view& where) {
  std::vector<int> out(1, -1);
  tessera::array_view<int, 1> v(1, out);
  tessera::parallel_for_each(where, v.extent, [=] restrict_amp (tessera::index<1> i) {
#if defined(__CUDA_ARCH__)
    v[i] = 1;
#else
    v[i] = 0;
#endif
  });
  v.synchronize();
  return out[0];
}

// The GPUs among the views; the nvcc build must have one (its main() skips the program without one).
inline int gpu_views(const std::vector<tessera::accelerator_view>& views) {
  int gpus = 0;
  for (const auto& v : views) gpus += !v.get_accelerator().get_is_emulated();
  return gpus;
}

// `kernel(view)` gives `expected` on every compute view; an nvcc build fails when no GPU took part.
template <class Kernel>
void expect_same_on_every_backend(Kernel kernel, const std::invoke_result_t<Kernel, const tessera::accelerator_view&>& expected) {
  const auto views = compute_views();
#if defined(__CUDACC__)
  EXPECT_GE(gpu_views(views), 1) << "no GPU took part: the results were compared on the emulator only";
#endif
  for (const auto& v : views) EXPECT_EQ(kernel(v), expected) << "on " << name(v);
}

// Each listed view runs its launches where it says (the emulator on the host, a GPU as GPU code), and an
// nvcc build lists a GPU: its tests did not compare the emulator with itself.
inline void expect_every_listed_backend_runs_its_own_code() {
  const auto views = compute_views();
  ASSERT_FALSE(views.empty());
  EXPECT_EQ(name(views.front()), "emulator");
  for (const auto& v : views) EXPECT_EQ(ran_as_gpu_code(v), v.get_accelerator().get_is_emulated() ? 0 : 1) << "on " << name(v);
#if defined(__CUDACC__)
  EXPECT_GE(gpu_views(views), 1) << "the nvcc build listed no GPU: its tests compared the emulator with itself";
#else
  EXPECT_EQ(gpu_views(views), 0);
#endif
}

}  // namespace every_backend_support
