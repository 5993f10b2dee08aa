// The registry: every case this executable was linked with, enumerated from the `tessera_cases` linker
// section in main() (case.hpp explains why not at static initialization).
#pragma once

#include <tessera/conformance/case_info.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

// A registry that cannot be used: no cases, or two cases with one id.
class registry_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string id_of(const case_info& c);
std::vector<std::string> clauses_of(const case_info& c);

// Every linked case, sorted by id. Throws registry_error when there is none (a suite that runs nothing
// must not pass) or when two cases share an id.
std::vector<const case_info*> registered_cases();

// The cases whose id matches one of the globs (fnmatch: `tidx.*`, `*.worked_example*`); all when empty.
// A glob that matches nothing is an error, so a typo does not pass as an empty run.
std::vector<const case_info*> select_cases(const std::vector<const case_info*>& all, const std::vector<std::string>& globs);

}  // namespace tessera::conformance
