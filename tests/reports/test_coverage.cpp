// Coverage counts distinct cases per clause and backend, and a core clause counts as uncovered when no
// case cites it or only negative cases do; clauses cited but not catalogued are listed.
#include "sample_input.hpp"

#include <tessera/reports/coverage.hpp>

#include <gtest/gtest.h>

namespace {
using namespace tessera::reports;
using tessera::reports::testing::sample_input;

const coverage_row& row(const coverage& cov, const std::string& id) {
  for (const auto& r : cov.rows)
    if (r.c.id == id) return r;
  throw std::runtime_error("no row " + id);
}

std::vector<std::string> ids(const std::vector<clause>& clauses) {
  std::vector<std::string> out;
  for (const auto& c : clauses) out.push_back(c.id);
  return out;
}

TEST(Coverage, RowsFollowTheCatalogAndCellsTheRuns) {
  const report_input in = sample_input();
  const coverage cov = compute_coverage(in.runs, in.clauses);
  ASSERT_EQ(cov.rows.size(), in.clauses.size());
  for (std::size_t i = 0; i < cov.rows.size(); ++i) {
    EXPECT_EQ(cov.rows[i].c.id, in.clauses[i].id);
    EXPECT_EQ(cov.rows[i].cells.size(), 2u);
  }
  EXPECT_EQ(cov.backends, (std::vector<std::string>{"emulator", "cuda"}));
}

TEST(Coverage, CellsCountPassedFailedSkippedAndNegativeCases) {
  const report_input in = sample_input();
  const coverage cov = compute_coverage(in.runs, in.clauses);
  const coverage_row& bar2 = row(cov, "BAR-2");  // reduction_256 (fails on cuda) and tile_static_scan
  EXPECT_EQ(bar2.cells[0].cases, 2u);
  EXPECT_EQ(bar2.cells[0].passed, 2u);
  EXPECT_EQ(bar2.cells[1].passed, 1u);
  EXPECT_EQ(bar2.cells[1].failed, 1u);
  const coverage_row& bar6 = row(cov, "BAR-6");  // one negative case (skipped on cuda), one positive
  EXPECT_EQ(bar6.cells[1].cases, 2u);
  EXPECT_EQ(bar6.cells[1].negative, 1u);
  EXPECT_EQ(bar6.cells[1].skipped, 1u);
  EXPECT_EQ(bar6.cases, 2u) << "a case that ran on two backends is one case";
  EXPECT_EQ(bar6.positive_cases, 1u);
}

TEST(Coverage, CoreClausesWithoutCasesOrWithNegativeCasesOnlyAreUncovered) {
  const report_input in = sample_input();
  const coverage cov = compute_coverage(in.runs, in.clauses);
  EXPECT_EQ(ids(cov.core_without_cases), (std::vector<std::string>{"TS-2"}));
  EXPECT_EQ(ids(cov.core_only_negative), (std::vector<std::string>{"BAR-9"}));
  EXPECT_EQ(cov.uncovered_core(), 2u) << "GEN-2 has no case either, but it is an ext clause";
}

TEST(Coverage, ResultsAreGroupedByTheKindOfClauseNormativeFirst) {
  report_input in = sample_input();
  for (auto& c : in.clauses) {
    if (c.id == "BAR-9") c.normative = "project";
    if (c.id == "GEN-2") c.normative = "ms-specific";
  }
  const coverage cov = compute_coverage(in.runs, in.clauses);
  ASSERT_EQ(cov.kinds.size(), 3u);
  EXPECT_EQ(cov.kinds[0].kind, "normative");
  EXPECT_EQ(cov.kinds[0].clauses, 5u);
  EXPECT_EQ(cov.kinds[0].cited, 4u) << "TS-2 has no case";
  EXPECT_EQ(cov.kinds[1].kind, "project") << "then the kinds in catalog order";
  EXPECT_EQ(cov.kinds[1].cited, 1u);
  EXPECT_EQ(cov.kinds[1].cells[0].cases, 1u) << "only the negative BAR-9 case";
  EXPECT_EQ(cov.kinds[1].cells[0].negative, 1u);
  EXPECT_EQ(cov.kinds[2].kind, "ms-specific");
  EXPECT_EQ(cov.kinds[2].cited, 0u);
  EXPECT_EQ(cov.kinds[2].cells[1].cases, 0u);
  for (const auto& cell : cov.kinds[0].cells) EXPECT_EQ(cell.cases, cell.passed + cell.failed + cell.skipped);
}

TEST(Coverage, CitationsOfClausesMissingFromTheCatalogAreListed) {
  const report_input in = sample_input();
  const coverage cov = compute_coverage(in.runs, in.clauses);
  ASSERT_EQ(cov.unknown.size(), 1u);
  EXPECT_EQ(cov.unknown[0].clause_id, "NOPE-1");
  EXPECT_EQ(cov.unknown[0].case_ids, (std::vector<std::string>{"misc.cites_unknown_clause"}));
}

TEST(Coverage, ClauseListedTwiceByOneCaseCountsOnce) {
  report_input in = sample_input();
  in.runs[0].cases[0].clauses = {"IDX-1", " IDX-1 "};
  const coverage cov = compute_coverage(in.runs, in.clauses);
  EXPECT_EQ(row(cov, "IDX-1").cells[0].cases, 1u);
}

}  // namespace
