#include "amp_pch.hpp"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

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

std::optional<amp_pch> amp_pch::make(const std::vector<std::string>& arguments) {
  auto clang = llvm::sys::findProgramByName(TESSERA_PORT_CLANG_EXECUTABLE);
  if (!clang) return std::nullopt;
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("tessera-port-pch", dir)) return std::nullopt;
  llvm::SmallString<128> header(dir), pch(dir);
  llvm::sys::path::append(header, "amp_pch.hpp");
  llvm::sys::path::append(pch, "amp_pch.hpp.pch");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(header, ec);
    if (ec) return std::nullopt;
    os << "#include <amp.h>\n";
  }
  std::vector<std::string> args = {*clang};
  for (const auto& a : arguments)
    if (a != "-fsyntax-only" && a != "-c") args.push_back(a);
  args.insert(args.end(), {"-x", "c++-header", std::string(header), "-o", std::string(pch)});
  std::vector<llvm::StringRef> refs(args.begin(), args.end());
  std::optional<llvm::StringRef> quiet[] = {llvm::StringRef(""), llvm::StringRef(""), llvm::StringRef("")};
  const int rc = llvm::sys::ExecuteAndWait(*clang, refs, std::nullopt, quiet);
  if (rc != 0 || !llvm::sys::fs::exists(pch)) {
    llvm::sys::fs::remove_directories(dir);
    return std::nullopt;
  }
  return amp_pch(std::string(pch), arguments);
}

amp_pch::~amp_pch() {
  if (!path_.empty()) llvm::sys::fs::remove_directories(llvm::sys::path::parent_path(path_));
}

}  // namespace tessera::port
