// What nvcc's device pass compiles kernel code against: barriers and fences, and atomics, as CUDA
// primitives (the backend contract's device-pass hooks, detail/backend.hpp).
#pragma once

#include <tessera/cuda/device_atomics.cuh>
#include <tessera/cuda/device_hooks.cuh>
