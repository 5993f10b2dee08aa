// The HTML report: well-formed (so an XML parser can check it), self-contained, with the summary, the
// clause x backend matrix, the uncovered core clauses, failures with escaped diagnostics, the diff and the
// timing chart with one bar per case and backend.
#include "sample_input.hpp"

#include <tessera/reports/html_writer.hpp>
#include <tessera/reports/svg_chart.hpp>
#include <tessera/reports/text.hpp>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace {
using namespace tessera::reports;
using namespace tessera::reports::testing;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

class HtmlReport : public ::testing::Test {
 protected:
  void SetUp() override {
    html = html_report(sample_input());
    const pugi::xml_parse_result parsed = doc.load_string(html.c_str());
    ASSERT_TRUE(parsed) << "not well-formed: " << parsed.description() << " at offset " << parsed.offset << ": "
                        << html.substr(parsed.offset, 80);
  }
  pugi::xml_node by_id(const std::string& id) const {
    return doc.find_node([&](pugi::xml_node n) { return id == n.attribute("id").value(); });
  }
  // All text below a node, concatenated.
  static std::string text_of(pugi::xml_node node) {
    std::string text;
    struct collect : pugi::xml_tree_walker {
      std::string* out;
      bool for_each(pugi::xml_node& n) override {
        if (n.type() == pugi::node_pcdata) *out += n.value();
        return true;
      }
    } walker;
    walker.out = &text;
    node.traverse(walker);
    return text;
  }
  std::string html;
  pugi::xml_document doc;
};

TEST_F(HtmlReport, HasEverySectionById) {
  for (const char* id : {"summary", "uncovered", "coverage", "coverage-matrix", "failures", "skipped", "mismatches",
                         "regressions", "timing", "timing-chart"})
    EXPECT_TRUE(by_id(id)) << "no element with id " << id;
}

TEST_F(HtmlReport, IsSelfContained) {
  EXPECT_FALSE(contains(html, "<script")) << "no script, not even an escaped message's";
  EXPECT_FALSE(contains(html, "<link"));
  EXPECT_FALSE(contains(html, " src="));
  EXPECT_EQ(occurrences(html, "http://") + occurrences(html, "https://"), 1u) << "only the SVG namespace name";
}

TEST(HtmlReportSpread, SummaryHasARowPerGpuAndTheDiffsMismatchesPerGpu) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    if (run.backend == "cuda")
      for (std::size_t i = 0; i < run.cases.size(); ++i) run.cases[i].device = "cuda:" + std::to_string(i % 2), run.cases[i].device_name = "H100";
  in.diffs[0].devices = {{"cuda:0", "H100", 2, 0, 0}, {"cuda:1", "H100", 1, 1, 0}};
  const std::string html = html_report(in);
  EXPECT_TRUE(contains(html, "<tr class=\"device\"><td></td><td>cuda:0 H100</td>")) << html.substr(0, 4000);
  EXPECT_TRUE(contains(html, "<tr class=\"device\"><td></td><td>cuda:1 H100</td>"));
  EXPECT_TRUE(contains(html, "; per GPU: cuda:0 2 cases, 0 mismatches; cuda:1 1 case, 1 mismatch</li>"));
}

TEST_F(HtmlReport, SummaryHasARowPerBackendWithCountsMachineSeedAndWorkers) {
  const pugi::xml_node rows = by_id("summary").child("table").child("tbody");
  std::vector<std::string> cells;
  for (pugi::xml_node td : rows.first_child().children("td")) cells.push_back(td.text().get());
  ASSERT_EQ(cells.size(), 13u);
  EXPECT_EQ(cells[0], "emulator");
  EXPECT_EQ(cells[2], std::to_string(emulator_pass));
  EXPECT_EQ(cells[3], std::to_string(emulator_fail));
  EXPECT_EQ(cells[4], std::to_string(emulator_skip));
  EXPECT_EQ(cells[6], "12.5 s");
  EXPECT_EQ(cells[7], "7");
  EXPECT_EQ(cells[8], "4");
  EXPECT_TRUE(contains(cells[10], "ci-host-1")) << cells[10];
  EXPECT_EQ(std::string(rows.last_child().child("td").text().get()), "cuda");
}

