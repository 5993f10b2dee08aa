// symbolizer: code addresses to source lines, and data addresses to symbol names, for reports. Read
// in-process from the program's own ELF files with elfutils: libdw for line tables and inlined calls
// (as `eu-addr2line -i` does), libelf for symbol tables. No subprocess: a path with a quote in it is
// just a path, and a failure is counted (symbolization_failures) instead of lost.
//
// Called only when there is something to report (or to compare, at a barrier whose callers differ);
// every answer is cached.
#pragma once

#include <tessera/hazard_types.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::emulator::detail {

struct code_frames {
  // The instruction before the return address (inside the call), innermost first: its own line, then the
  // line each function it is inlined into calls it from. Empty when the code has no line information.
  std::vector<source_line> lines;
  // Where the code is, without line information: the module and the instruction's offset in it (file
  // "<unknown>" when no module holds the address).
  source_line module;
};
// `counted`: a lookup for a report counts an address without line information as a symbolization
// failure (once per process); a lookup only to compare (two barrier calls' places) does not.
code_frames frames_at(const void* return_address, bool counted = true);

struct data_symbol {
  std::size_t value, size;
  bool tls;          // value is an offset in the module's TLS segment
  std::string name;  // the last component of the demangled name ("s" for f()::{lambda}::operator()::s)
};
// The data symbol (object or TLS) of the ELF file `module` covering `value` (a TLS offset, or an address
// relative to the module's load bias).
std::optional<data_symbol> data_symbol_at(const std::string& module, std::size_t value, bool tls);

// Code addresses no line was found for, and modules whose symbol table could not be read, each counted
// once per process.
std::uint64_t symbolization_failures() noexcept;

}  // namespace tessera::emulator::detail
