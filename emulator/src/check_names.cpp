// The names of the checks, as TESSERA_CHECKS_OFF spells them.
#include <tessera/emulator/checks.hpp>

#include <tessera/exceptions.hpp>

#include <iterator>

namespace tessera::emulator {
namespace {

struct named_check {
  check c;
  const char* name;
};
constexpr named_check names[] = {
    {check::tile_static_races, "tile_static_races"},   {check::global_races, "global_races"},
    {check::uninitialized_reads, "uninitialized_reads"}, {check::out_of_bounds, "out_of_bounds"},
    {check::host_memory, "host_memory"},               {check::tile_static_budget, "tile_static_budget"},
    {check::spin_waits, "spin_waits"},
};

}  // namespace

const char* name_of(check c) noexcept {
  for (const auto& n : names)
    if (n.c == c) return n.name;
  return "?";
}

check check_named(const std::string& name) {
  std::string known;
  for (const auto& n : names) {
    if (name == n.name) return n.c;
    known += std::string(known.empty() ? "" : ", ") + n.name;
  }
  throw runtime_exception("\"" + name + "\" is not a check; the checks are " + known);
}

}  // namespace tessera::emulator
