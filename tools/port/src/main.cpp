// tessera-port: rewrites C++ AMP source into the form both nvcc and Tessera's emulator compile.
//
//   tessera-port [--out-dir DIR | --in-place] [--dry-run] [-p BUILD_DIR] [-j N] FILE... [-- COMPILER_ARGS]
//
// Each FILE is parsed as the program's own build parses it (compile_commands.json in BUILD_DIR or found
// above the file, or the arguments after --), with Tessera's compat headers (<amp.h>) on the include
// path; the rules (constructs/) edit what nvcc does not take, and the result goes to DIR, back into the
// file, or (--dry-run, the default) to stdout as a unified diff. A file that does not parse stays as it
// is, and the tool exits non-zero naming file:line of the first error. The last line it prints:
//   tessera-port: files=N rewritten=N constructs=N warnings=N failed=N
#include "amp_pch.hpp"
#include "port_action.hpp"
#include "unified_diff.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace cl = llvm::cl;
using namespace tessera::port;

namespace {

cl::OptionCategory category("tessera-port options");
cl::opt<std::string> out_dir("out-dir", cl::desc("Write the ported files into DIR (same file names)"),
                             cl::value_desc("DIR"), cl::cat(category));
cl::opt<bool> in_place("in-place", cl::desc("Rewrite the files in place"), cl::cat(category));
cl::opt<bool> dry_run("dry-run", cl::desc("Print a unified diff and write nothing (the default)"), cl::cat(category));
cl::opt<std::string> build_path("p", cl::desc("Build directory holding compile_commands.json"),
                                cl::value_desc("BUILD_DIR"), cl::cat(category));
cl::opt<bool> no_pch("no-pch", cl::desc("Parse <amp.h> again for every file instead of once (slower; same results)"),
                      cl::cat(category));
cl::opt<unsigned> jobs("j", cl::desc("Port N files at a time (default: one per core); the output is the same for every N"),
                       cl::value_desc("N"), cl::init(0), cl::cat(category));
cl::list<std::string> files(cl::Positional, cl::desc("FILE..."), cl::OneOrMore, cl::cat(category));

// Keeps the first error of a file ("file:line:col: message") and prints nothing else of the parse. An
// error inside a header (a static_assert of the model) is named where the ported file caused it: the
// first note after it that points into that file ("required from here").
class first_error : public clang::DiagnosticConsumer {
 public:
  std::string input;  // the file being ported
  std::string text;
  void clear() {
    text.clear();
    where_.clear();
    in_input_.clear();
    message_.clear();
    collecting_ = false;
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Note && collecting_ && in_input_.empty()) {
      const std::string at = location_of(info);
      if (!at.empty() && points_into_input(info)) in_input_ = at;
    } else if (level >= clang::DiagnosticsEngine::Error && where_.empty()) {
      llvm::SmallString<256> message;
      info.FormatDiagnostic(message);
      message_ = std::string(message);
      where_ = location_of(info);
      if (where_.empty()) where_ = "<command line>";
      collecting_ = !points_into_input(info);
    } else if (level != clang::DiagnosticsEngine::Note) {
      collecting_ = false;
    }
    text = (in_input_.empty() ? where_ : in_input_ + " (in " + where_ + ")") + ": " + message_;
  }

 private:
  static std::string location_of(const clang::Diagnostic& info) {
    if (!info.hasSourceManager() || info.getLocation().isInvalid()) return {};
    const auto& sm = info.getSourceManager();
    const auto loc = sm.getPresumedLoc(sm.getExpansionLoc(info.getLocation()));
    if (loc.isInvalid()) return {};
    return std::string(loc.getFilename()) + ":" + std::to_string(loc.getLine()) + ":" + std::to_string(loc.getColumn());
  }
  bool points_into_input(const clang::Diagnostic& info) const {
    if (!info.hasSourceManager() || info.getLocation().isInvalid()) return false;
    const auto& sm = info.getSourceManager();
    const auto loc = sm.getPresumedLoc(sm.getExpansionLoc(info.getLocation()));
    return loc.isValid() && llvm::sys::fs::equivalent(loc.getFilename(), input);
  }
  std::string where_, in_input_, message_;
  bool collecting_ = false;
};

