// The one place that maps an accelerator_view to the launcher that runs a launch on it.
//
// The view's device names its backend; the translation unit's launchers (generated from the backends
// this build has, detail/backend.hpp) are tried in order. A device whose backend has no launcher here
// (a GPU's kernels need its own compiler) says so, with the backend's own hint, instead of running the
// launch elsewhere.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/detail/backend.hpp>
#include <tessera/exceptions.hpp>
#include <tessera/generated/launchers.hpp>

#include <string>
#include <type_traits>

namespace tessera::detail {

template <class Launcher, class Domain, class Kernel>
bool launch_if_named(const std::string& backend, const accelerator_view& view, const Domain& domain,
                     const Kernel& kernel) {
  if constexpr (std::is_void_v<Launcher>) {
    return false;
  } else {
    if (backend != Launcher::name) return false;
    Launcher::launch(view, domain, kernel);
    return true;
  }
}

template <class Domain, class Kernel, class... Launchers>
void dispatch_to(launcher_list<Launchers...>, const accelerator_view& view, const Domain& domain, const Kernel& kernel) {
  const device_info& device = view.device();
  if (!(launch_if_named<Launchers>(device.backend, view, domain, kernel) || ...)) throw_no_launcher(device);
}

template <class Domain, class Kernel>
void dispatch(const accelerator_view& view, const Domain& domain, const Kernel& kernel) {
  dispatch_to(linked_launchers{}, view, domain, kernel);
}

}  // namespace tessera::detail
