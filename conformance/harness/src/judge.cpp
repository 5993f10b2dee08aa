#include "judge.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>

namespace tessera::conformance {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// "a, b , c" -> {"a", "b", "c"}
std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    if (!trim(item).empty()) items.push_back(trim(item));
  return items;
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : separator) + i;
  return s;
}

bool contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

std::string line_list(const std::vector<int>& lines) {
  std::string s;
  for (int l : lines) s += (s.empty() ? ":" : ", :") + std::to_string(l);
  return s;
}

// --- where a case is in its file -------------------------------------------------------------------

// Scans C++ source for braces outside comments, string and character literals, across lines.
class brace_scanner {
 public:
  // Adds the line's braces to the depth; true once a brace was opened and the depth is back to zero.
  bool feed(const std::string& line) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char ch = line[i];
      const char next = i + 1 < line.size() ? line[i + 1] : '\0';
      if (in_block_comment_) {
        if (ch == '*' && next == '/') in_block_comment_ = false, ++i;
        continue;
      }
      if (quote_ != '\0') {
        if (ch == '\\') ++i;
        else if (ch == quote_) quote_ = '\0';
        continue;
      }
      if (ch == '/' && next == '/') break;
      if (ch == '/' && next == '*') {
        in_block_comment_ = true;
        ++i;
      } else if (ch == '"' || ch == '\'') {
        quote_ = ch;
      } else if (ch == '{') {
        ++depth_;
        opened_ = true;
      } else if (ch == '}') {
        --depth_;
        if (opened_ && depth_ == 0) return true;
      }
    }
    quote_ = '\0';  // a literal does not continue on the next line
    return false;
  }

 private:
  int depth_ = 0;
  bool opened_ = false;
  bool in_block_comment_ = false;
  char quote_ = '\0';
};

bool declares_a_case(const std::string& line) { return trim(line).rfind("TESSERA_CASE(", 0) == 0; }

// The last line (1-based) of the body of the case declared at line `declaration`, or the file's end.
int body_end(const std::vector<std::string>& lines, int declaration) {
  brace_scanner braces;
  for (int l = declaration; l <= static_cast<int>(lines.size()); ++l)
    if (braces.feed(lines[l - 1])) return l;
  return static_cast<int>(lines.size());
}

// A line's trailing marker: `// expect: <kinds>`, or `// expect when tiles interleave: <kinds>` for a
// line reported only where tiles run at the same time and a racy value they exchange decides an address
// (optional: a finding may name it, none must). A comment on a line of its own (prose about markers)
// marks nothing.
struct marker {
  std::vector<std::string> kinds;
  bool optional = false;
};

marker marker_of(const std::string& line) {
  static const std::string required = "// expect:", interleaved = "// expect when tiles interleave:";
  const std::string code = trim(line);
  const bool comment_line = code.rfind("//", 0) == 0 || code.rfind("/*", 0) == 0 || code == "*" || code.rfind("* ", 0) == 0;
  if (comment_line) return {};
  if (const auto at = line.find(required); at != std::string::npos) return {split_list(line.substr(at + required.size())), false};
  if (const auto at = line.find(interleaved); at != std::string::npos) return {split_list(line.substr(at + interleaved.size())), true};
  return {};
}

struct case_region {
  int first = 0, last = -1;               // lines of the file that are the case's
  std::map<int, std::vector<std::string>> marks;  // its marked lines and their kinds
  std::set<int> optional;                          // marked lines no finding must name
};

// The case's region: from the line after the previous case's body (or the file's start) to the end of
// its own body. `declared` is the case's __LINE__, on or near the TESSERA_CASE( line.
case_region region_of(const std::vector<std::string>& lines, int declared) {
  case_region r;
  const int n = static_cast<int>(lines.size());
  int declaration = -1;
  for (int l = std::min(declared, n); l >= 1 && l >= declared - 8 && declaration < 0; --l)
    if (declares_a_case(lines[l - 1])) declaration = l;
  if (declaration < 0) return r;
  int previous_end = 0;
  for (int l = 1; l < declaration; ++l)
    if (declares_a_case(lines[l - 1])) previous_end = l = body_end(lines, l);
  r.first = previous_end + 1;
  r.last = body_end(lines, declaration);
  for (int l = r.first; l <= r.last; ++l)
    if (marker m = marker_of(lines[l - 1]); !m.kinds.empty()) {
      r.marks.emplace(l, std::move(m.kinds));
      if (m.optional) r.optional.insert(l);
    }
  return r;
}

// --- sites ---------------------------------------------------------------------------------------------

