// What a case may ask of the suite it belongs to: the cases linked beside it, and the clause catalog they
// cite, compiled in from spec/clauses/clauses.tsv. The gen family checks the suite's own rules with it.
#pragma once

#include <tessera/conformance/case_info.hpp>
#include <tessera/conformance/clause_catalog.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tessera::conformance {

std::string id_of(const case_info& c);                 // "<family>.<name>"
std::vector<std::string> clauses_of(const case_info& c);  // the cited clause ids, trimmed

// Every case linked into this executable, sorted by id (registry.hpp says what is refused).
std::vector<const case_info*> linked_cases();

// The catalog this executable was built with, and one of its clauses (nullptr: not catalogued).
const std::vector<clause>& compiled_clause_catalog();
const clause* find_clause(std::string_view id);

}  // namespace tessera::conformance
