// Small kernels with one planted bug each, to record compute-sanitizer's real output.
#include <cstdio>
#include <string_view>
#include <cuda_runtime.h>

__global__ void shared_race(int* out) {          // RAW/WAW on shared without a barrier
  __shared__ int s[64];
  int i = threadIdx.x;
  s[i] = i;
  out[i] = s[(i + 1) % 64];
}
__global__ void shared_read_before_write(int* out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  out[i] = s[(i + 33) % 64];
  __syncthreads();
  s[i] = i;
}
__global__ void global_race_in_block(int* out) {
  int i = threadIdx.x;
  out[i % 4] = i;
}
__global__ void global_race_between_blocks(int* out) {
  out[threadIdx.x] = blockIdx.x;
}
__global__ void divergent_barrier(int* out) {
  int i = threadIdx.x;
  if (i < 16) {
    __syncthreads();
    out[i] = 1;
  } else {
    out[i] = 2;
  }
}
__global__ void divergent_barrier_two(int* out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  s[i] = i;
  if (i % 2 == 0) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[i] = s[63 - i];
}
__global__ void oob_write(int* out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i + n] = i;
}
__global__ void oob_read(const int* in, int* out, int n) {
  int i = threadIdx.x;
  out[i] = in[i + n];
}
__global__ void host_memory(int* host_ptr) {
  host_ptr[threadIdx.x] = 1;
}
__global__ void uninit_global_read(const int* in, int* out) {
  int i = threadIdx.x;
  out[i] = in[i] + 1;
}
__global__ void correct_kernel(int* out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  s[i] = i;
  __syncthreads();
  out[i] = s[63 - i];
}

static void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::printf("%s: %s\n", what, cudaGetErrorString(e));
}

int main(int argc, char** argv) {
  const char* which = argc > 1 ? argv[1] : "all";
  int* d = nullptr; int* d2 = nullptr;
  check(cudaMalloc(&d, 256 * sizeof(int)), "malloc");
  check(cudaMalloc(&d2, 256 * sizeof(int)), "malloc2");
  check(cudaMemset(d, 0, 256 * sizeof(int)), "memset");
  auto is = [&](const char* n) { return std::string_view(which) == n; };
  if (is("shared_race")) shared_race<<<1, 64>>>(d);
  if (is("shared_rbw")) shared_read_before_write<<<1, 64>>>(d);
  if (is("global_race")) global_race_in_block<<<1, 64>>>(d);
  if (is("global_between")) global_race_between_blocks<<<4, 64>>>(d);
  if (is("divergent")) divergent_barrier<<<1, 64>>>(d);
  if (is("divergent_two")) divergent_barrier_two<<<1, 64>>>(d);
  if (is("oob_write")) oob_write<<<2, 64>>>(d, 200);
  if (is("oob_read")) oob_read<<<1, 64>>>(d, d2, 230);
  if (is("host")) { static int host[64]; host_memory<<<1, 64>>>(host); }
  if (is("uninit")) uninit_global_read<<<1, 64>>>(d2, d);
  if (is("correct")) correct_kernel<<<1, 64>>>(d);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "sync");
  std::printf("done %s\n", which);
  return 0;
}