TEST_F(HtmlReport, CoverageMatrixHasARowPerClauseAndACellPerBackend) {
  const pugi::xml_node matrix = by_id("coverage-matrix");
  std::vector<std::string> head;
  for (pugi::xml_node th : matrix.child("thead").child("tr").children("th")) head.push_back(th.text().get());
  EXPECT_EQ(head, (std::vector<std::string>{"clause", "level", "section", "kind", "title", "emulator", "cuda"}));
  std::size_t rows = 0;
  for (pugi::xml_node tr : matrix.child("tbody").children("tr")) {
    ++rows;
    EXPECT_EQ(std::distance(tr.children("td").begin(), tr.children("td").end()), 7);
  }
  EXPECT_EQ(rows, sample_input().clauses.size());
  // BAR-2 on cuda: one of its two cases failed.
  const pugi::xml_node bar2 = by_id("clause-BAR-2");
  std::vector<pugi::xml_node> cells;
  for (pugi::xml_node td : bar2.children("td")) cells.push_back(td);
  EXPECT_STREQ(cells[5].text().get(), "2/2");
  EXPECT_STREQ(cells[5].attribute("class").value(), "cell pass");
  EXPECT_STREQ(cells[6].text().get(), "1/2");
  EXPECT_STREQ(cells[6].attribute("class").value(), "cell fail");
  EXPECT_STREQ(by_id("clause-TS-2").last_child().attribute("class").value(), "cell none");
}

TEST_F(HtmlReport, UncoveredCoreClausesAreListedAndMarkedInTheMatrix) {
  const pugi::xml_node uncovered = by_id("uncovered");
  EXPECT_STREQ(uncovered.attribute("class").value(), "alert");
  const std::string text = text_of(uncovered);
  EXPECT_TRUE(contains(text, "Uncovered core clauses: 2")) << text;
  EXPECT_TRUE(contains(text_of(by_id("uncovered-no-case").next_sibling("ul")), "TS-2"));
  EXPECT_TRUE(contains(text_of(by_id("uncovered-negative-only").next_sibling("ul")), "BAR-9"));
  EXPECT_FALSE(contains(text, "BAR-6")) << "BAR-6 has a positive case";
  EXPECT_FALSE(contains(text, "GEN-2")) << "GEN-2 is not a core clause";
  EXPECT_TRUE(contains(text_of(by_id("unknown-clauses")), "missing from the catalog"));
  EXPECT_STREQ(by_id("clause-TS-2").attribute("class").value(), "uncovered");
  EXPECT_STREQ(by_id("clause-BAR-9").attribute("class").value(), "uncovered");
  EXPECT_FALSE(by_id("clause-BAR-6").attribute("class"));
}

TEST_F(HtmlReport, FailureShowsTheMessageAndDiagnosticEscapedInPre) {
  const pugi::xml_node failures = by_id("failures");
  std::size_t articles = 0;
  for (pugi::xml_node a : failures.children("article")) {
    ++articles;
    EXPECT_EQ(std::string(a.find_child_by_attribute("pre", "class", "message").text().get()), clean_text(hostile_message));
    EXPECT_EQ(std::string(a.find_child_by_attribute("pre", "class", "diagnostic").text().get()),
              "output sum differs at [3]:\n  got <0x7f800000> & expected 1.5\n");
  }
  EXPECT_EQ(articles, cuda_fail + emulator_fail);
  EXPECT_TRUE(contains(html, "got &lt;0x7f800000&gt; &amp; expected 1.5"));
  EXPECT_FALSE(contains(html, "\x01"));
}

TEST_F(HtmlReport, MismatchesAndProblemsArePerBackend) {
  const std::string text = text_of(by_id("mismatches"));
  EXPECT_TRUE(contains(text, "cuda against emulator")) << text;
  EXPECT_TRUE(contains(text, "1 mismatch, 1 problem")) << text;
  EXPECT_TRUE(contains(text, "inf (0x7f800000)")) << text;
  EXPECT_TRUE(contains(text, "barriers.reduction_256 passed on emulator only")) << text;
}

TEST_F(HtmlReport, RegressionsNameTheCaseAndTheRatio) {
  const std::string text = text_of(by_id("regressions"));
  EXPECT_TRUE(contains(text, "conformance/baselines/emulator.json")) << text;
  EXPECT_TRUE(contains(text, "tiled_index.worked_example_5x4")) << text;
  EXPECT_TRUE(contains(text, "1.83×")) << text;
}

TEST_F(HtmlReport, TimingChartHasOneBarPerTimedCaseAndBackend) {
  const pugi::xml_node chart = by_id("timing-chart");
  ASSERT_STREQ(chart.name(), "svg");
  std::set<std::pair<std::string, std::string>> bars;
  std::size_t count = 0;
  for (pugi::xpath_node bar : chart.select_nodes(".//rect[@class='bar']")) {
    ++count;
    bars.emplace(bar.node().attribute("data-case").value(), bar.node().attribute("data-backend").value());
    EXPECT_GT(bar.node().attribute("width").as_double(), 0);
  }
  EXPECT_EQ(count, timed_bars);
  EXPECT_EQ(bars.size(), timed_bars) << "no (case, backend) drawn twice";
  EXPECT_TRUE(bars.contains({"barriers.divergent_half_tile", "emulator"}));
  EXPECT_FALSE(bars.contains({"barriers.divergent_half_tile", "cuda"})) << "skipped there, no timing";
  const std::string text = text_of(chart);
  EXPECT_TRUE(contains(text, "median kernel time per case (log scale)")) << "x axis label";
  EXPECT_TRUE(contains(text, "case (slowest first)")) << "y axis label";
  EXPECT_EQ(chart.select_nodes(".//*[@class='legend-item']").size(), 2u) << "a legend entry per backend";
}

