// GEN-1: only normative text binds an implementation; informative and Microsoft-specific text does not.
// The suite holds itself to it: every case rests on at least one binding clause (normative, or a rule the
// project states), so no case fails an implementation for behaviour nobody promised. The registry has
// already refused any case citing an uncatalogued clause; the reports group results by kind of clause.
#include <tessera/conformance/case.hpp>
#include <tessera/conformance/suite.hpp>

#include <string>

namespace {
using namespace tessera::conformance;

TESSERA_CASE(every_case_rests_on_a_binding_clause, "GEN-1", expect::pass) {
  std::size_t checked = 0;
  for (const case_info* c : linked_cases()) {
    bool binding = false;
    std::string kinds;
    for (const auto& id : clauses_of(*c)) {
      const clause* k = find_clause(id);
      ctx.require(k != nullptr, id_of(*c) + " cites " + id + ", which the catalog lacks");
      if (k == nullptr) continue;
      kinds += (kinds.empty() ? "" : ", ") + id + " is " + k->normative;
      binding = binding || k->normative == "normative" || k->normative == "project";
    }
    ctx.require(binding, id_of(*c) + " rests on no binding clause (" + kinds + "): cite the normative clause it tests");
    ++checked;
  }
  ctx.require(checked == linked_cases().size() && checked > 1, "the suite lists its cases");
}

// GEN-1: the catalog says of every clause whether it binds, with one of four words the reports group by.
TESSERA_CASE(every_clause_says_whether_it_binds, "GEN-1", expect::pass) {
  for (const auto& c : compiled_clause_catalog())
    ctx.require(c.normative == "normative" || c.normative == "project" || c.normative == "informative" ||
                    c.normative == "ms-specific",
                c.id + " is \"" + c.normative + "\": a clause is normative, project, informative or ms-specific");
}

}  // namespace
