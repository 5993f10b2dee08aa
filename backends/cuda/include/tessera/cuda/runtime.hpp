// The CUDA backend's host runtime: devices, device memory for views, and CUDA errors as the model's
// exceptions. Plain host code (it links the CUDA runtime but contains no kernels), so a program built
// with a host compiler can list GPUs and report why none is usable.
#pragma once

#include <tessera/cuda/devices.hpp>
#include <tessera/detail/data_home.hpp>

#include <cstddef>
#include <memory>
#include <string>

namespace tessera::cuda {

// Empty when at least one CUDA device is usable; otherwise one line saying why not (no driver, no device).
std::string unavailable_reason();

namespace detail {

// Throws the model's exception for a CUDA error code: out_of_memory, accelerator_view_removed for errors
// that leave the context unusable (a kernel fault), runtime_exception otherwise. The message carries the
// CUDA error name and text and says what was being done. `code` is a cudaError_t.
[[noreturn]] void throw_cuda_error(int code, const char* doing);
inline void check(int code, const char* doing) {
  if (code != 0) throw_cuda_error(code, doing);
}

// Device memory mirroring a data_home (tessera/detail/data_home.hpp).
std::unique_ptr<tessera::detail::device_mirror> make_mirror(int device, std::size_t bytes);

// Makes `device` current on the calling thread.
void use_device(int device);

// Called after every kernel launch: reports configuration and launch errors at the call site.
void check_launch(const char* kernel_kind);

}  // namespace detail

}  // namespace tessera::cuda
