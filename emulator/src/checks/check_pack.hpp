// check_pack: the checks of the table (tessera/emulator/check_table.hpp), composed statically. The
// table's line `name` is implemented by the class `name##_check` of checks/<name>.hpp; the tuple of
// those classes, in the table's order, is what the access monitor calls at every event, and check_of
// gives each class its switch. Nothing here is a list to keep in step with the table: a line without
// its class (or its include below) does not compile.
#pragma once

#include "global_races.hpp"
#include "host_memory.hpp"
#include "out_of_bounds.hpp"
#include "spin_waits.hpp"
#include "tile_static_budget.hpp"
#include "tile_static_races.hpp"
#include "uninitialized_reads.hpp"

#include <tessera/emulator/checks.hpp>

#include <tuple>

namespace tessera::emulator::detail {

// The table's line of a check class.
template <class Check>
struct check_of;
#define TESSERA_CHECK_OF(name, ...)              \
  template <>                                    \
  struct check_of<name##_check> {                \
    static constexpr check value = check::name;  \
  };
TESSERA_EMULATOR_CHECKS(TESSERA_CHECK_OF)
#undef TESSERA_CHECK_OF

// std::tuple<tile_static_races_check, global_races_check, ...>
#define TESSERA_CHECK_TUPLE(name, ...) std::tuple<name##_check>{},
using check_pack = decltype(std::tuple_cat(TESSERA_EMULATOR_CHECKS(TESSERA_CHECK_TUPLE) std::tuple<>{}));
#undef TESSERA_CHECK_TUPLE

static_assert(std::tuple_size_v<check_pack> == detail::check_count);

// Calls f.template operator()<Check>() for every check class, in the table's order.
template <class F>
void for_each_check_type(F&& f) {
  [&]<class... Checks>(std::tuple<Checks...>*) { (f.template operator()<Checks>(), ...); }(static_cast<check_pack*>(nullptr));
}

}  // namespace tessera::emulator::detail
