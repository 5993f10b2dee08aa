// The emulator's launcher (the backend contract, detail/backend.hpp): every launch on an emulated
// device runs here, synchronously, on the host: on the first device in host memory, but for the program's
// own containers, which it keeps a copy of as a GPU does; on the others in the device's own mirrors (host
// memory the device owns, devices.cpp), as a launch on a GPU computes in the GPU's memory.
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
    capture.make_mirror = view.device().make_mirror ? view.device().make_mirror : view.device().make_container_mirror;
    capture.on_device = view.device().make_mirror != nullptr;
    capture.mirror_containers = view.device().make_container_mirror != nullptr;
    capture.device_id = &view.device();
    capture.device_path = view.device().path.c_str();
    detail::launch(domain, kernel, capture);
  }
};

}  // namespace tessera::emulator
