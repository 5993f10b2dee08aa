// Coverage is counted over distinct case ids: a case that ran on two backends covers a clause once, and
// its status is kept per backend, so a clause can be covered yet failing on one backend.
#include <tessera/reports/coverage.hpp>

#include <map>
#include <set>

namespace tessera::reports {
namespace {

std::string trimmed(const std::string& s) {
  const std::size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return {};
  return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

}  // namespace

coverage compute_coverage(const std::vector<conformance::run_results>& runs, const std::vector<clause>& catalog) {
  coverage cov;
  std::map<std::string, std::size_t> row_of;
  for (const auto& c : catalog) {
    row_of.emplace(c.id, cov.rows.size());
    cov.rows.push_back(coverage_row{c, std::vector<coverage_cell>(runs.size()), 0, 0});
  }
  std::vector<std::set<std::string>> cases_of(cov.rows.size()), positive_of(cov.rows.size());
  std::map<std::string, std::set<std::string>> unknown;

  for (std::size_t r = 0; r < runs.size(); ++r) {
    cov.backends.push_back(runs[r].backend);
    for (const auto& kase : runs[r].cases) {
      std::set<std::string> cited;  // a clause listed twice by one case counts once
      for (const auto& raw : kase.clauses)
        if (std::string id = trimmed(raw); !id.empty()) cited.insert(std::move(id));
      for (const auto& id : cited) {
        const auto row = row_of.find(id);
        if (row == row_of.end()) {
          unknown[id].insert(kase.id);
          continue;
        }
        coverage_cell& cell = cov.rows[row->second].cells[r];
        ++cell.cases;
        if (kase.negative) ++cell.negative;
        if (kase.status == conformance::case_status::pass) ++cell.passed;
        else if (kase.status == conformance::case_status::fail) ++cell.failed;
        else ++cell.skipped;
        cases_of[row->second].insert(kase.id);
        if (!kase.negative) positive_of[row->second].insert(kase.id);
      }
    }
  }

  for (std::size_t i = 0; i < cov.rows.size(); ++i) {
    coverage_row& row = cov.rows[i];
    row.cases = cases_of[i].size();
    row.positive_cases = positive_of[i].size();
    if (row.c.level != "core") continue;
    if (row.cases == 0) cov.core_without_cases.push_back(row.c);
    else if (row.positive_cases == 0) cov.core_only_negative.push_back(row.c);
  }
  for (auto& [id, cases] : unknown) cov.unknown.push_back(unknown_citation{id, {cases.begin(), cases.end()}});

  // By kind of clause: normative first, then the others in the order the catalog first names them.
  std::map<std::string, std::size_t> kind_of;
  auto kind_index = [&](const std::string& kind) {
    const auto [it, added] = kind_of.emplace(kind, cov.kinds.size());
    if (added) cov.kinds.push_back(kind_row{kind, 0, 0, std::vector<coverage_cell>(runs.size())});
    return it->second;
  };
  kind_index("normative");
  for (const auto& row : cov.rows) {
    kind_row& k = cov.kinds[kind_index(row.c.normative)];
    ++k.clauses;
    if (row.cases) ++k.cited;
  }
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (const auto& kase : runs[r].cases) {
      std::set<std::size_t> kinds;
      for (const auto& raw : kase.clauses)
        if (const auto row = row_of.find(trimmed(raw)); row != row_of.end()) kinds.insert(kind_of.at(cov.rows[row->second].c.normative));
      for (std::size_t k : kinds) {
        coverage_cell& cell = cov.kinds[k].cells[r];
        ++cell.cases;
        if (kase.negative) ++cell.negative;
        if (kase.status == conformance::case_status::pass) ++cell.passed;
        else if (kase.status == conformance::case_status::fail) ++cell.failed;
        else ++cell.skipped;
      }
    }
  return cov;
}

}  // namespace tessera::reports
