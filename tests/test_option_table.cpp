// The emulator's options are declared once (option_table.hpp): the environment parser reads every variable
// of the table, and the configuration table of docs/emulator.md lists exactly those variables.
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

std::set<std::string> table_variables() {
  std::set<std::string> names;
  for (const auto& v : tessera::emulator::option_variables) names.insert(v.name);
  return names;
}

// The `| `NAME` |` rows of docs/emulator.md's configuration table.
std::set<std::string> documented_variables() {
  std::ifstream in(std::string(TESSERA_SOURCE_DIR) + "/docs/emulator.md");
  std::stringstream text;
  text << in.rdbuf();
  std::set<std::string> names;
  const std::regex row(R"(^\| `(TESSERA_[A-Z_]+)` \|)", std::regex::multiline);
  const std::string s = text.str();
  for (std::sregex_iterator it(s.begin(), s.end(), row), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

TEST(OptionTable, EveryVariableHasItsRowInTheEmulatorDocs) {
  const auto documented = documented_variables();
  ASSERT_FALSE(documented.empty()) << "no configuration table found in docs/emulator.md";
  for (const auto& name : table_variables()) EXPECT_TRUE(documented.count(name)) << name << " has no row in docs/emulator.md";
}

TEST(OptionTable, EveryDocumentedVariableIsInTheTable) {
  const auto declared = table_variables();
  for (const auto& name : documented_variables())
    EXPECT_TRUE(declared.count(name)) << name << " is documented in docs/emulator.md but not declared in option_table.hpp";
}

TEST(OptionTable, EveryVariableHasADoc) {
  for (const auto& v : tessera::emulator::option_variables) EXPECT_GT(std::string(v.doc).size(), 10u) << v.name;
}

}  // namespace
