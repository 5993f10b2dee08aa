// Which clauses of the catalog the suite exercises, on each backend: the coverage matrix of the HTML
// report and the "uncovered" lists of every report. A core clause no case cites, or cites only with
// negative cases (what must be refused, never what must work), is not covered.
#pragma once

#include <tessera/conformance/results.hpp>
#include <tessera/conformance/clause_catalog.hpp>

#include <string>
#include <vector>

namespace tessera::reports {

using conformance::clause;

// The cases of one backend's run that cite one clause.
struct coverage_cell {
  std::size_t cases = 0;
  std::size_t negative = 0;
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
};

struct coverage_row {
  clause c;
  std::vector<coverage_cell> cells;  // one per run, in the order of the runs
  std::size_t cases = 0;             // distinct case ids citing it, over all runs
  std::size_t positive_cases = 0;    // of them, cases that are not negative
};

// A clause id some case cites that the catalog does not hold (a typo, or a clause not yet catalogued).
struct unknown_citation {
  std::string clause_id;
  std::vector<std::string> case_ids;
};

// The results grouped by the kind of text the cited clauses come from (GEN-1: only normative text binds;
// informative and Microsoft-specific clauses are listed apart, and project rules are Tessera's own).
// A case counts once under each kind it cites.
struct kind_row {
  std::string kind;                  // "normative", "project", "informative", "ms-specific"
  std::size_t clauses = 0;           // catalogued clauses of this kind
  std::size_t cited = 0;             // of them, cited by some case
  std::vector<coverage_cell> cells;  // per run: the distinct cases citing clauses of this kind
};

struct coverage {
  std::vector<std::string> backends;            // the runs' backends, in order
  std::vector<coverage_row> rows;               // the catalog's clauses, in catalog order
  std::vector<clause> core_without_cases;       // core clauses no case cites
  std::vector<clause> core_only_negative;       // core clauses cited by negative cases only
  std::vector<unknown_citation> unknown;        // by clause id
  std::vector<kind_row> kinds;                  // normative first, then the catalog's other kinds

  std::size_t uncovered_core() const { return core_without_cases.size() + core_only_negative.size(); }
};

coverage compute_coverage(const std::vector<conformance::run_results>& runs, const std::vector<clause>& catalog);

}  // namespace tessera::reports
