// The emulator's launcher (the backend contract, detail/backend.hpp): every launch on an emulated
// device runs here, synchronously, on the host, in the device's own mirrors (host memory the device owns,
// devices.cpp), as a launch on a GPU computes in the GPU's memory.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/emulator/launch.hpp>

namespace tessera::emulator {

struct launcher {
  static constexpr const char* name = "emulator";

  template <class Domain, class Kernel>
  static void launch(const accelerator_view& view, const Domain& domain, const Kernel& kernel) {
    tessera::detail::launch_capture capture;
    capture.device = view.device().ordinal;
    capture.make_mirror = view.device().make_mirror;
    capture.on_device = capture.make_mirror != nullptr;
    capture.device_id = &view.device();
    capture.device_path = view.device().path.c_str();
    detail::launch(domain, kernel, capture);
  }
};

}  // namespace tessera::emulator
