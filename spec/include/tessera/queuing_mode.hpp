// queuing_mode: how an accelerator_view submits the work queued on it (ACC-8, §3.3).
//
// immediate: each command goes to the device as it is issued. automatic: commands may be batched and go
// when the runtime sees fit (a copy out, flush(), wait(), a marker). Every accelerator's default view is
// automatic; create_view(mode) makes a view with either. The emulator runs every command when it is
// issued, so on it the two modes behave alike.
//
// C++ AMP declares an unscoped `enum queuing_mode` with the enumerators queuing_mode_immediate and
// queuing_mode_automatic. Tessera's enum is scoped, and the C++ AMP spellings are constants of that type
// (as with access_type), so queuing_mode::immediate and queuing_mode_immediate are one value; the
// qualified C++ AMP spelling queuing_mode::queuing_mode_immediate names it too.
#pragma once

namespace tessera {

enum class queuing_mode {
  immediate = 0,
  automatic = 1,
  queuing_mode_immediate = immediate,
  queuing_mode_automatic = automatic,
};

inline constexpr queuing_mode queuing_mode_immediate = queuing_mode::immediate;
inline constexpr queuing_mode queuing_mode_automatic = queuing_mode::automatic;

}  // namespace tessera
