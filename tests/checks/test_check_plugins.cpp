// The checks as the table declares them, their typed findings, what they count, and how they name lines:
// the table's names and help, hazard_kind / memory_space / memory_op / source_line in every finding and
// in the JSON, the per-launch and per-process counters (a clean launch is visibly not a silent one), and
// symbolization (source lines and inlining through libdw; code without line information is counted).
#include "no_line_info_kernel.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/checks.hpp>
#include <tessera/emulator/hazards_json.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {
using namespace tessera;
namespace emu = tessera::emulator;

// --- the table --------------------------------------------------------------------------------------------
TEST(CheckTable, EveryCheckIsSwitchedByTheNameItsTableLineGivesIt) {
  unsigned bits = 0;
  for (const emu::check_info& c : emu::check_table) {
    EXPECT_EQ(emu::check_named(c.name), c.id) << c.name;
    EXPECT_STREQ(emu::name_of(c.id), c.name);
    EXPECT_EQ(bits & static_cast<unsigned>(c.id), 0u) << c.name << " shares a bit";
    bits |= static_cast<unsigned>(c.id);
  }
  EXPECT_EQ(bits, emu::check_set{}.bits()) << "the default set is every check of the table";
}

TEST(CheckTable, HelpTextNamesEveryCheckAndTheKindsItReports) {
  const std::string help = emu::check_help();
  for (const emu::check_info& c : emu::check_table) EXPECT_NE(help.find(std::string(c.name) + ": " + c.doc), std::string::npos) << help;
  for (int k = 0; k < hazard_kind_count; ++k) EXPECT_NE(help.find(name_of(static_cast<hazard_kind>(k))), std::string::npos) << help;
}

TEST(CheckTable, AnUnknownNameIsRefusedWithTheHelpText) {
  try {
    emu::check_named("races");
    FAIL() << "an unknown check name was accepted";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find(emu::check_help()), std::string::npos) << e.what();
  }
}

// docs/checks.md's table of checks is written by hand: it must name every line of the table, once.
TEST(CheckTable, TheDocumentationListsEveryCheckOfTheTable) {
  std::ifstream in(TESSERA_SOURCE_DIR "/docs/checks.md");
  ASSERT_TRUE(in) << "cannot read docs/checks.md";
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  for (const emu::check_info& c : emu::check_table) {
    const std::string row = std::string("\n| `") + c.name + "` |";
    EXPECT_NE(doc.find(row), std::string::npos) << "docs/checks.md has no row for " << c.name;
  }
}

TEST(CheckTable, KindNamesReadBackAsTheirKinds) {
  for (int k = 0; k < hazard_kind_count; ++k) {
    const auto kind = static_cast<hazard_kind>(k);
    EXPECT_EQ(hazard_kind_named(name_of(kind)), kind);
  }
  EXPECT_FALSE(hazard_kind_named("race").has_value());
}

// --- typed findings ---------------------------------------------------------------------------------------
hazard_detected read_after_write(int& write_line, int& read_line) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const int w = __LINE__ + 6;
  write_line = w;
  read_line = w + 1;
  try {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      tile_static int s[8];
      s[t.local[0]] = 1;
      v[t] = s[7 - t.local[0]];
    });
  } catch (const hazard_detected& e) {
    return e;
  }
  return hazard_detected("no finding", {});
}

TEST(TypedFindings, EveryFindingCarriesItsKindMemoryAccessesAndLinesAsValues) {
  int write_line = 0, read_line = 0;
  const hazard_detected e = read_after_write(write_line, read_line);
  ASSERT_FALSE(e.hazards().empty()) << e.what();
  const hazard_detected::hazard& h = e.hazards().front();
  EXPECT_EQ(h.type, hazard_kind::read_after_write);
  EXPECT_EQ(h.space, memory_space::tile_static_memory);
  EXPECT_EQ(h.first.op, memory_op::write);
  EXPECT_EQ(h.second.op, memory_op::read);
  EXPECT_EQ(h.first.line.line, write_line);
  EXPECT_EQ(h.second.line.line, read_line);
  EXPECT_TRUE(h.first.line.file.ends_with("test_check_plugins.cpp")) << h.first.line.file;
  EXPECT_EQ(h.interval_number, 0);
  EXPECT_TRUE(h.interval_barrier.empty()) << "the interval opened at the start of the kernel";
  // The strings are the same values, as reports write them.
  EXPECT_EQ(h.kind, name_of(h.type));
  EXPECT_EQ(h.memory, name_of(h.space));
  EXPECT_EQ(h.first.kind, name_of(h.first.op));
  EXPECT_EQ(h.first.site, h.first.line.text());
  EXPECT_EQ(h.second.site, h.second.line.text());
}

