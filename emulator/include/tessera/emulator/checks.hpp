// What the emulator's checks look for in kernels built with tessera_checked_kernels(), and what a
// finding does to the launch (docs/checks.md).
#pragma once

#include <initializer_list>
#include <string>

namespace tessera::emulator {

// What a launch does about findings.
enum class check_mode {
  off,     // no checks at all (instrumented kernels run as if they were not)
  report,  // every finding is gathered; the launch runs to the end, then throws hazard_detected
  stop,    // the first finding stops the launch (the lowest tile's, so it is the same at every worker count)
};

// One check each; every one can be switched on and off on its own.
enum class check : unsigned {
  tile_static_races = 1u << 0,    // races between threads of a tile on tile_static memory (fence-aware)
  global_races = 1u << 1,         // races on global memory: within a tile, between tiles, between the
                                  // threads of a non-tiled launch
  uninitialized_reads = 1u << 2,  // tile_static bytes read before any thread of the tile wrote them
  out_of_bounds = 1u << 3,        // array/array_view indexing outside the extent (off: unchecked, as on a GPU)
  host_memory = 1u << 4,          // kernel access to host memory that no array/array_view holds
  tile_static_budget = 1u << 5,   // a tile touching more than the model's 32 KiB of tile_static memory
  spin_waits = 1u << 6,           // a thread polling memory without a barrier that cannot make progress
};

class check_set {
 public:
  static constexpr unsigned all_bits = (1u << 7) - 1;

  constexpr check_set() noexcept = default;  // every check
  constexpr check_set(std::initializer_list<check> checks) noexcept : bits_(0) {
    for (check c : checks) bits_ |= static_cast<unsigned>(c);
  }
  static constexpr check_set none() noexcept { return check_set({}); }

  constexpr bool has(check c) const noexcept { return (bits_ & static_cast<unsigned>(c)) != 0; }
  constexpr check_set with(check c) const noexcept { return from_bits(bits_ | static_cast<unsigned>(c)); }
  constexpr check_set without(check c) const noexcept { return from_bits(bits_ & ~static_cast<unsigned>(c)); }
  constexpr bool operator==(const check_set&) const noexcept = default;

 private:
  static constexpr check_set from_bits(unsigned b) noexcept {
    check_set s;
    s.bits_ = b;
    return s;
  }
  unsigned bits_ = all_bits;
};

// The name used by TESSERA_CHECKS_OFF ("tile_static_races", ...).
const char* name_of(check c) noexcept;
// The check with that name; throws runtime_exception listing the names when there is none.
check check_named(const std::string& name);

}  // namespace tessera::emulator
