#include "code_sites.hpp"

#include "symbolizer.hpp"

#include <filesystem>
#include <map>
#include <mutex>
#include <tuple>
#include <unordered_map>

namespace tessera::emulator::detail {
namespace {

// Frames inside Tessera's headers (installed or not), its own library sources (the model, the emulator,
// the backends: TESSERA_SOURCE_ROOT is where they were compiled from), or the compiler's and standard
// library's headers (std::atomic_ref performs Tessera's atomics) are never the user's line.
// Paths are compared in normal form: clang names libstdc++'s headers through its own directory
// ("/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/...").
bool in_library_code(const std::string& raw_file) {
  static const std::string root = TESSERA_SOURCE_ROOT;
  const std::string file = std::filesystem::path(raw_file).lexically_normal().string();
  for (const char* own : {"/spec/", "/emulator/", "/backends/"})
    if (file.rfind(root + own, 0) == 0) return true;
  return file.find("/include/tessera/") != std::string::npos || file.rfind("/usr/include/", 0) == 0 ||
         file.rfind("/usr/lib/gcc/", 0) == 0;
}

struct symbolized {
  source_line site;  // the chosen frame, or the module+offset fallback
  bool user = false;  // the chosen frame lies outside Tessera's and the compiler's code
  bool found = false;  // the code has line information
  std::vector<source_line> user_frames;  // every frame outside them, innermost first
};

symbolized symbolize(const void* return_address, bool counted = true) {
  const code_frames frames = frames_at(return_address, counted);
  symbolized s;
  s.site = frames.module;
  s.found = !frames.lines.empty();
  if (s.found) s.site = frames.lines.front();  // innermost: kept unless a user's frame turns up
  for (const source_line& line : frames.lines) {
    if (in_library_code(line.file)) continue;
    s.user_frames.push_back(line);
    if (!s.user) {
      s.site = line;
      s.user = true;
    }
  }
  return s;
}

}  // namespace

source_line user_line(const void* return_address, bool* found_line) {
  symbolized s = symbolize(return_address);
  if (found_line != nullptr) *found_line = s.found;
  return s.site;
}

std::string code_site(const void* return_address) { return user_line(return_address).text(); }

std::vector<source_line> user_inline_chain(const void* return_address, bool counted) {
  return symbolize(return_address, counted).user_frames;
}

std::optional<source_line> first_user_line(const std::vector<const void*>& call_stack) {
  for (const void* a : call_stack)
    if (symbolized s = symbolize(a); s.user) return s.site;
  return std::nullopt;
}

std::string first_user_site(const std::vector<const void*>& call_stack) {
  const std::optional<source_line> line = first_user_line(call_stack);
  return line ? line->text() : std::string();
}

std::uint32_t call_chain_number(const void* return_address, const void* caller) {
  using place = std::tuple<std::string, int, std::size_t, int>;  // file, line, offset, column
  struct pair_hash {
    std::size_t operator()(const std::pair<const void*, const void*>& p) const noexcept {
      return std::hash<const void*>{}(p.first) * 31 + std::hash<const void*>{}(p.second);
    }
  };
  static std::mutex m;
  static std::unordered_map<std::pair<const void*, const void*>, std::uint32_t, pair_hash> by_addresses;
  static std::map<std::vector<place>, std::uint32_t> by_places;
  const std::lock_guard g(m);
  const std::pair<const void*, const void*> key{return_address, caller};
  if (const auto it = by_addresses.find(key); it != by_addresses.end()) return it->second;
  std::vector<place> places;
  std::vector<source_line> chain = user_inline_chain(return_address, false);
  if (caller != nullptr)
    for (source_line& line : user_inline_chain(caller, false)) chain.push_back(std::move(line));
  for (source_line& line : chain) places.emplace_back(std::move(line.file), line.line, line.offset, line.column);
  const auto [it, added] = by_places.try_emplace(std::move(places), static_cast<std::uint32_t>(by_places.size()));
  by_addresses.emplace(key, it->second);
  return it->second;
}

}  // namespace tessera::emulator::detail
