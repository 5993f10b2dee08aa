#include "host_memory.hpp"

#include "hazard_log.hpp"

#include <execinfo.h>

namespace tessera::emulator::detail {

void host_memory_check::report(check_context& ctx, const access_event& e) {
  finding f = ctx.make_finding(hazard_kind::host_memory_access, classified{memory_class::host, 0, 0}, e, nullptr, nullptr);
  f.unit = e.addr;  // named at report time (a global variable's name), never printed as a number
  // The access may sit in library code the kernel called (an array's extent read through a reference):
  // keep its callers, once per launch and access, for the report to find the kernel's line among them.
  if (callers_launch_ != ctx.log().id()) {
    callers_launch_ = ctx.log().id();
    callers_captured_.clear();
  }
  if (callers_captured_.insert(e.pc).second) {
    void* frames[16];
    const int n = backtrace(frames, 16);
    // The frames below the access are the checks' own (however the compiler inlined them): its callers
    // start after the access's own return address.
    int from = 0;
    while (from < n && frames[from] != e.pc) ++from;
    from = from < n ? from + 1 : 2;
    for (int i = from; i < n && f.first_caller_count < static_cast<int>(f.first_callers.size()); ++i)
      f.first_callers[f.first_caller_count++] = frames[i];
  }
  ctx.report(f);
}

}  // namespace tessera::emulator::detail
