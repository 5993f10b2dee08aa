// What a launch throws for an exception that escaped kernel code: Tessera's own kernel diagnostics keep
// their type and gain the thread's name; anything else becomes kernel_exception with the original
// nested (ERR-1: kernels cannot throw on a GPU, so the emulator reports it at the call site).
#pragma once

#include <exception>
#include <string>

namespace tessera::emulator::detail {

// Must be called with `thrown` not null; `where` names the thread ("tile (0) local (3) global (3)").
std::exception_ptr describe_thrown(std::exception_ptr thrown, const std::string& where);

}  // namespace tessera::emulator::detail
