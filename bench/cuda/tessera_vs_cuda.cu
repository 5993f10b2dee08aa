// Tessera kernels on the GPU against the same algorithms written by hand in plain CUDA. The Tessera side
// is the shared kernels (conformance/kernels/include/tessera/kernels/), except the 2x2 tile average (see
// tree_tile_average_2x2); the CUDA side is written here, by hand: it is the baseline.
//
// For each kernel: kernel time from CUDA events around the launch (median of many, after warm-up), the
// ratio hand-written / Tessera (>= 0.95 is the goal), and for the memory-bound kernels the achieved
// bandwidth against a device-to-device copy measured in the same run. Both versions are checked to
// produce the same result before they are timed.
//
//   tessera_vs_cuda [--quick]      (--quick: small sizes, a few repetitions; for a smoke run)
#include <tessera/amp.hpp>
#include <tessera/cuda/runtime.hpp>
#include <tessera/kernels/histogram.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/tile_average.hpp>
#include <tessera/kernels/transpose.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using tessera::array_view;
using tessera::tiled_index;

namespace {

int repetitions = 30;
// Launches per timed sample: back-to-back launches hide the launch latency that a single short kernel
// would otherwise carry in its event time (the same for both versions).
constexpr int batch = 10;

void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

// Median kernel time in milliseconds of `launch`, timed with events.
double median_ms(const std::function<void()>& launch) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int i = 0; i < 3; ++i) launch();
  cuda_check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> times;
  for (int i = 0; i < repetitions; ++i) {
    cudaEventRecord(start);
    for (int b = 0; b < batch; ++b) launch();
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms / batch);
  }
  cuda_check(cudaGetLastError(), "timed launches");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::vector<float> random_floats(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

struct device_buffer {
  float* p = nullptr;
  explicit device_buffer(std::size_t n) { cuda_check(cudaMalloc(&p, n * sizeof(float)), "cudaMalloc"); }
  ~device_buffer() { cudaFree(p); }
  void upload(const std::vector<float>& v) { cudaMemcpy(p, v.data(), v.size() * sizeof(float), cudaMemcpyHostToDevice); }
  std::vector<float> download(std::size_t n) const {
    std::vector<float> v(n);
    cudaMemcpy(v.data(), p, n * sizeof(float), cudaMemcpyDeviceToHost);
    return v;
  }
};

double max_rel_diff(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double d = std::fabs(double(a[i]) - double(b[i])) / std::max(1e-6, std::fabs(double(b[i])));
    if (std::isnan(a[i]) != std::isnan(b[i])) return INFINITY;
    worst = std::max(worst, d);
  }
  return worst;
}

struct row {
  std::string name;
  double tessera_ms, cuda_ms, bytes, flops, diff;
};
std::vector<row> rows;
double copy_gbs = 0;

void report(const row& r) {
  rows.push_back(r);
  std::printf("%-34s tessera %9.4f ms  cuda %9.4f ms  ratio %.3f  max rel diff %.1e\n", r.name.c_str(), r.tessera_ms,
              r.cuda_ms, r.cuda_ms / r.tessera_ms, r.diff);
}

// ---------------------------------------------------------------------------------------------------
// Device-to-device copy: the bandwidth ceiling (bytes read + bytes written).
void measure_copy(std::size_t n) {
  device_buffer a(n), b(n);
  cudaMemset(a.p, 0, n * sizeof(float));
  const double ms = median_ms([&] { cudaMemcpyAsync(b.p, a.p, n * sizeof(float), cudaMemcpyDeviceToDevice); });
  copy_gbs = 2.0 * n * sizeof(float) / (ms * 1e6);
  std::printf("device-to-device copy of %zu MiB: %.4f ms, %.0f GB/s (read + write)\n", n * sizeof(float) >> 20, ms, copy_gbs);
}

// ---------------------------------------------------------------------------------------------------
// Tile average: every element becomes the mean of its T x T tile (tree reduction in shared memory).
template <int T>
__global__ void cuda_tile_average(const float* in, float* out, int cols) {
  __shared__ float s[T * T];
  const int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  const int l = threadIdx.y * T + threadIdx.x;
  s[l] = in[row * cols + col];
  __syncthreads();
  for (int stride = T * T / 2; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    __syncthreads();
  }
  out[row * cols + col] = s[0] / (T * T);
}

