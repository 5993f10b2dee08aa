// Reading spec/clauses/clauses.tsv strictly: a malformed row would silently drop a clause from the
// coverage matrix, and an uncovered clause that is not listed is worse than a failed report.
#include <tessera/conformance/clause_catalog.hpp>

#include <fstream>
#include <map>

namespace tessera::conformance {
namespace {

constexpr const char* columns[] = {"id", "level", "spec_section", "normative", "title"};
constexpr std::size_t column_count = std::size(columns);
constexpr const char* header_hint = "id<TAB>level<TAB>spec_section<TAB>normative<TAB>title";

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = line.find('\t', begin);
    fields.push_back(line.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (end == std::string::npos) return fields;
    begin = end + 1;
  }
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  return s;
}

[[noreturn]] void fail(const std::string& where, const std::string& what) { throw catalog_error(where + ": " + what); }

}  // namespace

std::vector<clause> parse_clause_catalog(std::istream& in, const std::string& source) {
  std::string line;
  if (!std::getline(in, line))
    fail(source, "empty; a clause catalog starts with the header line " + std::string(header_hint));
  std::vector<std::string> header = split_tabs(line);
  for (auto& h : header) h = trimmed(h);
  bool header_ok = header.size() == column_count;
  for (std::size_t i = 0; header_ok && i < column_count; ++i) header_ok = header[i] == columns[i];
  if (!header_ok)
    fail(source + ":1", "header is \"" + trimmed(line) + "\"; expected " + header_hint);

  std::vector<clause> clauses;
  std::map<std::string, std::size_t> line_of;  // id -> line that defined it
  for (std::size_t number = 2; std::getline(in, line); ++number) {
    if (trimmed(line).empty()) continue;
    const std::string where = source + ":" + std::to_string(number);
    std::vector<std::string> f = split_tabs(line);
    if (f.size() != column_count)
      fail(where, std::to_string(f.size()) + " tab-separated columns, expected " + std::to_string(column_count) + " (" +
                      header_hint + "); fix the row");
    for (auto& field : f) field = trimmed(field);
    clause c{f[0], f[1], f[2], f[3], f[4]};
    if (c.id.empty()) fail(where, "the clause id is empty; give the row an id such as BAR-6");
    if (c.id.find(' ') != std::string::npos || c.id.find(',') != std::string::npos)
      fail(where, "clause id \"" + c.id + "\" holds a space or comma; cases cite ids in comma-separated lists");
    if (c.level != "core" && c.level != "ext")
      fail(where, "level \"" + c.level + "\" of " + c.id + " is neither core nor ext");
    if (c.title.empty()) fail(where, c.id + " has no title; give it a short title");
    if (const auto [it, added] = line_of.emplace(c.id, number); !added)
      fail(where, c.id + " is already defined at line " + std::to_string(it->second) + "; give each clause one row");
    clauses.push_back(std::move(c));
  }
  return clauses;
}

std::vector<clause> read_clause_catalog(const std::filesystem::path& tsv) {
  std::ifstream in(tsv);
  if (!in)
    throw catalog_error(tsv.string() + ": cannot open the clause catalog; pass the path of spec/clauses/clauses.tsv");
  return parse_clause_catalog(in, tsv.string());
}

}  // namespace tessera::conformance
