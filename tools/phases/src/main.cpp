// tessera-phases: the compiler launcher of the emulator's compiled path (tessera_phased_kernels).
//
//   tessera-phases <compiler> <arguments>...          what CMake's CXX_COMPILER_LAUNCHER runs
//   tessera-phases --rounds <compiler> <arguments>... the checked build's: only the rounds of the kernels'
//                                                     loops counted, every kernel left on the fiber path
//   tessera-phases --checked <compiler> <arguments>...   the checked compiled path's (a target built with the
//                                                     checks and the compiled path): kernels into tile loops
//                                                     where no thread could wait for another, the rest as
//                                                     with --rounds
//   tessera-phases --show [--rounds|--checked] <compiler> <arguments>...   prints the kernels found and the rewritten files
//
// For a command that compiles one C++ source, the source is parsed with clang as the build parses it,
// its tiled kernels are rewritten into tile loops or coroutines (kernel_rewriter.hpp), and the compiler compiles the
// rewritten copy (next to the object: <object>.phased/) instead, with rewritten headers searched before
// the originals; the dependency file then names the originals too. Each copy starts with
// `#line 1 "<original>"`, so diagnostics, barrier sites and reports name the original file and lines.
// A kernel with barriers that stays on the fiber path is named in a note with the reason; a source clang
// cannot parse is compiled as it is, with a one-line warning. Any other command runs unchanged.
#include "compile_command.hpp"
#include "kernel_rewriter.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <sstream>
#include <set>
#include <string>
#include <vector>

using namespace tessera::phases;

namespace {

// Keeps the first error of the parse ("file:line:col: message") and prints nothing.
class first_error : public clang::DiagnosticConsumer {
 public:
  std::string text;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error || !text.empty()) return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getLocation());
      if (p.isValid()) text = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ": ";
    }
    text += std::string(message);
  }
};

// The build's arguments, as clang takes them: its own headers, no warnings, and without the options only
// GCC knows (the checked build's; a parse does not need them).
clang::tooling::ArgumentsAdjuster clang_arguments() {
  return [](const clang::tooling::CommandLineArguments& args, llvm::StringRef) {
    clang::tooling::CommandLineArguments out;
    for (const std::string& a : args) {
      const llvm::StringRef s(a);
      if (s.startswith("--param") || s.startswith("-fno-tree-") || s == "-fno-store-merging" || s == "-fno-crossjumping")
        continue;
      out.push_back(a);
    }
    out.push_back("-resource-dir=" TESSERA_PHASES_CLANG_RESOURCE_DIR);
    out.push_back("-w");
    out.push_back("-Wno-error");
    return out;
  };
}

rewrite_result rewrite(const compile_command& command, rewrite_mode mode) {
  rewrite_result result;
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  clang::tooling::FixedCompilationDatabase db(cwd.str(), command.parse_arguments());
  clang::tooling::ClangTool tool(db, {command.source()});
  tool.appendArgumentsAdjuster(clang::tooling::getClangSyntaxOnlyAdjuster());
  tool.appendArgumentsAdjuster(clang_arguments());
  first_error errors;
  tool.setDiagnosticConsumer(&errors);
  tool.setPrintErrorMessage(false);
  tool.run(make_rewrite_factory(result, mode).get());
  if (!result.parsed) result.error = errors.text.empty() ? "clang could not parse it" : errors.text;
  return result;
}

// The notes a build of the compiled path shows: every kernel with barriers that stays on the fiber path,
// and why (the checked build keeps them all there, and shows none).
void print_notes(const rewrite_result& r, rewrite_mode mode, llvm::raw_ostream& out) {
  if (mode != rewrite_mode::coroutines) return;  // a checked build's kernels are all checked, on either path
  for (const kernel_outcome& k : r.kernels)
    if (!k.rewritten && !k.barrier_free)
      out << k.file << ":" << k.line << ": note: tessera-phases: this kernel stays on the fiber path: " << k.reason << "\n";
}

bool write_file(const std::string& path, const std::string& original, const std::string& text) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
  std::ofstream out(path, std::ios::trunc);
  // The copy names the original: diagnostics, __FILE__ and the barriers' sites point there.
  out << "#include <tessera/emulator/looped.hpp>\n#include <tessera/emulator/phased.hpp>\n#line 1 \"" << original << "\"\n" << text;
  return static_cast<bool>(out);
}

