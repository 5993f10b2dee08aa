#include "child_environment.hpp"

extern char** environ;

namespace tessera::conformance {

child_environment::child_environment() {
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) entries_.emplace_back(*e);
}

child_environment::child_environment(const std::string& name, const std::string& value) {
  const std::string prefix = name + "=";
  for (char** e = environ; e != nullptr && *e != nullptr; ++e)
    if (std::string(*e).rfind(prefix, 0) != 0) entries_.emplace_back(*e);
  entries_.push_back(prefix + value);
}

char** child_environment::get() {
  pointers_.clear();
  for (auto& e : entries_) pointers_.push_back(e.data());
  pointers_.push_back(nullptr);
  return pointers_.data();
}

}  // namespace tessera::conformance
