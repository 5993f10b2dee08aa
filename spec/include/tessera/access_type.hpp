// access_type: how the host intends to touch a container's data (AV-4, ARR-5, ACC-7).
//
// C++ AMP declares an unscoped `enum access_type` whose enumerators are access_type_none, ...,
// access_type_auto. Tessera's enum is scoped (access_type::read, ...), and the C++ AMP spellings are
// constants of that type, so both `access_type::read_write` and `access_type_read_write` name the same
// value and either passes wherever an access_type is taken. C++ AMP code also qualifies its unscoped
// enumerators (`access_type::access_type_read_write`), so the enum carries those names too, as
// second names of the same values.
#pragma once

namespace tessera {

enum class access_type {
  none = 0,
  read = 1,
  write = 2,
  read_write = 3,
  automatic = 4,
  access_type_none = none,
  access_type_read = read,
  access_type_write = write,
  access_type_read_write = read_write,
  access_type_auto = automatic,
};

// The C++ AMP names (§3.2.6, §5.1.2: `access_type_auto` is access_type::automatic).
inline constexpr access_type access_type_none = access_type::none;
inline constexpr access_type access_type_read = access_type::read;
inline constexpr access_type access_type_write = access_type::write;
inline constexpr access_type access_type_read_write = access_type::read_write;
inline constexpr access_type access_type_auto = access_type::automatic;

}  // namespace tessera