TEST(TimingChart, LongerBarsForSlowerCasesOnALogScale) {
  const report_input in = sample_input();
  pugi::xml_document svg;
  ASSERT_TRUE(svg.load_string(timing_chart_svg(in.runs).c_str()));
  std::map<std::string, double> width;
  for (pugi::xpath_node bar : svg.select_nodes("//rect[@class='bar']"))
    width[std::string(bar.node().attribute("data-case").value()) + "@" + bar.node().attribute("data-backend").value()] =
        bar.node().attribute("width").as_double();
  // 3.1 ms against 15 µs: about 2.3 decades apart.
  EXPECT_GT(width["barriers.reduction_256@emulator"], width["tiled_index.worked_example_5x4@cuda"]);
  // The first group drawn is the slowest case.
  EXPECT_STREQ(svg.select_node("//rect[@class='bar']").node().attribute("data-case").value(), "barriers.reduction_256");
}

TEST(TimingChart, ShowsOnlyTheSlowestCasesAndSaysSo) {
  const report_input in = sample_input();
  pugi::xml_document svg;
  ASSERT_TRUE(svg.load_string(timing_chart_svg(in.runs, {.max_cases = 2}).c_str()));
  std::set<std::string> cases;
  for (pugi::xpath_node bar : svg.select_nodes("//rect[@class='bar']")) cases.insert(bar.node().attribute("data-case").value());
  EXPECT_EQ(cases, (std::set<std::string>{"barriers.reduction_256", "barriers.tile_static_scan"}));
  EXPECT_TRUE(svg.select_node("//text[contains(., 'the 2 slowest of 4')]"));
}

// bench/peers draws its own timing table with the same chart: cases in its order, its own labels.
TEST(TimingChart, KeepsTheCaseOrderAndTheLabelsItIsGiven) {
  const report_input in = sample_input();
  tessera::reports::timing_chart_options o;
  o.slowest_first = false;
  o.title = "Time per launch";
  o.time_axis = "time per launch (log scale)";
  o.case_axis = "workload, size";
  o.note = "No bar: past the limit";
  const std::string text = timing_chart_svg(in.runs, o);
  pugi::xml_document svg;
  ASSERT_TRUE(svg.load_string(text.c_str()));
  std::vector<std::string> order;
  for (pugi::xpath_node bar : svg.select_nodes("//rect[@class='bar']")) {
    const std::string c = bar.node().attribute("data-case").value();
    if (order.empty() || order.back() != c) order.push_back(c);
  }
  std::vector<std::string> first_seen;
  for (const auto& run : in.runs)
    for (const auto& c : run.cases)
      if (c.timing && std::find(first_seen.begin(), first_seen.end(), c.id) == first_seen.end()) first_seen.push_back(c.id);
  EXPECT_EQ(order, first_seen);
  EXPECT_STREQ(svg.child("svg").child_value("title"), "Time per launch");
  EXPECT_TRUE(contains(text, "time per launch (log scale)"));
  EXPECT_TRUE(contains(text, "workload, size"));
  EXPECT_TRUE(contains(text, "No bar: past the limit"));
  EXPECT_FALSE(contains(text, "slowest first"));
}

TEST(TimingChart, WithoutTimingsSaysSo) {
  report_input in = sample_input();
  for (auto& run : in.runs)
    for (auto& c : run.cases) c.timing.reset();
  const std::string svg = timing_chart_svg(in.runs);
  EXPECT_TRUE(contains(svg, "id=\"timing-chart\""));
  EXPECT_TRUE(contains(svg, "No case has timing samples"));
  EXPECT_FALSE(contains(svg, "class=\"bar\""));
}

TEST(HtmlReportInput, RunThatSkippedEverythingIsNotShownAsPassing) {
  report_input in = sample_input();
  for (auto& c : in.runs[1].cases) c.status = tessera::conformance::case_status::skip;
  in.diffs[0] = tessera::conformance::diff_result{};
  in.diffs[0].reference = "emulator";
  in.diffs[0].backend = "cuda";
  const std::string html = html_report(in);
  EXPECT_TRUE(contains(html, "<tr class=\"skip\"><td>cuda</td>")) << html.substr(0, 4000);
  EXPECT_TRUE(contains(html, "nothing compared: no case ran on both backends"));
  EXPECT_FALSE(contains(html, "clean: 0 cases"));
}

TEST(HtmlReportInput, EmptyInputStillMakesAWellFormedPage) {
  pugi::xml_document doc;
  const std::string html = html_report(report_input{});
  EXPECT_TRUE(doc.load_string(html.c_str()));
  EXPECT_TRUE(contains(html, "No run in the input."));
}

}  // namespace
