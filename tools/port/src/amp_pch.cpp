#include "amp_pch.hpp"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <cstdio>
#include <cstdlib>

namespace tessera::port {

std::vector<std::string> arguments_without_input(const std::vector<std::string>& command, const std::string& file) {
  std::vector<std::string> out;
  const std::string base = llvm::sys::path::filename(file).str();
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    if (a == file || llvm::sys::path::filename(a) == base) continue;
    out.push_back(a);
  }
  return out;
}

namespace {

// clang with `arguments` compiles `header` into `pch`, writing the headers it read into `deps`.
bool compile_header(const std::string& clang, const std::vector<std::string>& arguments, llvm::StringRef header,
                    llvm::StringRef pch, llvm::StringRef deps) {
  std::vector<std::string> args = {clang};
  for (const auto& a : arguments)
    if (a != "-fsyntax-only" && a != "-c") args.push_back(a);
  args.insert(args.end(), {"-x", "c++-header", header.str(), "-o", pch.str(), "-MD", "-MF", deps.str()});
  std::vector<llvm::StringRef> refs(args.begin(), args.end());
  std::optional<llvm::StringRef> quiet[] = {llvm::StringRef(""), llvm::StringRef(""), llvm::StringRef("")};
  return llvm::sys::ExecuteAndWait(clang, refs, std::nullopt, quiet) == 0 && llvm::sys::fs::exists(pch);
}

bool write_file(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) return false;
  os << text;
  return true;
}

// The cache's folder; empty when it is turned off or cannot be made.
std::string cache_folder() {
  llvm::SmallString<256> dir;
  if (const char* set = std::getenv("TESSERA_PORT_CACHE"); set != nullptr && *set != '\0') {
    if (llvm::StringRef(set) == "off") return "";
    dir = set;
  } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    dir = xdg;
    llvm::sys::path::append(dir, "tessera-port");
  } else if (llvm::sys::path::cache_directory(dir)) {
    llvm::sys::path::append(dir, "tessera-port");
  } else {
    return "";
  }
  if (llvm::sys::fs::create_directories(dir)) return "";
  return std::string(dir);
}

// Whether every file the dependency file `deps` lists still exists and is no newer than `pch`.
bool still_fresh(llvm::StringRef pch, llvm::StringRef deps) {
  llvm::sys::fs::file_status made;
  if (llvm::sys::fs::status(pch, made)) return false;
  auto text = llvm::MemoryBuffer::getFile(deps);
  if (!text) return false;
  // "target: a.h b.h", lines continued by a backslash: the words after the first ": "; "\\ " is a space in a name.
  llvm::StringRef rest = (*text)->getBuffer();
  const auto colon = rest.find(": ");
  if (colon == llvm::StringRef::npos) return false;
  rest = rest.drop_front(colon + 2);
  std::string name;
  auto check = [&]() {
    if (name.empty() || name == "\\") return true;
    llvm::sys::fs::file_status st;
    const bool ok = !llvm::sys::fs::status(name, st) && st.getLastModificationTime() <= made.getLastModificationTime();
    name.clear();
    return ok;
  };
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const char c = rest[i];
    if (c == '\\' && i + 1 < rest.size() && rest[i + 1] == ' ') {
      name += ' ';
      ++i;
    } else if (c == ' ' || c == '\n' || c == '\t') {
      if (!check()) return false;
    } else if (c == '\\' && i + 1 < rest.size() && rest[i + 1] == '\n') {
      ++i;
    } else {
      name += c;
    }
  }
  return check();
}

}  // namespace

std::optional<amp_pch> amp_pch::make(const std::vector<std::string>& arguments) {
  auto clang = llvm::sys::findProgramByName(TESSERA_PORT_CLANG_EXECUTABLE);
  if (!clang) return std::nullopt;
  // The cache: one header file, and a precompiled header with its dependency file per command.
  if (const std::string dir = cache_folder(); !dir.empty()) {
    std::string key = *clang;
    for (const auto& a : arguments) key += "\n" + a;
    char name[32];
    std::snprintf(name, sizeof name, "amp-%016llx", static_cast<unsigned long long>(llvm::xxHash64(key)));
    llvm::SmallString<256> header(dir), pch(dir), deps(dir);
    llvm::sys::path::append(header, "amp_pch.hpp");
    llvm::sys::path::append(pch, std::string(name) + ".pch");
    llvm::sys::path::append(deps, std::string(name) + ".d");
    if (still_fresh(pch, deps)) return amp_pch(std::string(pch), arguments, false);
    // Made under names of this process's, then renamed: runs side by side each see a whole file.
    const std::string own = "." + std::to_string(llvm::sys::Process::getProcessId());
    if ((llvm::sys::fs::exists(header) || write_file(header, "#include <amp.h>\n")) &&
        compile_header(*clang, arguments, header, (pch + own).str(), (deps + own).str()) &&
        !llvm::sys::fs::rename(pch + own, pch) && !llvm::sys::fs::rename(deps + own, deps))
      return amp_pch(std::string(pch), arguments, false);
    llvm::sys::fs::remove(pch + own);
    llvm::sys::fs::remove(deps + own);
  }
  // No cache: a temporary folder for this run.
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("tessera-port-pch", dir)) return std::nullopt;
  llvm::SmallString<128> header(dir), pch(dir), deps(dir);
  llvm::sys::path::append(header, "amp_pch.hpp");
  llvm::sys::path::append(pch, "amp_pch.hpp.pch");
  llvm::sys::path::append(deps, "amp_pch.hpp.d");
  if (!write_file(header, "#include <amp.h>\n") || !compile_header(*clang, arguments, header, pch, deps)) {
    llvm::sys::fs::remove_directories(dir);
    return std::nullopt;
  }
  return amp_pch(std::string(pch), arguments, true);
}

amp_pch::~amp_pch() {
  if (owned_ && !path_.empty()) llvm::sys::fs::remove_directories(llvm::sys::path::parent_path(path_));
}

}  // namespace tessera::port
