// The clause catalog is read strictly: the real catalog reads whole, and each kind of malformed row is
// refused with an error naming the file, the line and the fix.
#include <tessera/conformance/clause_catalog.hpp>

#include <gtest/gtest.h>

#include <set>
#include <sstream>

namespace {
using namespace tessera::conformance;

constexpr const char* header = "id\tlevel\tspec_section\tnormative\ttitle\n";

std::string error_of(const std::string& text) {
  std::istringstream in(text);
  try {
    parse_clause_catalog(in, "clauses.tsv");
  } catch (const catalog_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a catalog_error for:\n" << text;
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ClauseCatalog, ReadsTheProjectCatalogWhole) {
  const std::vector<clause> clauses = read_clause_catalog(TESSERA_CLAUSE_CATALOG);
  ASSERT_GT(clauses.size(), 100u);
  EXPECT_EQ(clauses.front().id, "GEN-1");
  std::set<std::string> ids;
  for (const auto& c : clauses) {
    EXPECT_TRUE(c.level == "core" || c.level == "ext") << c.id;
    EXPECT_FALSE(c.title.empty()) << c.id;
    ids.insert(c.id);
  }
  EXPECT_EQ(ids.size(), clauses.size());
  EXPECT_TRUE(ids.contains("BAR-6"));
}

TEST(ClauseCatalog, KeepsEveryColumnAndSkipsBlankLines) {
  std::istringstream in(std::string(header) + "BAR-6\tcore\t§4.5, §8.1.1\tnormative\tevery tile thread reaches the same barrier\r\n\n");
  const std::vector<clause> clauses = parse_clause_catalog(in, "x.tsv");
  ASSERT_EQ(clauses.size(), 1u);
  EXPECT_EQ(clauses[0].id, "BAR-6");
  EXPECT_EQ(clauses[0].level, "core");
  EXPECT_EQ(clauses[0].section, "§4.5, §8.1.1");
  EXPECT_EQ(clauses[0].normative, "normative");
  EXPECT_EQ(clauses[0].title, "every tile thread reaches the same barrier");
}

TEST(ClauseCatalog, RowWithMissingColumnNamesFileAndLine) {
  const std::string e = error_of(std::string(header) + "A-1\tcore\t§1\tnormative\tok\nA-2\tcore\t§2\tno title column\n");
  EXPECT_TRUE(contains(e, "clauses.tsv:3:")) << e;
  EXPECT_TRUE(contains(e, "4 tab-separated columns, expected 5")) << e;
}

TEST(ClauseCatalog, LevelOtherThanCoreOrExtIsRefused) {
  const std::string e = error_of(std::string(header) + "A-1\toptional\t§1\tnormative\tt\n");
  EXPECT_TRUE(contains(e, "clauses.tsv:2:")) << e;
  EXPECT_TRUE(contains(e, "neither core nor ext")) << e;
}

TEST(ClauseCatalog, DuplicateIdNamesBothLines) {
  const std::string e = error_of(std::string(header) + "A-1\tcore\t§1\tnormative\tt\nA-2\text\t§1\tnormative\tt\nA-1\tcore\t§1\tnormative\tu\n");
  EXPECT_TRUE(contains(e, "clauses.tsv:4:")) << e;
  EXPECT_TRUE(contains(e, "already defined at line 2")) << e;
}

TEST(ClauseCatalog, EmptyIdOrTitleIsRefused) {
  EXPECT_TRUE(contains(error_of(std::string(header) + "\tcore\t§1\tnormative\tt\n"), "id is empty"));
  EXPECT_TRUE(contains(error_of(std::string(header) + "A-1\tcore\t§1\tnormative\t\n"), "has no title"));
}

TEST(ClauseCatalog, WrongHeaderIsRefused) {
  const std::string e = error_of("id\tlevel\ttitle\nA-1\tcore\tt\n");
  EXPECT_TRUE(contains(e, "clauses.tsv:1: header")) << e;
  EXPECT_TRUE(contains(error_of(""), "empty")) << "an empty file";
}

TEST(ClauseCatalog, MissingFileNamesThePath) {
  try {
    read_clause_catalog("/nonexistent/clauses.tsv");
    FAIL() << "expected catalog_error";
  } catch (const catalog_error& e) {
    EXPECT_TRUE(contains(e.what(), "/nonexistent/clauses.tsv: cannot open")) << e.what();
  }
}

}  // namespace
