// finding: one problem a check found, typed all the way: the kind (hazard_kind), the memory
// (memory_class, unit, offset), and each access as a code address, a thread and a memory_op. Code
// addresses become source lines only in the report (hazard_report.cpp), when there is something to
// report; nothing here is text. The checks (emulator/src/checks/) make findings; this folder reads them,
// and includes nothing of the checks.
#pragma once

#include <tessera/hazard_types.hpp>
#include <tessera/source_site.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::emulator::detail {

// What an address in kernel code is (checks/memory_map.hpp tells them apart).
enum class memory_class : unsigned char { private_stack, tile_static, global, argument, constant, host };

// What an access did (read, write, atomic): the public memory_op, named as the checks have always
// called it.
using access_kind = tessera::memory_op;

struct finding {
  hazard_kind kind;
  memory_class memory;         // tile_static, global or host
  std::size_t unit = 0;        // see checks/memory_map.hpp's classified (host: the address, named at report time)
  std::size_t offset = 0;
  std::int64_t tile;           // the tile (non-tiled: the point) of the first access
  std::int64_t second_tile = -1;  // the second access's tile when it is another tile's
  const void* first_pc;
  int first_thread;
  access_kind first_access;
  const void* second_pc = nullptr;  // null: a finding about one access
  int second_thread = 0;
  access_kind second_access = access_kind::read;
  int interval = -1;           // barrier interval of the (second) access; -1: not applicable
  source_site barrier{nullptr, 0};  // the barrier that opened it (file null: the start of the kernel)
  bool hung = false;           // spin_wait: no thread changed the polled memory (else: it waited for one)
  // The return addresses above first_pc, for a finding whose access may sit in library code inlined or
  // called from the kernel (host memory: reading an array's extent through a reference): the report names
  // the first of them that is the user's line. Captured once per launch, worker and access.
  std::array<const void*, 10> first_callers{};
  int first_caller_count = 0;
};

}  // namespace tessera::emulator::detail
