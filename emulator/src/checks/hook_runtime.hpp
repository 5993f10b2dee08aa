// hook_runtime: makes sure the instrumentation hooks that checked kernels call are the emulator's.
//
// tessera_checked_kernels() compiles kernels with -fsanitize=thread and the program is linked without it,
// so the __tsan_* calls land in access_hooks.cpp. Linked with -fsanitize=thread as well, the program
// loads libtsan, whose definitions of those functions are found first: the kernels then report to
// ThreadSanitizer (which knows nothing of tiles, barriers or fibers) and every check of the emulator is
// silently off. The first launch with checks on finds that out and refuses to run.
#pragma once

namespace tessera::emulator::detail {

// Throws tessera::unsupported_feature naming the problem and the fix when another ThreadSanitizer
// runtime (libtsan) is in the process. Checked once per process; later calls cost a load.
void require_own_hooks();

}  // namespace tessera::emulator::detail
