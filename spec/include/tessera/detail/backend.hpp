// The backend contract: what a backend gives the model so that parallel_for_each runs on its devices.
//
// The model names no backend and includes no backend header. A backend is a folder (emulator/,
// backends/<name>/) with a library target and one tessera_add_backend() call in its CMakeLists.txt
// (cmake/TesseraBackends.cmake); CMake then writes the headers under <tessera/generated/> that reach the
// backend's pieces at compile time. A backend provides:
//
//   devices    a header declaring `void register_devices();` and an inline variable that calls it, so
//              that every program including <tessera/accelerator.hpp> lists the backend's devices
//              (register_device_enumerator, accelerator.hpp). Each device_info names its backend.
//   launcher   a type with `static constexpr const char* name` (the device_info::backend of its devices)
//              and `template <class Domain, class Kernel> static void launch(const accelerator_view&,
//              const Domain&, const Kernel&)`; Domain is an extent<N> or a tiled_extent<D0, D1, D2>,
//              already validated (compute_domain.hpp). A launcher may need its own compiler (the CUDA
//              one exists only in nvcc's translation units): tessera_add_backend's LAUNCHER_CONDITION.
//   hooks      barriers, fences and atomics in kernel code. A backend that runs kernel code on the host
//              defines detail::barrier_wait and detail::memory_fence (execution_hooks.hpp) and may set
//              detail::host_backend (host_runtime.hpp); one with its own device pass supplies a header
//              defining them, and detail::atomic_ops, for that pass (DEVICE_PASS_HEADER).
//
// Launch records shared by every backend: detail::tiled_shape (tiled_shape.hpp) and the row-major
// numbering (row_major.hpp); launch_capture.hpp moves the captured views' data to where the launch runs.
#pragma once

#include <tessera/accelerator.hpp>

namespace tessera::detail {

// The launchers a translation unit has, in the order CMake added their backends. `void` entries are
// placeholders (the generated list starts with one, so that every real entry can follow a comma).
template <class... Launchers>
struct launcher_list {};

// A launch on a device no launcher of this translation unit runs: unsupported_feature saying why (the
// device stores data only, PFE-10; or its backend needs another compiler: the device's launch_hint).
[[noreturn]] void throw_no_launcher(const device_info& device);

}  // namespace tessera::detail
