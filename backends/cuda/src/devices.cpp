// CUDA devices as accelerators ("cuda:0", "cuda:1", ...).
#include <tessera/accelerator.hpp>
#include <tessera/cuda/devices.hpp>
#include <tessera/cuda/runtime.hpp>

#include <cuda_runtime_api.h>

#include <mutex>
#include <string>
#include <vector>

namespace tessera::cuda {
namespace {

std::vector<tessera::detail::device_info> enumerate() {
  std::vector<tessera::detail::device_info> devices;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear: no driver or no device is not an error of the program
    return devices;
  }
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    tessera::detail::device_info d;
    d.path = "cuda:" + std::to_string(i);
    d.description = std::string(p.name) + " (sm_" + std::to_string(p.major) + std::to_string(p.minor) + ")";
    d.backend = "cuda";
    d.launch_hint =
        "a GPU runs only kernels nvcc compiled: build the kernel's source as CUDA (tessera_cuda_twin) or launch on the "
        "\"emulator\" accelerator";
    d.ordinal = i;
    d.version = static_cast<unsigned>(p.major) << 16 | static_cast<unsigned>(p.minor);
    d.dedicated_memory_kb = p.totalGlobalMem / 1024;
    d.has_display = false;
    d.supports_double_precision = true;
    d.supports_cpu_shared_memory = false;
    d.is_debug = false;
    d.is_emulated = false;
    d.make_mirror = &detail::make_mirror;
    d.wait = [](int ordinal) {
      detail::use_device(ordinal);
      detail::check(cudaDeviceSynchronize(), "waiting for the device's queued work");
    };
    devices.push_back(std::move(d));
  }
  return devices;
}

}  // namespace

std::string unavailable_reason() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorName(e) + ": " + cudaGetErrorString(e) + ")";
  }
  if (count == 0) return "no CUDA device present";
  return {};
}

void register_devices() {
  static std::once_flag once;
  std::call_once(once, [] { tessera::detail::register_device_enumerator(&enumerate); });
}

}  // namespace tessera::cuda
