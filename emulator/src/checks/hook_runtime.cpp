#include "hook_runtime.hpp"

#include <tessera/exceptions.hpp>

#include <dlfcn.h>

// Defined next to the hooks (access_hooks.cpp): the address of the emulator's own __tsan_read4. Weak, so
// that asking does not link the hooks into a program whose code calls none of them (a weak reference
// does not pull an archive member in); null then.
extern "C" [[gnu::weak]] const void* tessera_own_tsan_read4() noexcept;

namespace tessera::emulator::detail {
namespace {

bool foreign_tsan_runtime() {
  // Part of libtsan's interface (as of GCC's and LLVM's runtimes); nothing of Tessera defines it.
  if (dlsym(RTLD_DEFAULT, "__tsan_get_report_data") != nullptr) return true;
  // The hook the process resolves by name: none exported (the usual case: the executable's own hooks are
  // bound at link time), or ours. Anything else answers the kernels' calls instead of the checks.
  void* resolved = dlsym(RTLD_DEFAULT, "__tsan_read4");
  if (resolved == nullptr) return false;
  const void* own = tessera_own_tsan_read4 != nullptr ? tessera_own_tsan_read4() : nullptr;
  return resolved != own;
}

}  // namespace

void require_own_hooks() {
  static const bool foreign = foreign_tsan_runtime();
  if (foreign)
    throw unsupported_feature(
        "the emulator's memory checks cannot run: this program was linked with -fsanitize=thread, so libtsan "
        "(ThreadSanitizer's runtime) answers the __tsan_* calls of instrumented kernels in place of the "
        "emulator's hooks, and no check would see kernel memory. Fix: link without -fsanitize=thread; "
        "tessera_checked_kernels adds the compile flags only (docs/checks.md). To run this program "
        "unchecked instead, set TESSERA_CHECKS=off");
}

}  // namespace tessera::emulator::detail
