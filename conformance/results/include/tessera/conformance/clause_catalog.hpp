// The clause catalog (spec/clauses/clauses.tsv): the rows of the reports' coverage matrix, and the list
// every case's cited clauses are checked against (the executors hold a copy compiled in).
#pragma once

#include <filesystem>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

struct clause {
  std::string id;         // "BAR-6"
  std::string level;      // "core" or "ext"
  std::string section;    // "§4.5, §8.1.1"
  std::string normative;  // "normative", "informative", "ms-specific", "project"
  std::string title;
};

// A catalog that cannot be read: names the file (and line) and what to fix.
class catalog_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Tab-separated: the header line "id level spec_section normative title", then one clause a row. Blank
// lines are skipped; a row with another number of columns, an empty id or title, a level other than
// core or ext, or an id given twice throws catalog_error naming source:line.
std::vector<clause> read_clause_catalog(const std::filesystem::path& tsv);
std::vector<clause> parse_clause_catalog(std::istream& in, const std::string& source);

}  // namespace tessera::conformance