// Splits "path:line[:column][ more]" into its path and line; false when `site` is not of that form.
bool parse_site(const std::string& site, std::string& path, int& line) {
  static const std::regex form(R"(^(.*?):(\d+)(:\d+)?( .*)?$)");
  std::smatch m;
  if (!std::regex_match(site, m, form) || m[1].str().empty()) return false;
  path = m[1].str();
  line = std::stoi(m[2].str());
  return true;
}

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  if (fs::path(a).lexically_normal() == fs::path(b).lexically_normal()) return true;
  std::error_code ec;
  return fs::equivalent(a, b, ec) && !ec;
}

// Every "file:line" a message names (a path of a C++ source, then a line number).
std::vector<std::string> sites_named(const std::string& message) {
  static const std::regex site(R"(([^\s:()'"`,]+\.(?:cpp|hpp|cc|h|cu|cxx|inl)):(\d+))");
  std::vector<std::string> found;
  for (auto it = std::sregex_iterator(message.begin(), message.end(), site); it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1].str() + ":" + (*it)[2].str());
  return found;
}

// Matches sites to one case's markers, remembering which marked lines were named.
class marker_match {
 public:
  marker_match(const case_info& c, const source_reader& read) : case_file_(c.file) {
    lines_ = read(c.file);
    if (lines_ != nullptr) region_ = region_of(*lines_, c.line);
  }

  bool readable() const { return lines_ != nullptr && region_.last >= region_.first; }
  const case_region& region() const { return region_; }

  // Empty when `site` is a line of the case marked with `kind`, else what is wrong with it.
  std::string check(const std::string& site, const std::string& kind) {
    std::string path;
    int line = 0;
    if (!parse_site(site, path, line)) return "site \"" + site + "\" is not file:line";
    if (!same_file(path, case_file_)) return site + " is in another file than the case (" + case_file_ + ")";
    if (line < 1 || line > static_cast<int>(lines_->size())) return site + " is past the end of the file";
    const std::string text = trim((*lines_)[line - 1]);
    if (line < region_.first || line > region_.last) return site + " is outside the case (another case's line?): " + text;
    const auto mark = region_.marks.find(line);
    if (mark == region_.marks.end()) return site + " is not a marked line: " + text;
    if (!contains(mark->second, kind)) return site + " is marked `" + join(mark->second, ", ") + "`, not `" + kind + "`: " + text;
    named_.insert(line);
    return {};
  }

  // Marked lines (with one of `kinds`, or any kind when empty) that no checked site named.
  std::vector<int> unnamed(const std::vector<std::string>& kinds = {}) const {
    std::vector<int> missing;
    for (const auto& [line, marked] : region_.marks) {
      bool relevant = kinds.empty() && !region_.optional.count(line);
      for (const auto& k : kinds) relevant = relevant || (contains(marked, k) && !region_.optional.count(line));
      if (relevant && !named_.count(line)) missing.push_back(line);
    }
    return missing;
  }

 private:
  std::string case_file_;
  const std::vector<std::string>* lines_ = nullptr;
  case_region region_;
  std::set<int> named_;
};

std::string thrown_text(const observed& o) {
  if (!o.threw) return "nothing was thrown";
  return o.type + " was thrown: " + o.what;
}

std::string expected_type(const expectation& e) { return e.type_name ? e.type_name() : std::string("?"); }

std::string judge_exception(const case_info& c, const observed& o, const source_reader& read) {
  const expectation& e = c.expect;
  if (!o.threw) return "MISSED: expected " + expected_type(e) + ", but nothing was thrown";
  if (!e.matches(o.thrown)) return "WRONG EXCEPTION: expected exactly " + expected_type(e) + ", but " + thrown_text(o);
  marker_match markers(c, read);
  if (!markers.readable()) return std::string("cannot read the case's source ") + c.file + " to find its `// expect: throws` statement";
  const auto marked = case_lines_marked(c, "throws", read);
  if (marked.empty()) return std::string("no statement of the case is marked `// expect: throws` (") + c.file + ")";
  // The innermost frame of the throw's stack in the case's own source is the statement that threw.
  std::string from;
  for (const std::string& site : o.throw_sites) {
    std::string path;
    int line = 0;
    if (parse_site(site, path, line) && same_file(path, c.file)) {
      from = site;
      break;
    }
  }
  if (from.empty())
    return "WRONG PLACE: " + expected_type(e) + " was thrown, but from no line of the case (its stack: " +
           (o.throw_sites.empty() ? std::string("not known") : join(o.throw_sites, " < ")) + "); expected the statement at " +
           line_list(marked);
  if (const std::string wrong = markers.check(from, "throws"); !wrong.empty())
    return "WRONG PLACE: " + expected_type(e) + " was thrown from " + wrong + "; expected the statement at " + line_list(marked);
  return join(o.failures, "\n");  // what the case checked before the throw must hold too
}

std::string judge_hazard(const case_info& c, const observed& o, const source_reader& read) {
  const auto wanted = split_list(c.expect.detail);
  if (o.type != "tessera::hazard_detected") return "MISSED: expected a hazard (" + join(wanted, " or ") + "), but " + thrown_text(o);
  if (o.hazards.empty()) return "WRONG REPORT: hazard_detected lists no finding";
  marker_match markers(c, read);
  if (!markers.readable()) return std::string("cannot read the case's source ") + c.file;
  bool found = false;
  std::vector<std::string> wrong;
  for (const auto& h : o.hazards) {
    found = found || contains(wanted, h.kind);
    for (const auto* access : {&h.first, &h.second}) {
      if (access == &h.second && !h.has_second()) continue;
      if (std::string why = markers.check(access->site, h.kind); !why.empty()) wrong.push_back(h.kind + ": " + why);
    }
  }
  std::string problems;
  if (!found) problems += "\n  none of the findings is " + join(wanted, " or ");
  for (const auto& w : wrong) problems += "\n  " + w;
  if (const auto missing = markers.unnamed(); !missing.empty())
    problems += "\n  marked lines no finding names: " + line_list(missing);
  return problems.empty() ? std::string() : "WRONG REPORT:" + problems;
}

std::string judge_message(const case_info& c, const observed& o, const source_reader& read) {
  const expectation& e = c.expect;
  const bool oob = e.outcome == expected_outcome::out_of_bounds;
  const std::string type = oob ? "tessera::out_of_bounds" : "tessera::barrier_divergence";
  if (o.type != type) return "MISSED: expected " + type + ", but " + thrown_text(o);
  marker_match markers(c, read);
  if (!markers.readable()) return std::string("cannot read the case's source ") + c.file;
  const auto marked = case_lines_marked(c, e.detail, read);
  if (marked.empty()) return std::string("no line of the case is marked `// expect: ") + e.detail + "` (" + c.file + ")";
  std::string problems;
  const auto sites = sites_named(o.what);
  if (sites.empty()) problems += "\n  the message names no source line";
  for (const auto& site : sites)
    if (std::string why = markers.check(site, e.detail); !why.empty()) problems += "\n  " + why;
  if (const auto missing = markers.unnamed({e.detail}); !missing.empty())
    problems += "\n  marked lines the message does not name: " + line_list(missing);
  return problems.empty() ? std::string() : "WRONG REPORT:" + problems;
}

}  // namespace

