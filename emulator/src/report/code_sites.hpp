// code_sites: the user's source lines for code addresses in kernel code, for the emulator's reports.
//
// Addresses are symbolized (report/symbolizer.hpp: libdw, inlining included) only when there is
// something to report, and cached. Tessera's own headers are skipped: a report names the user's line
// that indexed a view or called an atomic, not the line inside the model that performed it.
#pragma once

#include <tessera/hazard_types.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::emulator::detail {

// The user's source line at a return address (the instruction before it): the innermost inlined frame
// outside library headers, else the innermost frame; module and offset (line 0) without line
// information. `found_line`: whether the code had line information at all.
source_line user_line(const void* return_address, bool* found_line = nullptr);
// The same as text: "file:line", or "module+0xoffset".
std::string code_site(const void* return_address);

// The first user's line along a call stack (return addresses, innermost first), if any has one.
std::optional<source_line> first_user_line(const std::vector<const void*>& call_stack);
// The same as text, or "" if none has one.
std::string first_user_site(const std::vector<const void*>& call_stack);

// Every user's line the instruction before a return address is inlined through, innermost first, each
// with its column where the line tables have one.
// `counted`: whether an address without line information counts as a symbolization failure (a report's
// lookup) or not (a comparison's).
std::vector<source_line> user_inline_chain(const void* return_address, bool counted = true);

// A number for the places a barrier is waited at: user_inline_chain(return_address), then, when caller is
// not null, user_inline_chain(caller) (not counted as failures). Two pairs of addresses get one number
// exactly when those lines and columns are the same. Each pair is symbolized once per process: a tile
// whose threads wait at two copies of one call (code the compiler duplicated) compares numbers at every
// barrier, not file names.
std::uint32_t call_chain_number(const void* return_address, const void* caller);

}  // namespace tessera::emulator::detail
