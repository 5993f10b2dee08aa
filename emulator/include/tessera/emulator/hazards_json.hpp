// The findings of hazard_detected as JSON, for tools: an array with one object per hazard, fields as in
// kernel_failures.hpp ({kind, memory, offset, location, interval, first, second}; an access is
// {site, thread, access}, and `second` is null for single-access findings).
#pragma once

#include <tessera/kernel_failures.hpp>

#include <string>

namespace tessera::emulator {

std::string hazards_json(const hazard_detected& failure);

}  // namespace tessera::emulator