TEST(TypedFindings, JsonCarriesTheFileAndLineOfEachAccess) {
  int write_line = 0, read_line = 0;
  const hazard_detected e = read_after_write(write_line, read_line);
  const std::string j = emu::hazards_json(e);
  EXPECT_NE(j.find("\"line\":" + std::to_string(write_line)), std::string::npos) << j;
  EXPECT_NE(j.find("\"line\":" + std::to_string(read_line)), std::string::npos) << j;
  EXPECT_NE(j.find("\"interval_number\":0"), std::string::npos) << j;
  EXPECT_NE(j.find("test_check_plugins.cpp\""), std::string::npos) << j;
}

// --- counters ---------------------------------------------------------------------------------------------
TEST(Counters, ACleanLaunchCountsTheAccessesItChecked) {
  const emu::check_counters before = emu::process_counters();
  std::vector<int> out(256);
  array_view<int, 1> v(256, out);
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = s[63 - t.local[0]];
  });
  const emu::check_counters c = emu::last_launch_counters();
  EXPECT_EQ(c.launches, 1u);
  // Each of the 256 threads stores and loads tile_static once and stores v once, at least.
  EXPECT_GE(c.accesses, 3u * 256u);
  EXPECT_EQ(c.findings, 0u);
  EXPECT_EQ(c.merged, 0u);
  const emu::check_counters after = emu::process_counters();
  EXPECT_EQ(after.launches, before.launches + 1);
  EXPECT_EQ(after.accesses, before.accesses + c.accesses);
  EXPECT_EQ(emu::summary(c).rfind("checked ", 0), 0u) << emu::summary(c);
  EXPECT_NE(emu::summary(c).find("in 1 launch, 0 findings"), std::string::npos) << emu::summary(c);
}

TEST(Counters, FindingsAreCountedAsReportedAndMerged) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  std::size_t reported = 0;
  try {
    // Eight tiles race the same way at the same lines: one finding, seven merged into it.
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      tile_static int s[8];
      s[t.local[0]] = 1;
      v[t] = s[7 - t.local[0]];
    });
  } catch (const hazard_detected& e) {
    reported = e.hazards().size();
  }
  const emu::check_counters c = emu::last_launch_counters();
  ASSERT_GE(reported, 1u);
  EXPECT_EQ(c.findings, reported);
  EXPECT_GE(c.merged, 7u);
}

TEST(Counters, GroupDigitsInTheSummary) {
  emu::check_counters c;
  c.launches = 3;
  c.accesses = 1234567;
  c.findings = 2;
  c.merged = 40;
  c.symbolization_failures = 1;
  EXPECT_EQ(emu::summary(c), "checked 1,234,567 accesses in 3 launches, 2 findings (40 more merged into them), 1 symbolization failure");
}

// --- symbolization ----------------------------------------------------------------------------------------
TEST(Symbolization, ReportsNameTheUsersLineThroughInlinedLibraryCode) {
  // The racing store is inside array_view's operator[], inlined into the kernel: the report names the
  // kernel's line, found through the inlined frames.
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int line = __LINE__ + 3;
  try {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      v[0] = t.local[0];
    });
    FAIL() << "no finding";
  } catch (const hazard_detected& e) {
    ASSERT_FALSE(e.hazards().empty());
    for (const auto& h : e.hazards()) {
      EXPECT_EQ(h.first.line.line, line) << e.what();
      EXPECT_TRUE(h.first.line.file.ends_with("test_check_plugins.cpp")) << e.what();
    }
  }
}

TEST(Symbolization, CodeWithoutLineInformationIsNamedByModuleAndCounted) {
  std::vector<int> out(16);
  try {
    race_in_code_without_line_information(out);
    FAIL() << "no finding";
  } catch (const hazard_detected& e) {
    ASSERT_FALSE(e.hazards().empty());
    const hazard_detected::hazard& h = e.hazards().front();
    EXPECT_FALSE(h.first.line.known()) << h.first.site;
    EXPECT_NE(h.first.site.find("+0x"), std::string::npos) << h.first.site;
    EXPECT_NE(std::string(e.what()).find("no line information"), std::string::npos) << e.what();
  }
  EXPECT_GE(emu::last_launch_counters().symbolization_failures, 1u);
  EXPECT_GE(emu::process_counters().symbolization_failures, 1u);
}

}  // namespace
