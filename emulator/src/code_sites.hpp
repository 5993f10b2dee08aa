// code_sites: "file:line" for code addresses in kernel code, for the emulator's reports.
//
// Addresses are symbolized with binutils' addr2line (inlining included) only when there is something to
// report, and cached. Tessera's own headers are skipped: a report names the user's line that indexed a
// view or called an atomic, not the line inside the model that performed it.
#pragma once

#include <string>
#include <vector>

namespace tessera::emulator::detail {

// The user's source line at a return address (the instruction before it): the innermost inlined frame
// outside library headers, else the innermost frame; "module+0xoffset" without debug information.
std::string code_site(const void* return_address);

// The first user's line along a call stack (return addresses, innermost first), or "" if none has one.
std::string first_user_site(const std::vector<const void*>& call_stack);

// Every user's line the instruction before a return address is inlined through, innermost first.
std::vector<std::string> user_inline_chain(const void* return_address);

}  // namespace tessera::emulator::detail
