// out_of_bounds: indexing an array or array_view outside its extent (AV-8). The model's own indexing
// checks it in every host compilation, instrumented or not (tessera/detail/bounds.hpp), and throws
// tessera::out_of_bounds; the emulator's options switch it (options.cpp). So this check watches no
// access: its plug-in is empty, and it is in the table for its switch, its name and its help line.
#pragma once

#include "check_plugin.hpp"

namespace tessera::emulator::detail {

class out_of_bounds_check : public check_plugin {
 public:
  static constexpr bool watches(memory_class) noexcept { return false; }
};

}  // namespace tessera::emulator::detail
