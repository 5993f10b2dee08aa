// Whether the calling thread is running a launch's kernel code (a tile's fiber, or the points of a
// non-tiled launch): a fault there belongs to the kernel, not to the host program.
#pragma once

namespace tessera::emulator::detail {

bool running_kernel_code() noexcept;

}  // namespace tessera::emulator::detail
