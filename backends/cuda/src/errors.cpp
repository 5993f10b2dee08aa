#include <tessera/cuda/runtime.hpp>

#include <tessera/exceptions.hpp>

#include <cuda_runtime_api.h>

#include <string>

namespace tessera::cuda::detail {

void throw_cuda_error(int code, const char* doing) {
  const auto e = static_cast<cudaError_t>(code);
  // A sticky error (the context is unusable: a kernel faulted) is still reported after being read once.
  cudaGetLastError();
  const bool context_lost = cudaGetLastError() != cudaSuccess;
  const std::string text = std::string("CUDA error while ") + doing + ": " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
  switch (e) {
    case cudaErrorMemoryAllocation:
      throw out_of_memory(text + "; free device memory or use smaller containers");
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorMisalignedAddress:
    case cudaErrorIllegalInstruction:
    case cudaErrorHardwareStackError:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorInvalidAddressSpace:
      throw accelerator_view_removed(text + "; the device context is lost (run the kernel on the emulator to find the fault)",
                                     static_cast<unsigned int>(code));
    case cudaErrorInvalidConfiguration:
    case cudaErrorLaunchOutOfResources:
      throw runtime_exception(text + "; the tile needs more registers or shared memory than a block may have, use a smaller tile",
                              error_code::invalid_argument);
    default:
      if (context_lost)
        throw accelerator_view_removed(text + "; the device context is lost", static_cast<unsigned int>(code));
      throw runtime_exception(text);
  }
}

void check_launch(const char* kernel_kind) { check(cudaGetLastError(), kernel_kind); }

void use_device(int device) { check(cudaSetDevice(device), "selecting the device"); }

}  // namespace tessera::cuda::detail
