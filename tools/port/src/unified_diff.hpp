// A unified diff of a file's text before and after porting, for --dry-run: diffutils' `diff -u`, run on
// two temporary files, labelled a/<path> and b/<path> as git labels them.
#pragma once

#include <string>

namespace tessera::port {

// The diff, or an error text starting with "tessera-port:" when diff cannot be run.
std::string unified_diff(const std::string& path, const std::string& before, const std::string& after);

}  // namespace tessera::port