// Where <amp.h> and <tessera/amp.hpp> are: the source tree this tool was built in, else the installed
// include folder next to the tool's bin folder.
std::vector<std::string> tessera_include_dirs(const char* argv0) {
  std::vector<std::string> dirs;
  llvm::StringRef baked(TESSERA_PORT_INCLUDE_DIRS);
  llvm::SmallVector<llvm::StringRef, 4> parts;
  baked.split(parts, '|', -1, false);
  bool all_there = !parts.empty();
  for (auto p : parts) all_there = all_there && llvm::sys::fs::is_directory(p);
  if (all_there) {
    for (auto p : parts) dirs.push_back(p.str());
    return dirs;
  }
  const std::string exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void*>(&tessera_include_dirs));
  llvm::SmallString<256> include(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(include, "include");
  llvm::SmallString<256> compat(include);
  llvm::sys::path::append(compat, "tessera", "compat");
  dirs.push_back(std::string(compat));
  dirs.push_back(std::string(include));
  return dirs;
}

// The arguments every parse gets: C++20 unless the build says otherwise, the compat headers, clang's own
// headers, no warnings and no output.
clang::tooling::ArgumentsAdjuster port_arguments(const std::vector<std::string>& includes) {
  return [includes](const clang::tooling::CommandLineArguments& args, llvm::StringRef file) {
    clang::tooling::CommandLineArguments out = args;
    bool has_std = false;
    bool has_language = false;
    for (const auto& a : args) {
      has_std = has_std || llvm::StringRef(a).startswith("-std=");
      has_language = has_language || llvm::StringRef(a).startswith("-x");
    }
    // A header named on the command line is C++ (the driver would read a .h as C and refuse -std=c++20).
    const llvm::StringRef ext = llvm::sys::path::extension(file);
    if (!has_language && !out.empty() && (ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".hxx"))
      out.insert(out.begin() + 1, {"-x", "c++"});
    if (!has_std) out.push_back("-std=c++20");
    for (const auto& dir : includes) out.push_back("-I" + dir);
    out.push_back("-resource-dir=" TESSERA_PORT_CLANG_RESOURCE_DIR);
    out.push_back("-w");
    out.push_back("-Wno-error");
    return out;
  };
}

std::string display(const std::string& path) { return path; }

}  // namespace

