#include "markers.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace tessera::conformance::markers {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

bool contains(const std::vector<std::string>& items, const std::string& item) {
  for (const auto& i : items)
    if (i == item) return true;
  return false;
}

// A source file's lines, read once; nullptr when it cannot be read. A report may name the file by a
// path relative to the build; the case's own __FILE__ path is absolute, so both resolve.
const std::vector<std::string>* source_lines(const std::string& path) {
  static std::mutex lock;
  static std::map<std::string, std::vector<std::string>> files;
  static std::map<std::string, bool> missing;
  const std::lock_guard guard(lock);
  if (missing.count(path)) return nullptr;
  auto it = files.find(path);
  if (it == files.end()) {
    std::ifstream in(path);
    if (!in) {
      missing[path] = true;
      return nullptr;
    }
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    it = files.emplace(path, std::move(lines)).first;
  }
  return &it->second;
}

std::vector<std::string> kinds_in(const std::string& text) {
  const auto at = text.find("// expect:");
  if (at == std::string::npos) return {};
  return split_list(text.substr(at + 10));
}

}  // namespace

std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    if (!trim(item).empty()) items.push_back(trim(item));
  return items;
}

std::vector<std::string> kinds_at(const std::string& file, int line) {
  const auto* lines = source_lines(file);
  if (lines == nullptr || line < 1 || line > static_cast<int>(lines->size())) return {};
  return kinds_in((*lines)[line - 1]);
}

std::vector<int> lines_marked(const std::string& file, const std::string& kind) {
  std::vector<int> found;
  if (const auto* lines = source_lines(file))
    for (std::size_t i = 0; i < lines->size(); ++i)
      if (contains(kinds_in((*lines)[i]), kind)) found.push_back(static_cast<int>(i) + 1);
  return found;
}

bool parse_site(const std::string& site, std::string& path, int& line) {
  for (auto colon = site.rfind(':'); colon != std::string::npos && colon > 0; colon = site.rfind(':', colon - 1)) {
    std::size_t end = colon + 1;
    while (end < site.size() && site[end] >= '0' && site[end] <= '9') ++end;
    if (end > colon + 1 && (end == site.size() || site[end] == ' ')) {
      path = site.substr(0, colon);
      line = std::stoi(site.substr(colon + 1, end - colon - 1));
      return true;
    }
  }
  return false;
}

bool site_marked_with(const std::string& site, const std::string& kind, std::string& why) {
  std::string path;
  int line = 0;
  if (site.empty()) return false;
  if (!parse_site(site, path, line)) {
    why += "\n      site \"" + site + "\" is not file:line";
    return false;
  }
  const auto* lines = source_lines(path);
  if (lines == nullptr) {
    why += "\n      cannot read " + path;
    return false;
  }
  if (line < 1 || line > static_cast<int>(lines->size())) {
    why += "\n      " + site + " is past the end of the file";
    return false;
  }
  if (contains(kinds_in((*lines)[line - 1]), kind)) return true;
  why += "\n      " + site + ": " + trim((*lines)[line - 1]);
  return false;
}

bool names_one_of(const std::string& message, const std::vector<int>& lines) {
  for (int line : lines) {
    const std::string needle = ":" + std::to_string(line);
    for (auto at = message.find(needle); at != std::string::npos; at = message.find(needle, at + 1)) {
      const auto after = at + needle.size();
      if (after == message.size() || message[after] < '0' || message[after] > '9') return true;
    }
  }
  return false;
}

}  // namespace tessera::conformance::markers
