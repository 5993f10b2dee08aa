// access_type: how the host intends to touch a container's data (AV-4, ARR-5, ACC-7).
//
// C++ AMP declares an unscoped `enum access_type` whose enumerators access_type_none, ...,
// access_type_auto sit in the namespace, convert to int and combine with | and & (code tests
// `type & access_type_read`, and builds access_type_read_write from the two halves). Tessera's enum is
// unscoped too, so those expressions mean what they mean in C++ AMP, and `access_type_read_write`,
// `access_type::access_type_read_write` and Tessera's short `access_type::read_write` all name one
// value. The enum sits in a struct so that its short names (read, write, none...) stay out of namespace
// tessera, where they would collide with POSIX read() and write() after `using namespace tessera;`.
#pragma once

namespace tessera {

namespace detail {
struct access_type_scope {
  enum access_type {
    none = 0,
    read = 1,
    write = 2,
    read_write = read | write,
    automatic = 4,
    access_type_none = none,
    access_type_read = read,
    access_type_write = write,
    access_type_read_write = read_write,
    access_type_auto = automatic,
  };
};
}  // namespace detail

using access_type = detail::access_type_scope::access_type;

// The C++ AMP names (§3.2.6, §5.1.2: `access_type_auto` is access_type::automatic), unscoped as there.
inline constexpr access_type access_type_none = access_type::none;
inline constexpr access_type access_type_read = access_type::read;
inline constexpr access_type access_type_write = access_type::write;
inline constexpr access_type access_type_read_write = access_type::read_write;
inline constexpr access_type access_type_auto = access_type::automatic;

}  // namespace tessera
