// The emulator's launcher (the backend contract, detail/backend.hpp): every launch on the "emulator"
// device runs here, synchronously, on the host.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/emulator/launch.hpp>

namespace tessera::emulator {

struct launcher {
  static constexpr const char* name = "emulator";

  template <class Domain, class Kernel>
  static void launch(const accelerator_view&, const Domain& domain, const Kernel& kernel) {
    detail::launch(domain, kernel);
  }
};

}  // namespace tessera::emulator
