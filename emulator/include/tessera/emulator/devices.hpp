// The emulator's devices in the accelerator registry of every program that links it.
//
// TESSERA_EMULATOR_DEVICES=N (default 1) sets how many emulated accelerators there are. With one (the
// default), the device is "emulator"; with N > 1 they are "emulator:0" ... "emulator:N-1" ("emulator"
// still names emulator:0). emulator:0 computes in host memory but keeps a copy (a mirror,
// detail/data_home.hpp) of the program's own containers, as a GPU does: a kernel's writes reach a view's
// std::vector only when the program synchronizes, so a forgotten synchronize() shows on the CPU as it
// would on a GPU; arrays and views without a data source stay in host memory, where an array captured by
// reference reaches them too. Every other one computes in memory of its own, so data moves between
// emulated devices exactly as between GPUs. Each runs the same checks.
#pragma once

namespace tessera::emulator {

// Lists the emulated devices among the accelerators and installs the emulator as the model's host backend
// (detail/host_runtime.hpp). Idempotent.
void register_devices();

// The number TESSERA_EMULATOR_DEVICES asks for: unset or empty means 1. A value that is not a whole
// number from 1 to max_devices throws runtime_exception naming the variable and the fix.
constexpr unsigned max_devices = 64;
unsigned parse_device_count(const char* text);
unsigned device_count();

inline const bool devices_registered = (register_devices(), true);

}  // namespace tessera::emulator
