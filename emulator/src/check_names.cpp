// The names of the checks, as TESSERA_CHECKS_OFF spells them, and their help text: both read from the
// one table (check_table.hpp).
#include <tessera/emulator/checks.hpp>

#include <tessera/exceptions.hpp>

namespace tessera::emulator {

const char* name_of(check c) noexcept {
  for (const check_info& i : check_table)
    if (i.id == c) return i.name;
  return "?";
}

std::string check_help() {
  std::string help;
  for (const check_info& i : check_table) {
    help += std::string("  ") + i.name + ": " + i.doc;
    std::string kinds;
    for (int k = 0; k < hazard_kind_count; ++k)
      if (i.reports(static_cast<hazard_kind>(k))) kinds += std::string(kinds.empty() ? "" : ", ") + name_of(static_cast<hazard_kind>(k));
    if (!kinds.empty()) help += " (reports: " + kinds + ")";
    help += "\n";
  }
  return help;
}

check check_named(const std::string& name) {
  for (const check_info& i : check_table)
    if (name == i.name) return i.id;
  throw runtime_exception("\"" + name + "\" is not a check; the checks (TESSERA_CHECKS_OFF takes their names, comma-separated) are:\n" +
                          check_help());
}

}  // namespace tessera::emulator
