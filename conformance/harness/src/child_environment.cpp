#include "child_environment.hpp"

extern char** environ;

namespace tessera::conformance {

child_environment::child_environment() {
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) entries_.emplace_back(*e);
}

child_environment::child_environment(const std::string& name, const std::string& value) : child_environment(std::vector<std::pair<std::string, std::string>>{{name, value}}) {}

child_environment::child_environment(const std::vector<std::pair<std::string, std::string>>& settings) {
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string entry(*e);
    bool replaced = false;
    for (const auto& [name, value] : settings) replaced = replaced || entry.rfind(name + "=", 0) == 0;
    if (!replaced) entries_.push_back(entry);
  }
  for (const auto& [name, value] : settings) entries_.push_back(name + "=" + value);
}

char** child_environment::get() {
  pointers_.clear();
  for (auto& e : entries_) pointers_.push_back(e.data());
  pointers_.push_back(nullptr);
  return pointers_.data();
}

}  // namespace tessera::conformance
