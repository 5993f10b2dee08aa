// The frontend action that ports one translation unit: it records the restriction specifiers while the
// file is preprocessed, runs every rule's matchers over the AST, and keeps the main file's rewritten text,
// or the first error when the file does not parse.
#pragma once

#include "file_port.hpp"

#include <clang/Tooling/Tooling.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tessera::port {

struct ported_file {
  std::string path;       // as given
  bool parsed = false;
  std::string error;      // "file:line:col: message" of the first error, when it did not parse
  std::string original;
  std::string rewritten;
  std::vector<warning_site> warnings;
  int counts[construct_kinds] = {};
  int constructs = 0;
};

// Makes one action per file; results land in `results`, keyed by the file's absolute path.
std::unique_ptr<clang::tooling::FrontendActionFactory> make_port_factory(std::map<std::string, ported_file>& results);

}  // namespace tessera::port
