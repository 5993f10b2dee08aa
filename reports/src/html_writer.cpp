// The HTML report is written as plain strings through one escape function (html_escape), in the
// polyglot subset of HTML that is also well-formed XML (closed void elements, only XML's own character
// references), so tests can parse it with an XML parser and no browser is needed to check its structure.
#include <tessera/reports/coverage.hpp>
#include <tessera/reports/html_writer.hpp>
#include <tessera/reports/side_by_side.hpp>
#include <tessera/reports/svg_chart.hpp>
#include <tessera/reports/text.hpp>

#include "format.hpp"

namespace tessera::reports {
namespace {

using conformance::case_status;
using detail::plural;

constexpr const char* style = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1400px; padding: 0 16px; color: #1b1f24; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #d0d4da; } h3 { font-size: 15px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d0d4da; padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #f0f2f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { background: #d9f2d9; } .fail { background: #f7d0d0; } .skip { background: #f5ecc6; } .none { color: #8a8f98; }
tr.uncovered td.id { background: #f7d0d0; font-weight: bold; }
.alert { border: 2px solid #c62828; background: #fff4f4; padding: 4px 16px 12px; }
.ok { border: 2px solid #2e7d32; background: #f3fbf3; padding: 4px 16px 12px; }
pre { background: #f5f6f8; padding: 8px; overflow: auto; max-height: 40em; white-space: pre-wrap; word-break: break-word; }
article.failure { border-left: 4px solid #c62828; padding-left: 12px; margin: 16px 0; }
nav a { margin-right: 12px; }
ul.clauses { columns: 3 22em; column-gap: 24px; }
ul.clauses li { break-inside: avoid; }
code { font-size: 13px; }
)";

std::string esc(std::string_view s) { return html_escape(s); }

std::string td(std::string_view text, std::string_view cls = {}) {
  return cls.empty() ? "<td>" + esc(text) + "</td>" : "<td class=\"" + std::string(cls) + "\">" + esc(text) + "</td>";
}
std::string num(std::size_t n) { return "<td class=\"num\">" + std::to_string(n) + "</td>"; }

std::string diff_verdict(const conformance::diff_result& d) {
  if (d.clean() && d.compared_cases == 0) return "nothing compared: no case ran on both backends";
  if (d.clean()) return "clean: " + plural(d.compared_cases, "case", "cases") + ", " + plural(d.compared_outputs, "output", "outputs") + " agree";
  return plural(d.mismatches.size(), "mismatch", "mismatches") + ", " + plural(d.problems.size(), "problem", "problems") + " (" +
         plural(d.compared_cases, "case", "cases") + ", " + plural(d.compared_outputs, "output", "outputs") + " compared)";
}

void summary(std::string& h, const report_input& in, const coverage& cov) {
  h += "<section id=\"summary\">\n<h2>Summary</h2>\n";
  if (in.runs.empty()) h += "<p>No run in the input.</p>\n";
  else {
    h += "<table class=\"runs\">\n<thead><tr><th>backend</th><th>device</th><th>passed</th><th>failed</th><th>skipped</th>"
         "<th>cases</th><th>run time</th><th>seed</th><th>workers</th><th>repeat</th><th>machine</th><th>compiler</th>"
         "<th>started</th></tr></thead>\n<tbody>\n";
    for (const auto& run : in.runs) {
      const detail::counts n = detail::count_cases(run);
      const auto& m = run.machine;
      std::string machine = m.host;
      for (const std::string& part : {m.os, m.cpu, m.cores ? std::to_string(m.cores) + " cores" : std::string()})
        if (!part.empty()) machine += (machine.empty() ? "" : "; ") + part;
      const char* verdict = n.fail ? "fail" : n.pass == 0 ? "skip" : "pass";
      // A backend where nothing ran: its device cell says so and why.
      const std::string device = n.pass + n.fail == 0 && n.skip > 0 ? "not run: " + run.cases.front().message : run.device;
      h += "<tr class=\"" + std::string(verdict) + "\">" + td(run.backend) + td(device) + num(n.pass) +
           num(n.fail) + num(n.skip) + num(n.total()) + td(detail::format_seconds(run.seconds), "num") +
           td(std::to_string(run.seed), "num") + td(run.workers ? std::to_string(run.workers) : "—", "num") + td(std::to_string(run.repeat), "num") +
           td(machine) + td(m.compiler) + td(run.started) + "</tr>\n";
      // Spread over several devices: a row per device with the cases it ran.
      if (const auto devices = conformance::cases_per_device(run.cases); devices.size() > 1)
        for (const auto& d : devices)
          h += "<tr class=\"device\">" + td("") + td(d.device + " " + d.name) + num(d.pass) + num(d.fail) + num(d.skip) + num(d.total()) +
               "<td colspan=\"7\"></td></tr>\n";
    }
    h += "</tbody>\n</table>\n";
  }
  h += "<ul>\n";
  for (const auto& d : in.diffs)
    h += "<li>" + esc(d.backend) + " against " + esc(d.reference) + ": <a href=\"#mismatches\">" + esc(diff_verdict(d)) + "</a>" +
         (d.devices.size() > 1 ? "; per GPU: " + esc(conformance::per_device_line(d)) : std::string()) + "</li>\n";
  for (const auto& b : in.baselines)
    h += "<li>timing against " + esc(b.baseline_file) + ": " +
         (b.comparable ? "<a href=\"#regressions\">" + esc(plural(b.regressions.size(), "regression", "regressions")) +
                             "</a> (compared with this machine's baseline)"
                       : "not compared: " + esc(b.note)) +
         "</li>\n";
  h += "<li>clauses: " + esc(plural(in.clauses.size(), "clause", "clauses")) + " in the catalog, <a href=\"#uncovered\">" +
       esc(plural(cov.uncovered_core(), "core clause", "core clauses")) + " uncovered</a></li>\n";
  h += "</ul>\n</section>\n";
}

void clause_list(std::string& h, const std::vector<clause>& clauses) {
  h += "<ul class=\"clauses\">\n";
  for (const auto& c : clauses)
    h += "<li><a href=\"#clause-" + esc(c.id) + "\"><code>" + esc(c.id) + "</code></a> " + esc(c.section) + " — " +
         esc(c.title) + "</li>\n";
  h += "</ul>\n";
}

void uncovered(std::string& h, const coverage& cov) {
  h += std::string("<section id=\"uncovered\" class=\"") + (cov.uncovered_core() ? "alert" : "ok") + "\">\n";
  h += "<h2>Uncovered core clauses: " + std::to_string(cov.uncovered_core()) + "</h2>\n";
  if (cov.uncovered_core() == 0) h += "<p>Every core clause is cited by at least one positive case.</p>\n";
  if (!cov.core_without_cases.empty()) {
    h += "<h3 id=\"uncovered-no-case\">No case cites them (" + std::to_string(cov.core_without_cases.size()) + ")</h3>\n";
    clause_list(h, cov.core_without_cases);
  }
  if (!cov.core_only_negative.empty()) {
    h += "<h3 id=\"uncovered-negative-only\">Only negative cases cite them (" + std::to_string(cov.core_only_negative.size()) +
         ")</h3>\n<p>These cases check what must be refused; no case checks what must work.</p>\n";
    clause_list(h, cov.core_only_negative);
  }
  if (!cov.unknown.empty()) {
    h += "<h3 id=\"unknown-clauses\">Cited clauses missing from the catalog (" + std::to_string(cov.unknown.size()) +
         ")</h3>\n<ul>\n";
    for (const auto& u : cov.unknown) {
      h += "<li><code>" + esc(u.clause_id) + "</code>, cited by";
      for (const auto& id : u.case_ids) h += " <code>" + esc(id) + "</code>";
      h += "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "</section>\n";
}

// GEN-1: results grouped by the kind of text the cited clauses come from.
void by_kind(std::string& h, const coverage& cov) {
  h += "<section id=\"kinds\">\n<h2>Results by kind of clause</h2>\n<p>Only normative text binds an implementation "
       "(GEN-1); project rules are Tessera's own. Each cell: cases passed / cases citing clauses of that kind.</p>\n";
  h += "<table id=\"kind-table\">\n<thead><tr><th>kind</th><th>clauses</th><th>cited</th>";
  for (const auto& b : cov.backends) h += "<th>" + esc(b) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  for (const auto& k : cov.kinds) {
    h += "<tr>" + td(k.kind, "id") + td(std::to_string(k.clauses), "num") + td(std::to_string(k.cited), "num");
    for (const auto& cell : k.cells) {
      const char* cls = cell.cases == 0 ? "none" : cell.failed ? "fail" : cell.skipped ? "skip" : "pass";
      h += "<td class=\"cell " + std::string(cls) + "\">" + std::to_string(cell.passed) + "/" + std::to_string(cell.cases) + "</td>";
    }
    h += "</tr>\n";
  }
  h += "</tbody>\n</table>\n</section>\n";
}

void matrix(std::string& h, const coverage& cov) {
  h += "<section id=\"coverage\">\n<h2>Clause coverage</h2>\n<p>Each cell: passed / cases citing the clause on that backend "
       "(negative cases included, counted in the tooltip). <span class=\"pass\">all passed</span> "
       "<span class=\"fail\">some failed</span> <span class=\"skip\">some skipped</span> <span class=\"none\">no case</span>. "
       "Rows in red: core clauses without a positive case.</p>\n";
  h += "<table id=\"coverage-matrix\">\n<thead><tr><th>clause</th><th>level</th><th>section</th><th>kind</th><th>title</th>";
  for (const auto& b : cov.backends) h += "<th>" + esc(b) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  for (const auto& row : cov.rows) {
    const bool bad = row.c.level == "core" && row.positive_cases == 0;
    h += "<tr id=\"clause-" + esc(row.c.id) + "\"" + (bad ? " class=\"uncovered\"" : "") + ">" + td(row.c.id, "id") +
         td(row.c.level) + td(row.c.section) + td(row.c.normative) + td(row.c.title);
    for (const auto& cell : row.cells) {
      if (cell.cases == 0) {
        h += "<td class=\"cell none\" title=\"no case\">—</td>";
        continue;
      }
      const char* cls = cell.failed ? "fail" : cell.skipped ? "skip" : "pass";
      std::string title = plural(cell.cases, "case", "cases") + " (" + std::to_string(cell.negative) + " negative): " +
                          std::to_string(cell.passed) + " passed, " + std::to_string(cell.failed) + " failed, " +
                          std::to_string(cell.skipped) + " skipped";
      h += "<td class=\"cell " + std::string(cls) + "\" title=\"" + esc(title) + "\">" + std::to_string(cell.passed) + "/" +
           std::to_string(cell.cases) + "</td>";
    }
    h += "</tr>\n";
  }
  h += "</tbody>\n</table>\n</section>\n";
}

void failures(std::string& h, const report_input& in) {
  h += "<section id=\"failures\">\n<h2>Failures</h2>\n";
  std::size_t shown = 0;
  for (const auto& run : in.runs)
    for (const auto& c : run.cases) {
      if (c.status != case_status::fail) continue;
      ++shown;
      h += "<article class=\"failure\">\n<h3>" + esc(run.backend) + ": <code>" + esc(c.id) + "</code></h3>\n<table>\n";
      h += "<tr><th>expected</th>" + td(c.expectation) + "</tr>\n";
      h += "<tr><th>clauses</th>" + td(detail::join(c.clauses, ", ")) + "</tr>\n";
      if (c.negative) h += "<tr><th>negative</th><td>yes: the backend must refuse or report this</td></tr>\n";
      if (!c.file.empty()) h += "<tr><th>source</th>" + td(c.file + ":" + std::to_string(c.line)) + "</tr>\n";
      if (!c.configurations.empty()) h += "<tr><th>configurations</th>" + td(detail::join(c.configurations, "; ")) + "</tr>\n";
      h += "</table>\n<pre class=\"message\">" + esc(c.message.empty() ? "(no message)" : c.message) + "</pre>\n";
      if (!c.diagnostic.empty()) h += "<p>Diagnostic:</p>\n<pre class=\"diagnostic\">" + esc(c.diagnostic) + "</pre>\n";
      if (!c.log.empty())
        h += "<details><summary>stderr (" + std::to_string(c.log.size()) + " bytes)</summary>\n<pre class=\"log\">" + esc(c.log) +
             "</pre>\n</details>\n";
      h += "</article>\n";
    }
  if (shown == 0) h += "<p>No case failed.</p>\n";
  h += "</section>\n";
}

void skipped(std::string& h, const report_input& in) {
  h += "<section id=\"skipped\">\n<h2>Skipped cases</h2>\n";
  std::string rows;
  for (const auto& run : in.runs)
    for (const auto& c : run.cases)
      if (c.status == case_status::skip) rows += "<tr>" + td(run.backend) + "<td><code>" + esc(c.id) + "</code></td>" + td(c.message) + "</tr>\n";
  if (rows.empty()) h += "<p>No case was skipped.</p>\n";
  else h += "<table>\n<thead><tr><th>backend</th><th>case</th><th>reason</th></tr></thead>\n<tbody>\n" + rows + "</tbody>\n</table>\n";
  h += "</section>\n";
}

void mismatches(std::string& h, const report_input& in) {
  h += "<section id=\"mismatches\">\n<h2>Differences from the reference</h2>\n";
  if (in.diffs.empty()) h += "<p>No diff in the input.</p>\n";
  for (const auto& d : in.diffs) {
    h += "<h3>" + esc(d.backend) + " against " + esc(d.reference) + "</h3>\n<p class=\"" + (!d.clean() ? "fail" : d.compared_cases ? "pass" : "skip") +
         "\">" + esc(diff_verdict(d)) + "</p>\n";
    if (!d.mismatches.empty()) {
      h += "<table class=\"mismatches\">\n<thead><tr><th>case</th><th>output</th><th>differing</th><th>first index</th>"
           "<th>reference</th><th>backend</th><th>ulps (bound)</th><th>message</th></tr></thead>\n<tbody>\n";
      for (const auto& m : d.mismatches)
        h += "<tr><td><code>" + esc(m.case_id) + "</code></td>" + td(m.output) +
             td(std::to_string(m.differing) + " of " + std::to_string(m.count), "num") + num(m.first_index) +
             td(m.reference_value) + td(m.backend_value) +
             td(conformance::ulps_text(m.ulps) + " (" + std::to_string(m.bound) + ")", "num") + td(m.message) + "</tr>\n";
      h += "</tbody>\n</table>\n";
    }
    if (!d.problems.empty()) {
      h += "<p>Problems:</p>\n<ul class=\"problems\">\n";
      for (const auto& p : d.problems) h += "<li>" + esc(p) + "</li>\n";
      h += "</ul>\n";
    }
  }
  h += "</section>\n";
}

void regressions(std::string& h, const report_input& in) {
  h += "<section id=\"regressions\">\n<h2>Timing regressions</h2>\n";
  if (in.baselines.empty()) h += "<p>No baseline was compared.</p>\n";
  for (const auto& b : in.baselines) {
    h += "<h3>Against <code>" + esc(b.baseline_file) + "</code></h3>\n";
    if (!b.comparable) h += "<p class=\"skip\">Not comparable: " + esc(b.note) + "</p>\n";
    else if (!b.note.empty()) h += "<p>" + esc(b.note) + "</p>\n";
    h += "<p>A case regresses when even its fastest sample is more than " + detail::fixed(b.threshold * 100, 0) +
         "% slower than the baseline's median, after allowing for the run as a whole being slower (its typical "
         "case took " + detail::fixed(b.run_factor, 2) + "× the baseline).</p>\n";
    if (b.regressions.empty()) {
      h += "<p>No regression.</p>\n";
      continue;
    }
    h += "<table class=\"regressions\">\n<thead><tr><th>case</th><th>baseline</th><th>fastest now</th><th>ratio</th></tr>"
         "</thead>\n<tbody>\n";
    for (const auto& r : b.regressions)
      h += "<tr class=\"fail\"><td><code>" + esc(r.case_id) + "</code></td>" + td(detail::format_ns(r.baseline_ns), "num") +
           td(detail::format_ns(r.fastest_ns), "num") + td(detail::fixed(r.ratio, 2) + "×", "num") + "</tr>\n";
    h += "</tbody>\n</table>\n";
  }
  h += "</section>\n";
}

void timing(std::string& h, const report_input& in) {
  h += "<section id=\"timing\">\n<h2>Kernel time</h2>\n<figure>\n" + timing_chart_svg(in.runs) +
       "<figcaption>Median kernel time of each case on each backend (log scale), slowest cases first.</figcaption>\n"
       "</figure>\n</section>\n";
}

}  // namespace

std::string html_report(const report_input& in) {
  const coverage cov = compute_coverage(in.runs, in.clauses);
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>Tessera conformance report</title>\n"
       "<style>";
  h += style;
  h += "</style>\n</head>\n<body>\n<h1>Tessera conformance report</h1>\n<nav><a href=\"#summary\">summary</a>"
       "<a href=\"#uncovered\">uncovered clauses</a><a href=\"#kinds\">by kind</a><a href=\"#coverage\">coverage</a><a href=\"#failures\">failures</a>"
       "<a href=\"#skipped\">skipped</a><a href=\"#mismatches\">differences</a><a href=\"#regressions\">regressions</a>"
       "<a href=\"#side-by-side\">emulator and sanitizer</a><a href=\"#timing\">kernel time</a></nav>\n";
  summary(h, in, cov);
  uncovered(h, cov);
  by_kind(h, cov);
  matrix(h, cov);
  failures(h, in);
  skipped(h, in);
  mismatches(h, in);
  regressions(h, in);
  h += side_by_side_html(compare_diagnostics(in.runs));
  timing(h, in);
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace tessera::reports
