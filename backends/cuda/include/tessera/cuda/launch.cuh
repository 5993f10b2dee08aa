// Launching a kernel on a CUDA device (nvcc only).
//
// Mapping: a tile is a thread block. C++ AMP's dimension 0 is the most significant, so the last
// dimension maps to x: rank 1 -> (x), rank 2 -> (y, x), rank 3 -> (z, y, x), for both the grid of tiles
// and the threads of a tile. Domain validation (spec/compute_domain.hpp) caps tiles at 65535 per
// dimension and 1024 threads per tile, with D0 <= 64 in rank 3, which is inside CUDA's grid and block
// limits, so every valid tiled domain launches as one grid. A non-tiled domain of any rank and size runs
// as a one-dimensional grid-stride loop over its points.
//
// Launches are asynchronous, as the model allows (PFE-6): the host sees results through views, whose
// data comes back with a copy that waits for the kernel. Configuration errors are reported at the call;
// a fault inside the kernel at the next copy, synchronize() or accelerator_view::wait().
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/cuda/runtime.hpp>
#include <tessera/detail/launch_capture.hpp>
#include <tessera/detail/row_major.hpp>
#include <tessera/detail/tiled_shape.hpp>
#include <tessera/extent.hpp>
#include <tessera/tiled_index.hpp>

#include <cstdint>

namespace tessera::cuda::detail {

// TESSERA_TEST_BREAK_BACKEND: a test-only build of the conformance suite that makes this backend
// deliberately wrong (the first two dimensions of the tile-local index swapped), for the differ to catch.
#if defined(TESSERA_TEST_BREAK_BACKEND)
#define TESSERA_CUDA_LOCAL2 index<2>(threadIdx.x, threadIdx.y)
#define TESSERA_CUDA_LOCAL3 index<3>(threadIdx.y, threadIdx.z, threadIdx.x)
#else
#define TESSERA_CUDA_LOCAL2 index<2>(threadIdx.y, threadIdx.x)
#define TESSERA_CUDA_LOCAL3 index<3>(threadIdx.z, threadIdx.y, threadIdx.x)
#endif

template <int D0, int D1, int D2, class Kernel>
__global__ void __launch_bounds__(D0 * (D1 ? D1 : 1) * (D2 ? D2 : 1)) tiled_entry(Kernel kernel) {
  constexpr int rank = tessera::detail::tiled_rank<D0, D1, D2>;
  if constexpr (rank == 1) {
    kernel(tessera::detail::make_tiled_index<D0, D1, D2>(index<1>(blockIdx.x), index<1>(threadIdx.x)));
  } else if constexpr (rank == 2) {
    kernel(tessera::detail::make_tiled_index<D0, D1, D2>(index<2>(blockIdx.y, blockIdx.x), TESSERA_CUDA_LOCAL2));
  } else {
    kernel(tessera::detail::make_tiled_index<D0, D1, D2>(index<3>(blockIdx.z, blockIdx.y, blockIdx.x), TESSERA_CUDA_LOCAL3));
  }
}

template <int N, class Kernel>
__global__ void simple_entry(Kernel kernel, extent<N> domain, std::int64_t points) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; p < points; p += stride)
    kernel(tessera::detail::delinearize<N>(p, domain));
}

inline tessera::detail::launch_capture device_capture(const accelerator_view& view) {
  tessera::detail::launch_capture c;
  c.on_device = true;
  c.device = view.device().ordinal;
  c.make_mirror = &make_mirror;
  c.device_id = &view.device();
  c.device_path = view.device().path.c_str();
  return c;
}

// Capturing may move data from another GPU (which makes that GPU current for the copy), so the launch's
// own device is made current after it: the kernel is queued on its view's device, asynchronously, and
// launches on different GPUs run at the same time.
template <class Kernel>
Kernel capture_on(const accelerator_view& view, const Kernel& kernel) {
  Kernel args = tessera::detail::capture_kernel(kernel, device_capture(view));
  use_device(view.device().ordinal);
  return args;
}

template <int N, class Kernel>
void launch(const accelerator_view& view, const extent<N>& domain, const Kernel& kernel) {
  const Kernel args = capture_on(view, kernel);
  std::int64_t points = 1;
  for (int d = 0; d < N; ++d) points *= domain[d];
  constexpr int block = 256;
  const std::int64_t wanted = (points + block - 1) / block;
  const unsigned int grid = static_cast<unsigned int>(wanted < (1 << 20) ? wanted : (1 << 20));
  simple_entry<N><<<grid, block>>>(args, domain, points);
  check_launch("launching a kernel over an extent");
}

template <int D0, int D1, int D2, class Kernel>
void launch(const accelerator_view& view, const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  const Kernel args = capture_on(view, kernel);
  const tessera::detail::tiled_shape s = tessera::detail::shape_of(domain);
  // The last dimension is x (see the top of this file).
  dim3 grid, block;
  if (s.rank == 1) {
    grid = dim3(s.tiles_per_dim[0]);
    block = dim3(s.tile_dims[0]);
  } else if (s.rank == 2) {
    grid = dim3(s.tiles_per_dim[1], s.tiles_per_dim[0]);
    block = dim3(s.tile_dims[1], s.tile_dims[0]);
  } else {
    grid = dim3(s.tiles_per_dim[2], s.tiles_per_dim[1], s.tiles_per_dim[0]);
    block = dim3(s.tile_dims[2], s.tile_dims[1], s.tile_dims[0]);
  }
  tiled_entry<D0, D1, D2><<<grid, block>>>(args);
  check_launch("launching a tiled kernel");
}

}  // namespace tessera::cuda::detail
