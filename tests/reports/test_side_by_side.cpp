// The diagnostics side by side: each planted bug and each correct kernel in the right column, totals by
// kind of bug, and no column for a run without compute-sanitizer's findings.
#include <tessera/reports/side_by_side.hpp>

#include <gtest/gtest.h>

namespace tc = tessera::conformance;
namespace tr = tessera::reports;

namespace {

tc::case_record record(std::string id, std::string expectation, tc::case_status status, std::string diagnostic = "") {
  tc::case_record r;
  r.id = std::move(id);
  r.family = "hazards";
  r.negative = expectation != "pass";
  r.expectation = std::move(expectation);
  r.status = status;
  r.diagnostic = std::move(diagnostic);
  return r;
}

tc::case_record sanitized(tc::case_record r, std::string verdict, std::vector<tc::sanitizer_finding> findings = {}) {
  r.sanitizer_verdict = std::move(verdict);
  r.sanitizer.push_back(tc::sanitizer_run{"racecheck", "ran", 1.0, "", std::move(findings)});
  return r;
}

tc::sanitizer_finding race_at(int line) {
  return tc::sanitizer_finding{"racecheck", "race", "Race condition", {"/src/a.cpp", line, "k"}, {"/src/a.cpp", line + 1, "k"}, "", 4, {}};
}

std::vector<tc::run_results> runs() {
  tc::run_results emulator, cuda;
  emulator.backend = "emulator";
  cuda.backend = "cuda";
  const auto pass = tc::case_status::pass, fail = tc::case_status::fail;
  emulator.cases = {record("hazards.shared_race", "hazard: read after write", pass, "tessera::hazard_detected: read after write at a.cpp:5"),
                    record("hazards.between_tiles", "hazard: race between tiles", pass, "tessera::hazard_detected: race between tiles"),
                    record("hazards.clean", "pass", pass), record("hazards.hidden", "hazard: write after write", fail, "")};
  cuda.cases = {sanitized(record("hazards.shared_race", "hazard: read after write", pass), "caught", {race_at(5)}),
                sanitized(record("hazards.between_tiles", "hazard: race between tiles", pass), "missed"),
                sanitized(record("hazards.clean", "pass", pass), "clean"),
                sanitized(record("hazards.hidden", "hazard: write after write", fail), "missed", {race_at(40)})};
  return {emulator, cuda};
}

TEST(SideBySide, EachKernelLandsInTheColumnOfWhoFoundIt) {
  const auto s = tr::compare_diagnostics(runs());
  ASSERT_EQ(s.rows.size(), 4u);
  EXPECT_EQ(s.gpu_backend, "cuda");
  EXPECT_EQ(s.rows[0].column, "both");
  EXPECT_EQ(s.rows[1].column, "emulator only");
  EXPECT_EQ(s.rows[2].column, "neither");  // a correct kernel, clean on both
  EXPECT_EQ(s.rows[3].column, "neither; the sanitizer found something at other lines");
  EXPECT_TRUE(s.rows[3].elsewhere);
}

TEST(SideBySide, TotalsAreByKindOfBug) {
  const auto s = tr::compare_diagnostics(runs());
  EXPECT_EQ(s.by_bug.at("race within a tile").both, 1u);
  EXPECT_EQ(s.by_bug.at("race within a tile").neither, 1u);
  EXPECT_EQ(s.by_bug.at("race within a tile").elsewhere, 1u);
  EXPECT_EQ(s.by_bug.at("race between tiles").emulator_only, 1u);
  EXPECT_EQ(s.by_bug.at("correct").neither, 1u);
  EXPECT_EQ(s.bug_order().back(), "correct");
}

TEST(SideBySide, MarkdownAndHtmlCarryTheTableAndTheCases) {
  const auto s = tr::compare_diagnostics(runs());
  const std::string md = tr::side_by_side_markdown(s);
  EXPECT_NE(md.find("| race between tiles | 1 | 0 | 1 | 0 | 0 | 0 |"), std::string::npos) << md;
  EXPECT_NE(md.find("**all planted bugs** | 3 | 1 | 1 | 0 | 1 | 1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("`hazards.shared_race`"), std::string::npos);
  const std::string html = tr::side_by_side_html(s);
  EXPECT_NE(html.find("id=\"side-by-side\""), std::string::npos);
  EXPECT_NE(html.find("racecheck race at a.cpp:5 / a.cpp:6"), std::string::npos) << html;
}

TEST(SideBySide, NothingWithoutTheSanitizersFindings) {
  auto r = runs();
  for (auto& c : r[1].cases) c.sanitizer_verdict.clear();
  const auto s = tr::compare_diagnostics(r);
  EXPECT_TRUE(s.rows.empty());
  EXPECT_TRUE(tr::side_by_side_markdown(s).empty());
}

}  // namespace
