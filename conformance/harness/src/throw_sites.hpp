// Where an exception came from: the call stack of the last exception raised on this thread (a throw or a
// rethrow), so the judge can tell the statement of a case that threw (`// expect: throws`) from any other.
//
// The stack is taken when the exception starts unwinding (_Unwind_RaiseException, which every throw and
// std::rethrow_exception goes through: a kernel failure the emulator rethrows at the launch counts as
// thrown by the launch), and symbolized only when asked, from the program's own debug information
// (elfutils' libdw, as eu-addr2line -i finds lines, inlined calls included).
#pragma once

#include <string>
#include <vector>

namespace tessera::conformance {

// Starts recording on this thread (and forgets the previous stack).
void record_throws();
// The last stack recorded on this thread as "file:line" sites, innermost first: each frame's own line,
// then the lines it is inlined through. Empty when nothing was raised since record_throws().
std::vector<std::string> last_throw_sites();

}  // namespace tessera::conformance
