// The typed parts of a memory-hazard finding (hazard_detected, kernel_failures.hpp): what kind of
// problem, in which memory, by which kind of access, at which source line. Reports spell each of them
// with the names below; code that inspects findings compares these values instead of their text.
//
// Each list is one X-macro table: the enumerators and their names are generated from it, so a kind is
// declared in one place.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tessera {

// X(enumerator, name in reports). Races (MEM-3..MEM-6, MEM-9, BAR-11), TS-4, TS-7, BAR-9.
#define TESSERA_HAZARD_KINDS(X)                                                                                  \
  X(read_after_write, "read after write")         /* two threads of a tile, one barrier interval */             \
  X(write_after_read, "write after read")                                                                        \
  X(write_after_write, "write after write")                                                                      \
  X(write_next_to_atomic, "write next to atomic")                                                                \
  X(uninitialized_read, "uninitialized read")     /* tile_static bytes no thread of the tile wrote (TS-4) */    \
  X(race_between_tiles, "race between tiles")     /* a plain write and another tile's access (BAR-11) */       \
  X(race_between_threads, "race between threads") /* the same between threads of a non-tiled launch */         \
  X(tile_static_over_budget, "tile_static over budget") /* a tile spanning more than 32 KiB (TS-7) */           \
  X(host_memory_access, "host memory access")     /* memory no captured array_view holds */                     \
  X(spin_wait, "spin-wait without a barrier")     /* polling without a barrier (BAR-9) */

enum class hazard_kind : unsigned char {
#define TESSERA_HAZARD_KIND_ENUMERATOR(id, name) id,
  TESSERA_HAZARD_KINDS(TESSERA_HAZARD_KIND_ENUMERATOR)
#undef TESSERA_HAZARD_KIND_ENUMERATOR
};

#define TESSERA_HAZARD_KIND_ONE(id, name) +1
inline constexpr int hazard_kind_count = 0 TESSERA_HAZARD_KINDS(TESSERA_HAZARD_KIND_ONE);
#undef TESSERA_HAZARD_KIND_ONE

// "read after write", ...
constexpr const char* name_of(hazard_kind k) noexcept {
  switch (k) {
#define TESSERA_HAZARD_KIND_NAME(id, name) \
  case hazard_kind::id: return name;
    TESSERA_HAZARD_KINDS(TESSERA_HAZARD_KIND_NAME)
#undef TESSERA_HAZARD_KIND_NAME
  }
  return "?";
}

// The kind a report calls `name`, if any.
constexpr std::optional<hazard_kind> hazard_kind_named(std::string_view name) noexcept {
#define TESSERA_HAZARD_KIND_MATCH(id, text) \
  if (name == text) return hazard_kind::id;
  TESSERA_HAZARD_KINDS(TESSERA_HAZARD_KIND_MATCH)
#undef TESSERA_HAZARD_KIND_MATCH
  return std::nullopt;
}

// The memory a finding is about. (The enumerators avoid the bare word tile_static, which is the
// dialect's storage-class macro.)
enum class memory_space : unsigned char { tile_static_memory, global_memory, host_memory };

// "tile_static", "global", "host": as reports and hazard_detected::hazard::memory spell them.
constexpr const char* name_of(memory_space m) noexcept {
  switch (m) {
    case memory_space::tile_static_memory: return "tile_static";
    case memory_space::global_memory: return "global";
    case memory_space::host_memory: return "host";
  }
  return "?";
}

// What an access did: a plain load, a plain store, or an atomic (whatever it did to memory).
enum class memory_op : unsigned char { read, write, atomic };

constexpr const char* name_of(memory_op a) noexcept {
  switch (a) {
    case memory_op::read: return "read";
    case memory_op::write: return "write";
    case memory_op::atomic: return "atomic";
  }
  return "?";
}

// A place in the program's source, as its line tables give it. Code without line information is
// named by its module (the ELF file) and the instruction's offset in it, with line 0.
struct source_line {
  std::string file;         // the source file, as the debug information names it; or the module
  int line = 0;             // 0: no line information
  std::size_t offset = 0;   // line 0: the instruction's offset in the module
  int column = 0;           // 0: unknown. Not part of the place's identity (a finding is one per line), but
                            // it tells apart two calls on one line (two barriers, BAR-6)

  bool known() const noexcept { return line > 0; }
  bool empty() const noexcept { return file.empty(); }

  // "file:line"; "module+0x1f2e" without line information; "" when empty.
  std::string text() const {
    if (line > 0) return file + ":" + std::to_string(line);
    if (offset == 0) return file;
    std::string hex;
    for (std::size_t v = offset; v != 0; v >>= 4) hex.insert(hex.begin(), "0123456789abcdef"[v & 0xf]);
    return file + "+0x" + hex;
  }

  friend bool operator==(const source_line& a, const source_line& b) noexcept {
    return a.line == b.line && a.offset == b.offset && a.file == b.file;
  }
};

}  // namespace tessera
