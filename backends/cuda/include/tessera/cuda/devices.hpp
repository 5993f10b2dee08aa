// The GPUs as accelerators ("cuda:0", "cuda:1", ...) in every program that links the CUDA backend,
// whichever compiler built its translation units: a host-compiled program can list GPUs and say why
// none is usable, even though only nvcc-compiled kernels run on them.
#pragma once

namespace tessera::cuda {

// Adds the "cuda:N" accelerators to the registry (idempotent).
void register_devices();

inline const bool devices_registered = (register_devices(), true);

}  // namespace tessera::cuda
