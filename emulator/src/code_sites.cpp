#include "code_sites.hpp"

#include <dlfcn.h>

#include <cstdint>
#include <filesystem>
#include <cstdio>
#include <mutex>
#include <unordered_map>

namespace tessera::emulator::detail {
namespace {

struct symbolized {
  std::string site;  // the chosen frame, or the module+offset fallback
  bool user = false;  // the chosen frame lies outside Tessera's and the compiler's code
  std::vector<std::string> user_frames;  // every inlined frame outside them, innermost first
};

// Frames inside Tessera's headers (installed or not), its own library sources (the model, the emulator,
// the backends: TESSERA_SOURCE_ROOT is where they were compiled from), or the compiler's and standard
// library's headers (std::atomic_ref performs Tessera's atomics) are never the user's line.
// Paths are compared in normal form: clang names libstdc++'s headers through its own directory
// ("/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/...").
bool in_library_code(const std::string& raw_file_line) {
  static const std::string root = TESSERA_SOURCE_ROOT;
  const std::string file_line = std::filesystem::path(raw_file_line).lexically_normal().string();
  for (const char* own : {"/spec/", "/emulator/", "/backends/"})
    if (file_line.rfind(root + own, 0) == 0) return true;
  return file_line.find("/include/tessera/") != std::string::npos || file_line.rfind("/usr/include/", 0) == 0 ||
         file_line.rfind("/usr/lib/gcc/", 0) == 0;
}

symbolized symbolize(const void* return_address) {
  static std::mutex m;
  static std::unordered_map<const void*, symbolized> cache;
  std::lock_guard g(m);
  if (auto it = cache.find(return_address); it != cache.end()) return it->second;
  symbolized result{"<unknown>", false};
  Dl_info info{};
  if (dladdr(return_address, &info) != 0 && info.dli_fname != nullptr) {
    // One byte back from the return address is inside the calling instruction.
    const auto offset =
        reinterpret_cast<std::uintptr_t>(return_address) - 1 - reinterpret_cast<std::uintptr_t>(info.dli_fbase);
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%zx", static_cast<std::size_t>(offset));
    result.site = std::string(info.dli_fname) + "+" + hex;
    const std::string command = std::string("addr2line -i -e '") + info.dli_fname + "' " + hex + " 2>/dev/null";
    if (FILE* p = popen(command.c_str(), "r")) {
      char line[4096];
      bool first = true;
      while (std::fgets(line, sizeof line, p) != nullptr) {
        std::string s(line);
        while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
        if (auto d = s.find(" (discriminator"); d != std::string::npos) s.erase(d);
        if (s.empty() || s[0] == '?') continue;
        if (first) result.site = s;  // innermost: kept unless a user's frame turns up
        first = false;
        // A frame without a line (the fiber start, written in assembly) is nobody's source line.
        if (in_library_code(s) || s.size() < 2 || s.compare(s.size() - 2, 2, ":?") == 0) continue;
        result.user_frames.push_back(s);
        if (!result.user) {
          result.site = s;
          result.user = true;
        }
      }
      pclose(p);
    }
  }
  cache.emplace(return_address, result);
  return result;
}

}  // namespace

std::string code_site(const void* return_address) { return symbolize(return_address).site; }

std::vector<std::string> user_inline_chain(const void* return_address) { return symbolize(return_address).user_frames; }

std::string first_user_site(const std::vector<const void*>& call_stack) {
  for (const void* a : call_stack)
    if (symbolized s = symbolize(a); s.user) return s.site;
  return "";
}

}  // namespace tessera::emulator::detail
