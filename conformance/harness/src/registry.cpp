#include "registry.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <map>
#include <sstream>

// Bounds of the section the linker collects every TESSERA_CASE entry into (GNU ld, gold, lld). Weak, so
// an executable with no case links and is refused at run time with a message instead of a link error.
extern "C" {
extern const tessera::conformance::case_info* const __start_tessera_cases[] __attribute__((weak));
extern const tessera::conformance::case_info* const __stop_tessera_cases[] __attribute__((weak));
}
extern const char tessera_clause_catalog_tsv[];  // clause_catalog_data.cpp, generated

namespace tessera::conformance {

std::string id_of(const case_info& c) { return std::string(c.family) + "." + c.name; }

std::vector<std::string> clauses_of(const case_info& c) {
  std::vector<std::string> out;
  std::stringstream in(c.clauses);
  for (std::string item; std::getline(in, item, ',');) {
    const auto first = item.find_first_not_of(" \t");
    const auto last = item.find_last_not_of(" \t");
    if (first != std::string::npos) out.push_back(item.substr(first, last - first + 1));
  }
  return out;
}

std::vector<const case_info*> registered_cases() {
  std::vector<const case_info*> all;
  if (__start_tessera_cases != nullptr)
    for (auto* p = __start_tessera_cases; p != __stop_tessera_cases; ++p)
      if (*p != nullptr) all.push_back(*p);
  if (all.empty())
    throw registry_error("this executable holds no conformance case: link the case sources (tessera_conformance_family) "
                         "into it; a suite that runs nothing does not pass");
  std::sort(all.begin(), all.end(), [](const case_info* a, const case_info* b) { return id_of(*a) < id_of(*b); });
  for (std::size_t i = 1; i < all.size(); ++i)
    if (id_of(*all[i]) == id_of(*all[i - 1]))
      throw registry_error("two cases are named " + id_of(*all[i]) + " (" + all[i - 1]->file + ":" + std::to_string(all[i - 1]->line) +
                           " and " + all[i]->file + ":" + std::to_string(all[i]->line) + "): rename one");
  for (const case_info* c : all) {
    const auto cited = clauses_of(*c);
    const std::string where = std::string(c->file) + ":" + std::to_string(c->line);
    if (cited.empty())
      throw registry_error("case " + id_of(*c) + " (" + where + ") cites no clause: name the clauses of spec/clauses/clauses.tsv it tests");
    for (const auto& id : cited)
      if (find_clause(id) == nullptr)
        throw registry_error("case " + id_of(*c) + " (" + where + ") cites " + id +
                             ", which spec/clauses/clauses.tsv does not hold: fix the id, or add the clause to the catalog");
  }
  return all;
}

std::vector<const case_info*> linked_cases() { return registered_cases(); }

const std::vector<clause>& compiled_clause_catalog() {
  static const std::vector<clause> catalog = [] {
    std::istringstream in(tessera_clause_catalog_tsv);
    return parse_clause_catalog(in, "spec/clauses/clauses.tsv (as compiled in)");
  }();
  return catalog;
}

const clause* find_clause(std::string_view id) {
  static const std::map<std::string, const clause*, std::less<>> by_id = [] {
    std::map<std::string, const clause*, std::less<>> m;
    for (const auto& c : compiled_clause_catalog()) m.emplace(c.id, &c);
    return m;
  }();
  const auto it = by_id.find(id);
  return it == by_id.end() ? nullptr : it->second;
}

std::vector<const case_info*> select_cases(const std::vector<const case_info*>& all, const std::vector<std::string>& globs) {
  if (globs.empty()) return all;
  std::vector<const case_info*> chosen;
  for (const auto& glob : globs) {
    bool any = false;
    for (const case_info* c : all)
      if (fnmatch(glob.c_str(), id_of(*c).c_str(), 0) == 0) {
        any = true;
        if (std::find(chosen.begin(), chosen.end(), c) == chosen.end()) chosen.push_back(c);
      }
    if (!any) throw registry_error("no case matches \"" + glob + "\" (ids are <family>.<name>; --list shows them)");
  }
  std::sort(chosen.begin(), chosen.end(), [](const case_info* a, const case_info* b) { return id_of(*a) < id_of(*b); });
  return chosen;
}

}  // namespace tessera::conformance
