// The emulator's device, "emulator", in the accelerator registry of every program that links it.
#pragma once

namespace tessera::emulator {

// Lists "emulator" among the accelerators and installs the emulator as the model's host backend
// (detail/host_runtime.hpp). Idempotent.
void register_devices();

inline const bool devices_registered = (register_devices(), true);

}  // namespace tessera::emulator