// The 2x2 tile average with the same tree as cuda_tile_average<2>. The shared tile_average<2> adds a
// tile's four elements in row order instead, and on these random floats in [-1, 1] that differs from the
// tree by more than the 1e-5 relative tolerance below wherever a tile's sum is near 0 (a serial
// simulation of both orders: worst 4.7e-4 at 1024^2, 1.5e-2 at 8192^2), so the 2x2 row keeps its own
// kernel, the tree that its CUDA twin runs.
void tree_tile_average_2x2(const tessera::accelerator_view& view, array_view<const float, 2> in, array_view<float, 2> out) {
  constexpr int T = 2;
  tessera::parallel_for_each(view, out.extent.tile<T, T>(), [=] restrict_amp (tiled_index<T, T> t) {
    tile_static float s[T * T];
    const int l = t.local[0] * T + t.local[1];
    s[l] = in[t];
    t.barrier.wait();
    for (int stride = T * T / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    out[t] = s[0] / (T * T);
  });
}

template <int T>
void tile_average(int n) {
  const auto host_in = random_floats(std::size_t(n) * n, 1);
  std::vector<float> host_out(std::size_t(n) * n);
  array_view<const float, 2> in(n, n, host_in);
  array_view<float, 2> out(n, n, host_out);
  const tessera::accelerator_view view = tessera::accelerator().get_default_view();
  auto tessera_launch = [&] {
    if constexpr (T == 2)
      tree_tile_average_2x2(view, in, out);
    else
      tessera::kernels::tile_average<T>(view, in, out);
  };
  device_buffer din(std::size_t(n) * n), dout(std::size_t(n) * n);
  din.upload(host_in);
  auto cuda_launch = [&] { cuda_tile_average<T><<<dim3(n / T, n / T), dim3(T, T)>>>(din.p, dout.p, n); };
  tessera_launch();
  cuda_launch();
  out.synchronize();
  const double diff = max_rel_diff(host_out, dout.download(std::size_t(n) * n));
  const double t_ms = median_ms(tessera_launch), c_ms = median_ms(cuda_launch);
  report({std::to_string(T) + "x" + std::to_string(T) + " tile average " + std::to_string(n) + "^2", t_ms, c_ms,
          2.0 * n * n * sizeof(float), 0, diff});
}

// ---------------------------------------------------------------------------------------------------
// 16x16 tiled matrix multiply, C = A * B, all N x N.
constexpr int MT = 16;
__global__ void cuda_matmul(const float* a, const float* b, float* c, int n) {
  __shared__ float as[MT][MT], bs[MT][MT];
  const int row = blockIdx.y * MT + threadIdx.y, col = blockIdx.x * MT + threadIdx.x;
  float sum = 0;
  for (int k0 = 0; k0 < n; k0 += MT) {
    as[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < MT; ++k) sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

void matmul(int n) {
  const auto ha = random_floats(std::size_t(n) * n, 2), hb = random_floats(std::size_t(n) * n, 3);
  std::vector<float> hc(std::size_t(n) * n);
  array_view<const float, 2> a(n, n, ha), b(n, n, hb);
  array_view<float, 2> c(n, n, hc);
  const tessera::accelerator_view view = tessera::accelerator().get_default_view();
  auto tessera_launch = [&] { tessera::kernels::tiled_matmul<MT>(view, a, b, c); };
  device_buffer da(std::size_t(n) * n), db(std::size_t(n) * n), dc(std::size_t(n) * n);
  da.upload(ha);
  db.upload(hb);
  auto cuda_launch = [&] { cuda_matmul<<<dim3(n / MT, n / MT), dim3(MT, MT)>>>(da.p, db.p, dc.p, n); };
  tessera_launch();
  cuda_launch();
  c.synchronize();
  const double diff = max_rel_diff(hc, dc.download(std::size_t(n) * n));
  const double t_ms = median_ms(tessera_launch), c_ms = median_ms(cuda_launch);
  report({"16x16 tiled matmul N=" + std::to_string(n), t_ms, c_ms, 0, 2.0 * n * double(n) * n, diff});
}

// ---------------------------------------------------------------------------------------------------
// 256-wide tree reduction: each tile of 256 threads sums PER_THREAD * 256 consecutive floats into one
// partial sum (each thread first adds PER_THREAD elements strided by 256, so loads stay coalesced).
constexpr int RW = 256, PER_THREAD = 16;
__global__ void cuda_reduce(const float* in, float* partial) {
  __shared__ float s[RW];
  const int l = threadIdx.x;
  const float* base = in + std::size_t(blockIdx.x) * RW * PER_THREAD;
  float v = 0;
  for (int j = 0; j < PER_THREAD; ++j) v += base[j * RW + l];
  s[l] = v;
  __syncthreads();
  for (int stride = RW / 2; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    __syncthreads();
  }
  if (l == 0) partial[blockIdx.x] = s[0];
}

void reduction(int n) {
  const int tiles = n / (RW * PER_THREAD);
  const auto hin = random_floats(n, 4);
  std::vector<float> hpartial(tiles);
  array_view<const float, 1> in(n, hin);
  array_view<float, 1> partial(tiles, hpartial);
  const tessera::accelerator_view view = tessera::accelerator().get_default_view();
  auto tessera_launch = [&] { tessera::kernels::tile_reduce<RW>(view, in, partial, PER_THREAD); };
  device_buffer din(n), dpartial(tiles);
  din.upload(hin);
  auto cuda_launch = [&] { cuda_reduce<<<tiles, RW>>>(din.p, dpartial.p); };
  tessera_launch();
  cuda_launch();
  partial.synchronize();
  const double diff = max_rel_diff(hpartial, dpartial.download(tiles));
  const double t_ms = median_ms(tessera_launch), c_ms = median_ms(cuda_launch);
  report({"256-wide reduction of 2^" + std::to_string(int(std::log2(n))) + " floats", t_ms, c_ms,
          double(n) * sizeof(float) + double(tiles) * sizeof(float), 0, diff});
}

// ---------------------------------------------------------------------------------------------------
// 32x32 tiled transpose through shared memory (one padding column against bank conflicts). A tile of
// 32x8 threads moves a 32x32 block, each thread four elements, so every thread has several loads in
// flight.
constexpr int TT = 32, TR = 8;
__global__ void cuda_transpose(const float* in, float* out, int n) {
  __shared__ float s[TT][TT + 1];
  const int x = blockIdx.x * TT + threadIdx.x, y = blockIdx.y * TT + threadIdx.y;
  for (int j = 0; j < TT; j += TR) s[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  const int ox = blockIdx.y * TT + threadIdx.x, oy = blockIdx.x * TT + threadIdx.y;
  for (int j = 0; j < TT; j += TR) out[(oy + j) * n + ox] = s[threadIdx.x][threadIdx.y + j];
}

void transpose(int n) {
  const auto hin = random_floats(std::size_t(n) * n, 5);
  std::vector<float> hout(std::size_t(n) * n);
  array_view<const float, 2> in(n, n, hin);
  array_view<float, 2> out(n, n, hout);
  const tessera::accelerator_view view = tessera::accelerator().get_default_view();
  auto tessera_launch = [&] { tessera::kernels::tiled_transpose<TT, TR>(view, in, out); };
  device_buffer din(std::size_t(n) * n), dout(std::size_t(n) * n);
  din.upload(hin);
  auto cuda_launch = [&] { cuda_transpose<<<dim3(n / TT, n / TT), dim3(TT, TR)>>>(din.p, dout.p, n); };
  tessera_launch();
  cuda_launch();
  out.synchronize();
  const double diff = max_rel_diff(hout, dout.download(std::size_t(n) * n));
  const double t_ms = median_ms(tessera_launch), c_ms = median_ms(cuda_launch);
  report({"32x32 transpose " + std::to_string(n) + "^2", t_ms, c_ms, 2.0 * n * double(n) * sizeof(float), 0, diff});
}

// ---------------------------------------------------------------------------------------------------
// Histogram of ints into 64 bins: atomics on shared memory within a block, then on global memory (the
// shared tile_histogram). Its integer counts must be equal.
constexpr int HW = 256, HB = 64;
__global__ void cuda_histogram(const int* values, int* bins, int n) {
  __shared__ int s[HB];
  const int l = threadIdx.x, g = blockIdx.x * HW + l;
  for (int b = l; b < HB; b += HW) s[b] = 0;
  __syncthreads();
  if (g < n) {
    const int v = values[g];
    if (v >= 0 && v < HB) atomicAdd(&s[v], 1);
  }
  __syncthreads();
  for (int b = l; b < HB; b += HW)
    if (s[b] != 0) atomicAdd(&bins[b], s[b]);
}

void histogram(int n) {
  std::mt19937 rng(6);
  std::uniform_int_distribution<int> d(0, HB - 1);
  std::vector<int> hv(n), hbins(HB, 0), cuda_bins(HB);
  for (auto& v : hv) v = d(rng);
  array_view<const int, 1> values(n, hv);
  array_view<int, 1> bins(HB, hbins);
  const tessera::accelerator_view view = tessera::accelerator().get_default_view();
  auto tessera_launch = [&] { tessera::kernels::tile_histogram<HW, HB>(view, values, bins); };
  int *dv = nullptr, *db = nullptr;
  cuda_check(cudaMalloc(&dv, n * sizeof(int)), "cudaMalloc");
  cuda_check(cudaMalloc(&db, HB * sizeof(int)), "cudaMalloc");
  cudaMemcpy(dv, hv.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(db, 0, HB * sizeof(int));
  auto cuda_launch = [&] { cuda_histogram<<<(n + HW - 1) / HW, HW>>>(dv, db, n); };
  tessera_launch();
  cuda_launch();
  bins.synchronize();
  cudaMemcpy(cuda_bins.data(), db, HB * sizeof(int), cudaMemcpyDeviceToHost);
  const double diff = hbins == cuda_bins ? 0.0 : INFINITY;
  const double t_ms = median_ms(tessera_launch), c_ms = median_ms(cuda_launch);
  cudaFree(dv);
  cudaFree(db);
  report({"histogram of 2^" + std::to_string(int(std::log2(n))) + " ints, 64 bins", t_ms, c_ms, double(n) * sizeof(int), 0, diff});
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  if (const std::string why = tessera::cuda::unavailable_reason(); !why.empty()) {
    std::printf("SKIP: %s\n", why.c_str());
    return 77;
  }
  if (quick) repetitions = 5;
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::printf("GPU: %s, %d SMs, driver API %d, runtime %d; median of %d samples of %d back-to-back launches each\n",
              p.name, p.multiProcessorCount, driver, runtime, repetitions, batch);

  measure_copy(quick ? (1u << 22) : (1u << 26));
  tile_average<2>(quick ? 1024 : 8192);
  tile_average<16>(quick ? 1024 : 8192);
  for (int n : quick ? std::vector<int>{256} : std::vector<int>{1024, 2048, 4096}) matmul(n);
  reduction(quick ? (1 << 20) : (1 << 24));
  transpose(quick ? 1024 : 8192);
  histogram(quick ? (1 << 20) : (1 << 23));  // 2^23 / 256 = 32,768 tiles: one dimension holds at most 65,535

  std::printf("\n| kernel | Tessera (ms) | hand-written CUDA (ms) | CUDA / Tessera | achieved | of copy bandwidth |\n");
  std::printf("|---|---:|---:|---:|---:|---:|\n");
  bool ok = true;
  for (const auto& r : rows) {
    std::string achieved = "-", of_copy = "-";
    if (r.bytes > 0) {
      const double gbs = r.bytes / (r.tessera_ms * 1e6);
      achieved = std::to_string(int(gbs)) + " GB/s";
      of_copy = std::to_string(int(100 * gbs / copy_gbs)) + "%";
    } else if (r.flops > 0) {
      achieved = std::to_string(int(r.flops / (r.tessera_ms * 1e6))) + " GFLOP/s";
    }
    std::printf("| %s | %.4f | %.4f | %.3f | %s | %s |\n", r.name.c_str(), r.tessera_ms, r.cuda_ms, r.cuda_ms / r.tessera_ms,
                achieved.c_str(), of_copy.c_str());
    if (r.diff > 1e-5) ok = false;
  }
  std::printf("copy bandwidth: %.0f GB/s\n", copy_gbs);
  if (!ok) {
    std::printf("FAIL: a Tessera kernel and its hand-written twin disagree\n");
    return 1;
  }
  return 0;
}
