// The registry: every case this executable was linked with, enumerated from the `tessera_cases` linker
// section in main() (case.hpp explains why not at static initialization).
#pragma once

#include <tessera/conformance/suite.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

// A registry that cannot be used: no cases, two cases with one id, or a case citing no clause or a
// clause the catalog lacks.
class registry_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every linked case, sorted by id. Throws registry_error when there is none (a suite that runs nothing
// must not pass), when two cases share an id, or when a case cites no clause or an uncatalogued one (a
// typo would otherwise leave a clause silently uncovered).
std::vector<const case_info*> registered_cases();

// The cases whose id matches one of the globs (fnmatch: `tidx.*`, `*.worked_example*`); all when empty.
// A glob that matches nothing is an error, so a typo does not pass as an empty run.
std::vector<const case_info*> select_cases(const std::vector<const case_info*>& all, const std::vector<std::string>& globs);

}  // namespace tessera::conformance