int show(const compile_command& command, rewrite_mode mode) {
  const rewrite_result r = rewrite(command, mode);
  if (!r.parsed) {
    llvm::errs() << "tessera-phases: " << command.source() << ": " << r.error << "\n";
    return 1;
  }
  for (const kernel_outcome& k : r.kernels)
    llvm::outs() << k.file << ":" << k.line << ": "
                 << (!k.rewritten ? "not rewritten" : k.tile_loops ? "rewritten into tile loops" : "rewritten into a coroutine") << ", "
                 << k.barriers << " barrier call" << (k.barriers == 1 ? "" : "s")
                 << (k.counted_loops == 0 ? std::string()
                                          : ", rounds of " + std::to_string(k.counted_loops) + (k.counted_loops == 1 ? " loop" : " loops") + " counted")
                 << (k.tile_loops && k.kept_per_thread > 0
                         ? ", " + std::to_string(k.kept_per_thread) + (k.kept_per_thread == 1 ? " local" : " locals") + " kept per thread"
                         : std::string())
                 << (!k.rewritten ? ": " + k.reason : k.tile_loops ? std::string() : " (not tile loops: " + k.loops_reason + ")") << "\n";
  for (const auto& [path, text] : r.rewritten) llvm::outs() << "--- " << path << "\n" << text;
  return 0;
}

int launch(const compile_command& command, rewrite_mode mode) {
  if (command.source().empty()) return run_command(command.argv());
  const rewrite_result r = rewrite(command, mode);
  if (!r.parsed) {
    llvm::errs() << "tessera-phases: warning: " << command.source() << " compiled as it is ("
                 << (mode == rewrite_mode::coroutines ? "every kernel on the fiber path" : "its kernels' loops count no rounds") << "): "
                 << r.error << "\n";
    return run_command(command.argv());
  }
  print_notes(r, mode, llvm::errs());
  if (r.rewritten.empty()) return run_command(command.argv());

  // Every copy lies at the original's absolute path under <object>.phased/root, the main file's too (changed
  // or not): an #include "..." looks next to the copy first, where a rewritten sibling lies, then (-iquote)
  // in the original's directory. A rewritten header included as <...> is found through a one-line header
  // at its spelling under <object>.phased/include, searched first, that includes the copy: one file, so
  // its include guard or #pragma once holds whichever way it is reached.
  llvm::SmallString<256> object(command.object());
  llvm::sys::fs::make_absolute(object);
  const std::string dir = std::string(object) + ".phased";
  const auto mirror = [&](const std::string& path) { return dir + "/root" + path; };
  std::vector<std::string> first_includes{dir + "/include"}, quote_includes, originals;
  std::set<std::string> quoted;
  auto add_copy = [&](const std::string& path, const std::string& text) {
    if (!write_file(mirror(path), path, text)) {
      llvm::errs() << "tessera-phases: error: cannot write " << mirror(path) << "\n";
      return false;
    }
    originals.push_back(path);
    const std::string original_dir = llvm::sys::path::parent_path(path).str();
    if (quoted.insert(original_dir).second) quote_includes.push_back(original_dir);
    return true;
  };
  for (const auto& [path, text] : r.rewritten) {
    if (path == r.main_file) continue;
    if (!add_copy(path, text)) return 1;
    const auto spelling = r.include_spelling.find(path);
    if (spelling == r.include_spelling.end() || spelling->second.empty()) continue;
    const std::string forward = dir + "/include/" + spelling->second;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(forward));
    std::ofstream(forward, std::ios::trunc) << "#include \"" << mirror(path) << "\"\n";
  }
  const auto own = r.rewritten.find(r.main_file);
  if (own != r.rewritten.end()) {
    if (!add_copy(r.main_file, own->second)) return 1;
  } else {
    std::ifstream in(r.main_file);
    std::stringstream text;
    text << in.rdbuf();
    if (!in || !add_copy(r.main_file, text.str())) return 1;
  }
  const std::string source = mirror(r.main_file);
  const int status = run_command(command.compiling(source, first_includes, quote_includes));
  if (status == 0 && !command.depfile().empty()) {
    std::string error;
    if (!add_dependencies(command.depfile(), originals, error)) {
      llvm::errs() << "tessera-phases: error: " << error << "\n";
      return 1;
    }
  }
  return status;
}

}  // namespace

int main(int argc, const char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const bool showing = !args.empty() && args.front() == "--show";
  if (showing) args.erase(args.begin());
  rewrite_mode mode = rewrite_mode::coroutines;
  if (!args.empty() && (args.front() == "--rounds" || args.front() == "--checked")) {
    mode = args.front() == "--rounds" ? rewrite_mode::rounds_only : rewrite_mode::checked_tile_loops;
    args.erase(args.begin());
  }
  if (args.empty()) {
    llvm::errs() << "usage: tessera-phases [--show] [--rounds|--checked] <compiler> <arguments>...\n"
                    "  the compiler launcher of the emulator's compiled path (CMake: tessera_phased_kernels),\n"
                    "  with --rounds of the checked build (tessera_checked_kernels), with --checked of a target\n"
                    "  that asks for both\n";
    return 2;
  }
  const compile_command command(std::move(args));
  if (showing) {
    if (command.source().empty()) {
      llvm::errs() << "tessera-phases: --show needs a command that compiles one C++ source (-c FILE -o OBJECT)\n";
      return 2;
    }
    return show(command, mode);
  }
  return launch(command, mode);
}
