// The one place that maps an accelerator_view to the backend that runs a launch.
//
// The emulator is always linked. A CUDA device can run only kernels that nvcc compiled, so a launch on
// one from a translation unit built by a host compiler says so instead of silently running elsewhere.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/emulator/launch.hpp>
#include <tessera/exceptions.hpp>

#include <string>

#if defined(__CUDACC__)
#include <tessera/cuda/launch.cuh>
#endif

namespace tessera::detail {

template <class Domain, class Kernel>
void dispatch(const accelerator_view& view, const Domain& domain, const Kernel& kernel) {
  switch (view.device().backend) {
    case backend_kind::emulator:
      emulator::detail::launch(domain, kernel);
      return;
    case backend_kind::host_memory:
      throw unsupported_feature("parallel_for_each on the \"" + view.device().path +
                                "\" accelerator: it stores data only and cannot run kernels (PFE-10); launch on "
                                "\"emulator\" or a GPU");
    case backend_kind::cuda:
#if defined(__CUDACC__)
      cuda::detail::launch(view, domain, kernel);
      return;
#else
      throw unsupported_feature("parallel_for_each on \"" + view.device().path +
                                "\": this kernel was compiled by a host compiler, and a GPU runs only kernels nvcc compiled; "
                                "build its source as CUDA or launch on the \"emulator\" accelerator");
#endif
  }
}

}  // namespace tessera::detail