const std::vector<std::string>* read_source_file(const std::string& path) {
  static std::mutex lock;
  static std::map<std::string, std::vector<std::string>> files;
  static std::set<std::string> missing;
  const std::lock_guard guard(lock);
  if (missing.count(path)) return nullptr;
  auto it = files.find(path);
  if (it == files.end()) {
    std::ifstream in(path);
    if (!in) {
      missing.insert(path);
      return nullptr;
    }
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    it = files.emplace(path, std::move(lines)).first;
  }
  return &it->second;
}

std::vector<int> case_lines_marked(const case_info& c, const std::string& kind, const source_reader& read) {
  std::vector<int> found;
  if (const auto* lines = read(c.file))
    for (const auto& [line, kinds] : region_of(*lines, c.line).marks)
      if (contains(kinds, kind)) found.push_back(line);
  return found;
}

std::vector<std::string> case_marks_at(const case_info& c, int line, const source_reader& read) {
  if (const auto* lines = read(c.file)) {
    const case_region r = region_of(*lines, c.line);
    if (const auto mark = r.marks.find(line); mark != r.marks.end()) return mark->second;
  }
  return {};
}

std::string judge(const case_info& c, const observed& o, const source_reader& read) {
  switch (c.expect.outcome) {
    case expected_outcome::pass:
      if (o.threw) return "unexpected exception: " + thrown_text(o);
      return join(o.failures, "\n");
    case expected_outcome::exception: return judge_exception(c, o, read);
    case expected_outcome::hazard: return judge_hazard(c, o, read);
    case expected_outcome::divergence:
    case expected_outcome::out_of_bounds: return judge_message(c, o, read);
  }
  return "unknown expectation";
}

}  // namespace tessera::conformance
