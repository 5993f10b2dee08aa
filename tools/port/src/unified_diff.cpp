#include "unified_diff.hpp"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#include <optional>

namespace tessera::port {
namespace {

bool write_temp(const std::string& text, llvm::SmallVectorImpl<char>& path) {
  int fd = -1;
  if (llvm::sys::fs::createTemporaryFile("tessera-port", "txt", fd, path)) return false;
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << text;
  return !os.has_error();
}

}  // namespace

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after) {
  llvm::SmallString<128> a, b, out;
  auto diff = llvm::sys::findProgramByName("diff");
  if (!diff) return "tessera-port: --dry-run needs diff (diffutils) on PATH\n";
  if (!write_temp(before, a) || !write_temp(after, b)) return "tessera-port: cannot write temporary files for the diff\n";
  int fd = -1;
  llvm::sys::fs::createTemporaryFile("tessera-port", "diff", fd, out);
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  const std::string la = "a/" + path, lb = "b/" + path;
  llvm::SmallVector<llvm::StringRef, 8> args = {*diff, "-u", "--label", la, "--label", lb, a, b};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(out), std::nullopt};
  llvm::sys::ExecuteAndWait(*diff, args, std::nullopt, redirects);
  std::string text;
  if (auto buffer = llvm::MemoryBuffer::getFile(out)) text = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(a);
  llvm::sys::fs::remove(b);
  llvm::sys::fs::remove(out);
  return text;
}

}  // namespace tessera::port
