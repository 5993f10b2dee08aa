// JUnit XML through pugixml: the library escapes markup in every attribute and text node, and clean_text
// first removes what XML 1.0 cannot hold at all (most control characters, broken UTF-8), which no escape
// can express. Times are seconds with a decimal point, as every JUnit reader expects.
#include <tessera/reports/junit_writer.hpp>
#include <tessera/reports/text.hpp>

#include "format.hpp"

#include <pugixml.hpp>

#include <map>
#include <set>
#include <sstream>

namespace tessera::reports {
namespace {

using conformance::case_record;
using conformance::case_status;
using conformance::diff_result;
using conformance::run_results;

void set(pugi::xml_node node, const char* name, std::string_view value) {
  node.append_attribute(name).set_value(clean_text(value).c_str());
}

void set_text(pugi::xml_node node, std::string_view text) { node.text().set(clean_text(text).c_str()); }

std::string without_trailing_space(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  return s;
}

void property(pugi::xml_node properties, std::string_view name, std::string_view value) {
  pugi::xml_node p = properties.append_child("property");
  set(p, "name", name);
  set(p, "value", value);
}

// ISO 8601 as JUnit's timestamp attribute takes it ("2025-01-31T12:00:00", optionally fractions and a
// zone); anything else goes into a property instead of making the file invalid.
bool is_iso8601(const std::string& t) {
  const auto digits = [&](std::size_t at, std::size_t n) {
    if (at + n > t.size()) return false;
    for (std::size_t i = at; i < at + n; ++i)
      if (t[i] < '0' || t[i] > '9') return false;
    return true;
  };
  if (!(digits(0, 4) && t.size() >= 19 && t[4] == '-' && digits(5, 2) && t[7] == '-' && digits(8, 2) && t[10] == 'T' &&
        digits(11, 2) && t[13] == ':' && digits(14, 2) && t[16] == ':' && digits(17, 2)))
    return false;
  std::size_t i = 19;
  if (i < t.size() && t[i] == '.') {
    const std::size_t start = ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == start) return false;
  }
  if (i == t.size()) return true;
  if (t[i] == 'Z') return i + 1 == t.size();
  return (t[i] == '+' || t[i] == '-') && i + 6 == t.size() && digits(i + 1, 2) && t[i + 3] == ':' && digits(i + 4, 2);
}

std::string non_empty(std::string name, const std::string& fallback) { return name.empty() ? fallback : name; }

void add_case(pugi::xml_node suite, const run_results& run, const case_record& c) {
  pugi::xml_node tc = suite.append_child("testcase");
  set(tc, "name", non_empty(c.name, non_empty(c.id, "(unnamed case)")));
  set(tc, "classname", run.backend + "." + non_empty(detail::family_of(c), "cases"));
  set(tc, "time", detail::fixed(c.seconds, 6));
  if (!c.file.empty()) {
    set(tc, "file", c.file);
    if (c.line > 0) set(tc, "line", std::to_string(c.line));
  }

  pugi::xml_node props = tc.append_child("properties");
  property(props, "id", c.id);
  property(props, "clauses", detail::join(c.clauses, ","));
  property(props, "negative", c.negative ? "true" : "false");
  property(props, "expectation", c.expectation);
  property(props, "seed", std::to_string(run.seed));
  if (!c.device.empty()) property(props, "device", c.device + (c.device_name.empty() ? "" : " " + c.device_name));  // which GPU ran it
  if (!c.configurations.empty()) property(props, "configurations", detail::join(c.configurations, "; "));
  if (c.timing) {
    property(props, "median_ns", detail::fixed(c.timing->median_ns, 0));
    property(props, "min_ns", detail::fixed(c.timing->min_ns, 0));
    property(props, "max_ns", detail::fixed(c.timing->max_ns, 0));
    property(props, "samples", std::to_string(c.timing->samples_ns.size()));
  }

  if (c.status == case_status::fail) {
    pugi::xml_node f = tc.append_child("failure");
    set(f, "message", non_empty(c.message, "failed"));
    set(f, "type", c.negative ? "negative case" : "case");
    std::string text = without_trailing_space(c.message);
    if (!c.diagnostic.empty()) text += "\n\ndiagnostic:\n" + without_trailing_space(c.diagnostic);
    text += "\n\nexpected: " + c.expectation;
    if (!c.file.empty()) text += "\nat " + c.file + ":" + std::to_string(c.line);
    set_text(f, text);
  } else if (c.status == case_status::skip) {
    set(tc.append_child("skipped"), "message", non_empty(c.message, "skipped"));
  }
  if (!c.log.empty()) set_text(tc.append_child("system-err"), c.log);
}

void add_run(pugi::xml_node root, const run_results& run) {
  const detail::counts n = detail::count_cases(run);
  pugi::xml_node suite = root.append_child("testsuite");
  set(suite, "name", "conformance." + non_empty(run.backend, "unnamed-backend"));
  set(suite, "tests", std::to_string(n.total()));
  set(suite, "failures", std::to_string(n.fail));
  set(suite, "errors", "0");
  set(suite, "skipped", std::to_string(n.skip));
  set(suite, "time", detail::fixed(run.seconds, 6));
  if (is_iso8601(run.started)) set(suite, "timestamp", run.started);
  if (!run.machine.host.empty()) set(suite, "hostname", run.machine.host);

  pugi::xml_node props = suite.append_child("properties");
  property(props, "backend", run.backend);
  property(props, "device", run.device);
  property(props, "seed", std::to_string(run.seed));
  property(props, "workers", std::to_string(run.workers));
  property(props, "repeat", std::to_string(run.repeat));
  property(props, "machine", run.machine.cpu + (run.machine.cores ? ", " + std::to_string(run.machine.cores) + " cores" : "") +
                                 (run.machine.os.empty() ? "" : ", " + run.machine.os));
  property(props, "compiler", run.machine.compiler);
  property(props, "cuda", run.machine.cuda ? "true" : "false");
  if (!run.started.empty()) property(props, "started", run.started);

  for (const auto& c : run.cases) add_case(suite, run, c);
}

// The cases a diff compared: those both runs hold when both are in the input, otherwise those the diff
// names (mismatches, timings).
std::vector<std::string> compared_ids(const diff_result& d, const run_results* reference, const run_results* backend,
                                      const detail::case_index& reference_cases) {
  std::vector<std::string> ids;
  std::set<std::string> seen;
  const auto add = [&](const std::string& id) {
    if (seen.insert(id).second) ids.push_back(id);
  };
  if (reference && backend) {
    for (const auto& c : backend->cases)
      if (reference_cases.contains(c.id)) add(c.id);
  }
  for (const auto& m : d.mismatches) add(m.case_id);
  if (!(reference && backend))
    for (const auto& t : d.timings) add(t.case_id);
  return ids;
}

void add_diff(pugi::xml_node root, const diff_result& d, const std::vector<run_results>& runs) {
  const run_results* reference = detail::find_run(runs, d.reference);
  const run_results* backend = detail::find_run(runs, d.backend);
  const detail::case_index reference_cases = detail::index_cases(reference);
  const detail::case_index backend_cases = detail::index_cases(backend);
  std::map<std::string, std::vector<const conformance::mismatch*>> mismatches_of;
  for (const auto& m : d.mismatches) mismatches_of[m.case_id].push_back(&m);
  const std::vector<std::string> ids = compared_ids(d, reference, backend, reference_cases);

  pugi::xml_node suite = root.append_child("testsuite");
  set(suite, "name", "conformance.diff." + non_empty(d.backend, "unnamed-backend"));
  std::size_t failures = 0, skipped = 0;
  const std::string diff_class = "diff." + non_empty(d.backend, "unnamed-backend");

  pugi::xml_node props = suite.append_child("properties");
  property(props, "reference", d.reference);
  property(props, "backend", d.backend);
  property(props, "compared_cases", std::to_string(d.compared_cases));
  property(props, "compared_outputs", std::to_string(d.compared_outputs));
  property(props, "mismatches", std::to_string(d.mismatches.size()));
  property(props, "problems", std::to_string(d.problems.size()));

  for (const auto& id : ids) {
    const case_record* b = detail::find_case(backend_cases, id);
    const case_record* r = detail::find_case(reference_cases, id);
    const std::size_t dot = id.find('.');
    const std::string name = b ? b->name : dot == std::string::npos ? id : id.substr(dot + 1);
    const std::string family = b ? detail::family_of(*b) : dot == std::string::npos ? "" : id.substr(0, dot);
    pugi::xml_node tc = suite.append_child("testcase");
    set(tc, "name", non_empty(name, id));
    set(tc, "classname", diff_class + "." + non_empty(family, "cases"));
    set(tc, "time", "0");
    if (const auto it = mismatches_of.find(id); it != mismatches_of.end()) {
      ++failures;
      pugi::xml_node f = tc.append_child("failure");
      set(f, "message", it->second.front()->message);
      set(f, "type", "mismatch");
      std::string text;
      for (const auto* m : it->second) text += m->message + "\n";
      set_text(f, text);
    } else if ((b && b->status == case_status::skip) || (r && r->status == case_status::skip)) {
      ++skipped;
      const std::string where = (b && b->status == case_status::skip) ? d.backend : d.reference;
      set(tc.append_child("skipped"), "message", "not compared: skipped on " + where);
    }
  }

  // Problems are not tied to one case by the differ: one testcase carries them all.
  pugi::xml_node tc = suite.append_child("testcase");
  set(tc, "name", "results comparable");
  set(tc, "classname", diff_class);
  set(tc, "time", "0");
  if (!d.problems.empty()) {
    pugi::xml_node e = tc.append_child("error");
    set(e, "message", d.problems.front() + (d.problems.size() > 1 ? " (and " + std::to_string(d.problems.size() - 1) + " more)" : ""));
    set(e, "type", "diff problem");
    set_text(e, detail::join(d.problems, "\n"));
  }

  set(suite, "tests", std::to_string(ids.size() + 1));
  set(suite, "failures", std::to_string(failures));
  set(suite, "errors", d.problems.empty() ? "0" : "1");
  set(suite, "skipped", std::to_string(skipped));
  set(suite, "time", "0");
}

}  // namespace

std::string junit_xml(const report_input& input) {
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";

  pugi::xml_node root = doc.append_child("testsuites");
  set(root, "name", "tessera conformance");
  std::size_t tests = 0, failures = 0, skipped = 0;
  double seconds = 0;
  for (const auto& run : input.runs) {
    const detail::counts n = detail::count_cases(run);
    tests += n.total(), failures += n.fail, skipped += n.skip, seconds += run.seconds;
  }
  std::size_t errors = 0;
  for (const auto& run : input.runs) add_run(root, run);
  for (const auto& d : input.diffs) {
    add_diff(root, d, input.runs);
    pugi::xml_node suite = root.last_child();
    tests += suite.attribute("tests").as_ullong();
    failures += suite.attribute("failures").as_ullong();
    errors += suite.attribute("errors").as_ullong();
    skipped += suite.attribute("skipped").as_ullong();
  }
  set(root, "tests", std::to_string(tests));
  set(root, "failures", std::to_string(failures));
  set(root, "errors", std::to_string(errors));
  set(root, "skipped", std::to_string(skipped));
  set(root, "time", detail::fixed(seconds, 6));

  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace tessera::reports
