#include "expectation_list.hpp"

#include "registry.hpp"

#include <fnmatch.h>

#include <fstream>

namespace tessera::conformance {

namespace {

bool selects(const std::string& selector, const case_info& c) {
  if (!selector.empty() && selector[0] == '@') {
    const std::string cls = selector.substr(1);
    switch (c.expect.outcome) {
      case expected_outcome::hazard: return cls == "hazard";
      case expected_outcome::divergence: return cls == "divergence";
      case expected_outcome::out_of_bounds: return cls == "out_of_bounds";
      case expected_outcome::exception: return cls == "exception";
      case expected_outcome::pass: return cls == "pass";
    }
    return false;
  }
  return fnmatch(selector.c_str(), id_of(c).c_str(), 0) == 0;
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

expectation_list expectation_list::read(const std::filesystem::path& file, const std::vector<const case_info*>& all,
                                        bool some_families_only) {
  std::ifstream in(file);
  if (!in) throw expectation_list_error("cannot read the expectation list " + file.string() + " (--expectations FILE)");
  expectation_list list;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string where = file.string() + ":" + std::to_string(number);
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    const auto tab = line.find('\t');
    if (tab == std::string::npos)
      throw expectation_list_error(where + ": expected `<selector><TAB><reason>`; every skipped case needs a reason");
    entry e{trim(line.substr(0, tab)), trim(line.substr(tab + 1))};
    if (e.selector.empty() || e.reason.empty()) throw expectation_list_error(where + ": empty selector or reason");
    if (e.selector[0] == '@' && e.selector != "@hazard" && e.selector != "@divergence" && e.selector != "@out_of_bounds" &&
        e.selector != "@exception")
      throw expectation_list_error(where + ": unknown class " + e.selector + " (@hazard, @divergence, @out_of_bounds, @exception)");
    std::vector<entry>* kind = &list.entries_;
    for (const auto& [prefix, entries] : {std::pair{std::string("sanitizer:"), &list.false_alarms_}, std::pair{std::string("hangs:"), &list.hangs_}})
      if (e.selector.rfind(prefix, 0) == 0) {
        e.selector = trim(e.selector.substr(prefix.size()));
        kind = entries;
      }
    bool used = false;
    for (const case_info* c : all) used = used || selects(e.selector, *c);
    if (!used && !some_families_only)
      throw expectation_list_error(where + ": `" + e.selector + "` matches no case; remove the stale entry");
    kind->push_back(std::move(e));
  }
  return list;
}

void expectation_list::append(const expectation_list& other) {
  entries_.insert(entries_.end(), other.entries_.begin(), other.entries_.end());
  false_alarms_.insert(false_alarms_.end(), other.false_alarms_.begin(), other.false_alarms_.end());
  hangs_.insert(hangs_.end(), other.hangs_.begin(), other.hangs_.end());
}

std::optional<std::string> expectation_list::skip_reason(const case_info& c) const {
  for (const auto& e : entries_)
    if (selects(e.selector, c)) return e.reason;
  return std::nullopt;
}

std::optional<std::string> expectation_list::skip_reason_with_sanitizer(const case_info& c) const {
  for (const auto& e : entries_) {
    const bool diagnostic_class = e.selector == "@hazard" || e.selector == "@divergence" || e.selector == "@out_of_bounds";
    if (!diagnostic_class && selects(e.selector, c)) return e.reason;
  }
  return std::nullopt;
}

std::optional<std::string> expectation_list::first_reason(const std::vector<entry>& entries, const case_info& c) {
  for (const auto& e : entries)
    if (selects(e.selector, c)) return e.reason;
  return std::nullopt;
}

std::optional<std::string> expectation_list::sanitizer_false_alarm(const case_info& c) const { return first_reason(false_alarms_, c); }

std::optional<std::string> expectation_list::hangs(const case_info& c) const { return first_reason(hangs_, c); }

}  // namespace tessera::conformance
