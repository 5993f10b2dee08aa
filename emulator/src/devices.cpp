// The "emulator" accelerator, and the emulator as the model's host backend.
#include <tessera/accelerator.hpp>
#include <tessera/detail/host_runtime.hpp>
#include <tessera/emulator/devices.hpp>

#include <execinfo.h>

#include <mutex>
#include <vector>

namespace tessera::emulator {
namespace {

std::vector<tessera::detail::device_info> enumerate() {
  tessera::detail::device_info d;
  d.path = accelerator::emulator_accelerator;
  d.description = "Tessera emulator (deterministic CPU reference with checks)";
  d.backend = "emulator";
  d.version = 1u << 16;
  return {d};
}

// The stack of the code that called the model's throwing function, for code_sites to find the kernel's
// line in (frame 0, this function, is left out; the model's own frames are skipped when symbolized).
std::vector<const void*> call_stack() {
  void* frames[16];
  const int n = backtrace(frames, 16);
  return std::vector<const void*>(frames + (n > 1 ? 1 : n), frames + n);
}

}  // namespace

void register_devices() {
  static std::once_flag once;
  std::call_once(once, [] {
    tessera::detail::host_backend.call_stack = &call_stack;
    tessera::detail::register_device_enumerator(&enumerate);
  });
}

}  // namespace tessera::emulator
