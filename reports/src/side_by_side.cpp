#include <tessera/reports/side_by_side.hpp>

#include "format.hpp"

#include <tessera/reports/text.hpp>

#include <algorithm>

namespace tessera::reports {

namespace {

namespace tc = tessera::conformance;

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string sanitizer_findings_text(const tc::case_record& r) {
  std::string s;
  for (const auto& run : r.sanitizer)
    for (const auto& f : run.findings) {
      if (f.kind == "api error") continue;
      std::string where = f.first.line ? f.first.file.substr(f.first.file.rfind('/') + 1) + ":" + std::to_string(f.first.line) : f.first.function;
      if (f.second.line) where += " / " + f.second.file.substr(f.second.file.rfind('/') + 1) + ":" + std::to_string(f.second.line);
      s += (s.empty() ? "" : "; ") + f.tool + " " + f.kind + " at " + where;
    }
  const bool timed_out = std::any_of(r.sanitizer.begin(), r.sanitizer.end(), [](const tc::sanitizer_run& x) { return x.outcome == "timed out"; });
  if (timed_out) s += std::string(s.empty() ? "" : "; ") + "timed out (a hang; stopped at the case time limit)";
  return s.empty() ? r.sanitizer_verdict + " (no finding)" : s;
}

const char* column_of(bool emulator, bool sanitizer) {
  return emulator && sanitizer ? "both" : emulator ? "emulator only" : sanitizer ? "sanitizer only" : "neither";
}

}  // namespace

side_by_side compare_diagnostics(const std::vector<tc::run_results>& runs) {
  side_by_side s;
  const tc::run_results* emulator = detail::find_run(runs, "emulator");
  const tc::run_results* gpu = nullptr;
  for (const auto& r : runs)
    if (r.backend != "emulator" && std::any_of(r.cases.begin(), r.cases.end(), [](const tc::case_record& c) { return !c.sanitizer_verdict.empty(); }))
      gpu = &r;
  if (emulator == nullptr || gpu == nullptr) return s;
  s.gpu_backend = gpu->backend;
  const auto emulated = detail::index_cases(emulator);
  for (const auto& g : gpu->cases) {
    if (g.sanitizer_verdict.empty() || g.sanitizer_verdict == "no tool") continue;
    const tc::case_record* e = detail::find_case(emulated, g.id);
    side_by_side_row row;
    row.id = g.id;
    row.planted = g.negative;
    row.bug = tc::bug_class_of(g.expectation);
    if (row.planted) {
      row.emulator = e != nullptr && e->status == tc::case_status::pass;
      row.sanitizer = g.sanitizer_verdict == "caught";
      for (const auto& run : g.sanitizer)
        for (const auto& f : run.findings) row.elsewhere = row.elsewhere || (!row.sanitizer && f.kind != "api error");
      row.emulator_text = e == nullptr ? "not run" : e->status == tc::case_status::pass ? first_line(e->diagnostic) : first_line(e->message);
    } else {
      row.emulator = e != nullptr && e->status == tc::case_status::fail && !e->diagnostic.empty();
      row.sanitizer = g.sanitizer_verdict == "false alarm";
      row.emulator_text = e == nullptr ? "not run" : row.emulator ? first_line(e->diagnostic) : "clean";
    }
    row.sanitizer_text = sanitizer_findings_text(g);
    row.column = column_of(row.emulator, row.sanitizer);
    if (row.elsewhere) row.column += "; the sanitizer found something at other lines";
    auto& t = s.by_bug[row.bug];
    (row.emulator && row.sanitizer ? t.both : row.emulator ? t.emulator_only : row.sanitizer ? t.sanitizer_only : t.neither) += 1;
    t.elsewhere += row.elsewhere ? 1 : 0;
    s.rows.push_back(std::move(row));
  }
  return s;
}

std::vector<std::string> side_by_side::bug_order() const {
  std::vector<std::string> order;
  for (const auto& [bug, t] : by_bug)
    if (bug != "correct") order.push_back(bug);
  if (by_bug.count("correct")) order.push_back("correct");
  return order;
}

std::string side_by_side_markdown(const side_by_side& s) {
  if (s.rows.empty()) return {};
  std::string md = "\n### Diagnostics side by side: the emulator's checks and compute-sanitizer on " + s.gpu_backend + "\n\n";
  md += "Planted bugs (diagnostic cases, hazard corpus's buggy kernels): found by both, by the emulator only, by the sanitizer "
        "only, by neither. Correct kernels: a finding is a false alarm.\n\n";
  md += "| kind of bug | kernels | both | emulator only | sanitizer only | neither | sanitizer at other lines |\n"
        "|---|---:|---:|---:|---:|---:|---:|\n";
  side_by_side_totals planted;
  auto row_of = [](const std::string& name, const side_by_side_totals& t) {
    return "| " + name + " | " + std::to_string(t.total()) + " | " + std::to_string(t.both) + " | " + std::to_string(t.emulator_only) + " | " +
           std::to_string(t.sanitizer_only) + " | " + std::to_string(t.neither) + " | " + std::to_string(t.elsewhere) + " |\n";
  };
  for (const auto& bug : s.bug_order()) {
    const auto& t = s.by_bug.at(bug);
    if (bug == "correct") {
      md += row_of("**all planted bugs**", planted);
      md += row_of("correct kernels (a finding is a false alarm)", t);
      continue;
    }
    md += row_of(bug, t);
    planted.both += t.both, planted.emulator_only += t.emulator_only, planted.sanitizer_only += t.sanitizer_only;
    planted.neither += t.neither, planted.elsewhere += t.elsewhere;
  }
  if (!s.by_bug.count("correct")) md += row_of("**all planted bugs**", planted);
  md += "\n<details><summary>case by case</summary>\n\n| case | kind of bug | column | emulator | compute-sanitizer |\n|---|---|---|---|---|\n";
  for (const auto& r : s.rows)
    md += "| `" + r.id + "` | " + r.bug + " | " + r.column + " | " + markdown_line(r.emulator_text, 160) + " | " +
          markdown_line(r.sanitizer_text, 200) + " |\n";
  md += "\n</details>\n";
  return md;
}

std::string side_by_side_html(const side_by_side& s) {
  if (s.rows.empty()) return {};
  std::string h = "<section id=\"side-by-side\">\n<h2>Diagnostics side by side: the emulator and compute-sanitizer on " +
                  html_escape(s.gpu_backend) + "</h2>\n<table>\n<thead><tr><th>kind of bug</th><th>kernels</th><th>both</th>"
                  "<th>emulator only</th><th>sanitizer only</th><th>neither</th><th>sanitizer at other lines</th></tr></thead>\n<tbody>\n";
  for (const auto& bug : s.bug_order()) {
    const auto& t = s.by_bug.at(bug);
    h += "<tr><td>" + html_escape(bug) + "</td><td class=\"num\">" + std::to_string(t.total()) + "</td><td class=\"num\">" +
         std::to_string(t.both) + "</td><td class=\"num\">" + std::to_string(t.emulator_only) + "</td><td class=\"num\">" +
         std::to_string(t.sanitizer_only) + "</td><td class=\"num\">" + std::to_string(t.neither) + "</td><td class=\"num\">" +
         std::to_string(t.elsewhere) + "</td></tr>\n";
  }
  h += "</tbody>\n</table>\n<table>\n<thead><tr><th>case</th><th>kind of bug</th><th>column</th><th>emulator</th>"
       "<th>compute-sanitizer</th></tr></thead>\n<tbody>\n";
  for (const auto& r : s.rows)
    h += "<tr><td><code>" + html_escape(r.id) + "</code></td><td>" + html_escape(r.bug) + "</td><td>" + html_escape(r.column) + "</td><td>" +
         html_escape(r.emulator_text) + "</td><td>" + html_escape(r.sanitizer_text) + "</td></tr>\n";
  h += "</tbody>\n</table>\n</section>\n";
  return h;
}

}  // namespace tessera::reports