int main(int argc, const char** argv) {
  // "--" and what follows are the compiler's arguments (clang tools' convention).
  std::string db_error;
  std::unique_ptr<clang::tooling::CompilationDatabase> db =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv, db_error);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tessera-port: ports C++ AMP source to the form nvcc and Tessera's emulator both "
                              "compile\n\n  tessera-port [--out-dir DIR | --in-place] [--dry-run] [-p BUILD_DIR] [-j N] "
                              "FILE... [-- COMPILER_ARGS]\n");
  if (in_place && !out_dir.empty()) {
    llvm::errs() << "tessera-port: choose one of --out-dir and --in-place\n";
    return 2;
  }
  const bool write = !dry_run && (in_place || !out_dir.empty());
  if (!db) {
    if (!build_path.empty()) {
      db = clang::tooling::CompilationDatabase::autoDetectFromDirectory(build_path, db_error);
      if (!db) {
        llvm::errs() << "tessera-port: no compile_commands.json in " << build_path << ": " << db_error << "\n";
        return 2;
      }
    } else {
      db = clang::tooling::CompilationDatabase::autoDetectFromSource(files.front(), db_error);
      if (!db) db = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
    }
  }
  if (!out_dir.empty()) {
    if (auto ec = llvm::sys::fs::create_directories(out_dir)) {
      llvm::errs() << "tessera-port: cannot create " << out_dir << ": " << ec.message() << "\n";
      return 2;
    }
    std::set<std::string> names;
    for (const auto& f : files)
      if (!names.insert(llvm::sys::path::filename(f).str()).second) {
        llvm::errs() << "tessera-port: two files named " << llvm::sys::path::filename(f) << " cannot go to one --out-dir\n";
        return 2;
      }
  }

  const auto includes = tessera_include_dirs(argv[0]);
  int rewritten = 0, constructs = 0, warnings = 0, failed = 0;
  int counts[construct_kinds] = {};
  const clang::tooling::ArgumentsAdjuster adjust = clang::tooling::combineAdjusters(
      clang::tooling::combineAdjusters(clang::tooling::getClangSyntaxOnlyAdjuster(), clang::tooling::getClangStripOutputAdjuster()),
      port_arguments(includes));
  // <amp.h> precompiled once, with the first file's command, for every file whose command matches it.
  std::optional<amp_pch> pch;
  bool pch_tried = no_pch;
  std::vector<char> with_pch(files.size(), 0);
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto commands = db->getCompileCommands(files[i]);
    if (commands.empty()) continue;
    const auto key = arguments_without_input(adjust(commands.front().CommandLine, files[i]), files[i]);
    if (!pch_tried) {
      pch_tried = true;
      if (auto made = amp_pch::make(key)) pch.emplace(std::move(*made));
    }
    with_pch[i] = pch && pch->fits(key);
  }

  // Each file is parsed and ported on its own (a translation unit of its own), several at a time; what
  // they print and write is done afterwards, in the order of the command line, so that the output is the
  // same for any number of jobs.
  struct outcome {
    std::map<std::string, ported_file> results;
    std::string error;
  };
  std::vector<outcome> outcomes(files.size());
  auto port_one = [&](std::size_t i) {
    const std::string& file = files[i];
    outcome& o = outcomes[i];
    first_error errors;
    errors.input = file;
    auto run_once = [&](bool use_pch) {
      o.results.clear();
      errors.clear();
      clang::tooling::ClangTool tool(*db, {file});
      tool.appendArgumentsAdjuster(adjust);
      if (use_pch)
        tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
            clang::tooling::CommandLineArguments{"-include-pch", pch->path()}, clang::tooling::ArgumentInsertPosition::END));
      tool.setDiagnosticConsumer(&errors);
      tool.run(make_port_factory(o.results).get());
      for (const auto& [path, r] : o.results)
        if (r.parsed) return true;
      return false;
    };
    // A file that does not parse with the precompiled header is parsed again without it, so that the
    // header changes nothing but the time, and the error named is the file's own.
    if (!run_once(with_pch[i]) && with_pch[i]) run_once(false);
    o.error = errors.text;
  };
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t workers = std::min<std::size_t>(jobs ? jobs : cores, files.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < files.size();) port_one(i);
  };
  std::vector<std::thread> pool;
  for (std::size_t w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();

  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& file = files[i];
    const auto& results = outcomes[i].results;
    const std::string& error_text = outcomes[i].error;
    const ported_file* result = nullptr;
    for (const auto& [path, r] : results)
      if (r.parsed) result = &r;
    if (!result) {
      ++failed;
      llvm::errs() << "tessera-port: " << display(file) << " not ported, left as it is: "
                   << (error_text.empty() ? std::string("it could not be parsed") : error_text) << "\n";
      if (error_text.find("amp_graphics.h") != std::string::npos || error_text.find("direct3d") != std::string::npos ||
          error_text.find("texture") != std::string::npos)
        llvm::errs() << "tessera-port: " << message_of(warning::unavailable_api) << "\n";
      continue;
    }
    for (const auto& w : result->warnings)
      llvm::errs() << display(file) << ":" << w.line << ":" << w.column << ": warning: " << message_of(w.what) << "\n";
    warnings += static_cast<int>(result->warnings.size());
    constructs += result->constructs;
    for (int k = 0; k < construct_kinds; ++k) counts[k] += result->counts[k];
    const bool changed = result->rewritten != result->original;
    rewritten += changed ? 1 : 0;
    if (!write) {
      if (changed) llvm::outs() << unified_diff(display(file), result->original, result->rewritten);
      continue;
    }
    std::string target = file;
    if (!out_dir.empty()) {
      llvm::SmallString<256> p(out_dir);
      llvm::sys::path::append(p, llvm::sys::path::filename(file));
      target = std::string(p);
    } else if (!changed) {
      continue;  // in place: an unchanged file is not touched
    }
    std::error_code ec;
    llvm::raw_fd_ostream os(target, ec);
    if (ec) {
      llvm::errs() << "tessera-port: cannot write " << target << ": " << ec.message() << "\n";
      ++failed;
      continue;
    }
    os << result->rewritten;
  }
  llvm::outs().flush();
  llvm::errs().flush();
  llvm::outs() << "tessera-port:";
  for (int k = 0; k < construct_kinds; ++k) llvm::outs() << " " << name_of(static_cast<construct>(k)) << "=" << counts[k];
  llvm::outs() << "\n";
  llvm::outs() << "tessera-port: files=" << files.size() << " rewritten=" << rewritten << " constructs=" << constructs
               << " warnings=" << warnings << " failed=" << failed << "\n";
  return failed ? 1 : 0;
}
