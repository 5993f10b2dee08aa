#include "kernel_rewriter.hpp"

#include "kernel_ast.hpp"
#include "thread_waits.hpp"
#include "tile_loops.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/HeaderSearch.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace tessera::phases {
namespace {

using namespace clang::ast_matchers;

using file_edits = std::map<unsigned, edit>;  // by offset

// What one kernel (one lambda as written: its instantiations share the key) asks of the files.
struct kernel_plan {
  clang::FileID file;
  unsigned line = 0;
  bool eligible = true;
  bool barrier_free = false;
  std::string reason;
  int barriers = 0;
  int counted_loops = 0;
  edit_map edits;        // into a coroutine
  edit_map round_edits;  // the loops' rounds counted
  // Into tile loops instead, where every instantiation can be, with the same text (tile_loops.hpp).
  bool loops_seen = false;
  bool loops = false;
  std::string loops_reason;
  edit_map loop_edits;
  int kept_per_thread = 0;
  void refuse(std::string why) {
    if (eligible) reason = std::move(why);
    eligible = false;
  }
};

// Walks one kernel's body: its barrier calls and returns become edits, anything the rewrite cannot
// follow refuses it.
class body_scan : public clang::RecursiveASTVisitor<body_scan> {
 public:
  body_scan(clang::ASTContext& ast, wait_finder& waits, kernel_plan& plan) : ast_(ast), waits_(waits), plan_(plan) {}

  bool TraverseLambdaExpr(clang::LambdaExpr* nested) {
    if (waits_.body_waits(nested->getBody())) plan_.refuse("a lambda inside it waits at a barrier");
    return true;  // its returns are its own
  }
  bool VisitCoroutineBodyStmt(clang::CoroutineBodyStmt*) {
    plan_.refuse("it is a coroutine already");
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt* r) {
    if (r->getRetValue() != nullptr) {
      plan_.refuse("it returns a value");
      return true;
    }
    replace_token(r->getReturnLoc(), "co_return");
    return true;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
    const char* scope = barrier_scope(call);
    if (scope == nullptr) return true;
    ++plan_.barriers;
    for (const clang::Expr* arg : call->arguments())
      if (!llvm::isa<clang::CXXDefaultArgExpr>(arg)) {
        plan_.refuse("a barrier call passes its own source_site");
        return true;
      }
    const auto* member = llvm::dyn_cast<clang::MemberExpr>(call->getCallee()->IgnoreParens());
    const clang::Expr* object = call->getImplicitObjectArgument();
    if (member == nullptr || object == nullptr) {
      plan_.refuse("a barrier is called through a pointer to member");
      return true;
    }
    std::string text = source_text(object->getSourceRange());
    if (text.empty()) return true;  // refused: not in the file's own text
    if (member->isArrow()) text = "*(" + text + ")";
    replace_range(call->getSourceRange(), "(co_await ::tessera::emulator::phase_end<::tessera::memory_scope::" +
                                              std::string(scope) + ">(" + text + "))");
    return true;
  }
  bool VisitForStmt(clang::ForStmt* s) { return count_rounds(s, s->getBody(), false); }
  bool VisitWhileStmt(clang::WhileStmt* s) { return count_rounds(s, s->getBody(), false); }
  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt* s) { return count_rounds(s, s->getBody(), false); }
  bool VisitDoStmt(clang::DoStmt* s) { return count_rounds(s, s->getBody(), true); }

  // A loop that holds a barrier counts its rounds (tessera/emulator/loop_round.hpp):
  //   { ::tessera::emulator::loop_round tessera_round_L_C(L); for (...) { tessera_round_L_C.next(); ... } }
  // all on the loop's lines. A body without braces is left uncounted.
  bool count_rounds(clang::Stmt* loop, clang::Stmt* body, bool is_do) {
    const auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(body);
    if (block == nullptr || !waits_.body_waits(body)) return true;
    const clang::SourceManager& sm = ast_.getSourceManager();
    const clang::SourceLocation begin = loop->getBeginLoc(), open = block->getLBracLoc(), close = block->getRBracLoc();
    if (!begin.isFileID() || !open.isFileID() || !close.isFileID() || !loop->getEndLoc().isFileID()) return true;
    clang::SourceLocation after = close.getLocWithOffset(1);
    if (is_do) {  // after the `;` of `while (...);`
      after = clang::Lexer::findLocationAfterToken(loop->getEndLoc(), clang::tok::semi, sm, ast_.getLangOpts(), false);
      if (after.isInvalid()) return true;
    }
    const std::string line = std::to_string(sm.getExpansionLineNumber(begin));
    const std::string name = "tessera_round_" + line + "_" + std::to_string(sm.getExpansionColumnNumber(begin));
    round_insert(begin, "{ ::tessera::emulator::loop_round " + name + "(" + line + "); ");
    round_insert(open.getLocWithOffset(1), " " + name + ".next();");
    round_insert(after, " }");
    ++plan_.counted_loops;
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (llvm::isa<clang::CXXMemberCallExpr>(call) && barrier_scope(llvm::cast<clang::CXXMemberCallExpr>(call)) != nullptr)
      return true;
    const clang::FunctionDecl* f = call->getDirectCallee();
    if (f == nullptr) return true;
    if (waits_.waits(f)) {
      plan_.refuse("it calls " + f->getQualifiedNameAsString() + ", which waits at a barrier");
      return true;
    }
    if (!f->hasBody())
      for (const clang::ParmVarDecl* p : f->parameters())
        if (is_tessera_type(p->getType(), "tile_barrier") || is_tessera_type(p->getType(), "tiled_index")) {
          plan_.refuse("it passes its tile's index or barrier to " + f->getQualifiedNameAsString() +
                       ", whose body is not in sight");
          return true;
        }
    return true;
  }

  // Text edits keep every line where it was: what they replace across lines, they end with as many line
  // breaks.
  void replace_range(clang::SourceRange range, std::string text) {
    const clang::SourceManager& sm = ast_.getSourceManager();
    const clang::CharSourceRange chars = clang::CharSourceRange::getTokenRange(range);
    if (!in_file(range.getBegin()) || !in_file(range.getEnd())) return;
    const clang::CharSourceRange file_chars = clang::Lexer::makeFileCharRange(chars, sm, ast_.getLangOpts());
    if (file_chars.isInvalid()) {
      plan_.refuse("part of it is written by a macro");
      return;
    }
    const auto [fid, begin] = sm.getDecomposedLoc(file_chars.getBegin());
    const unsigned end = sm.getFileOffset(file_chars.getEnd());
    const llvm::StringRef old = sm.getBufferData(fid).substr(begin, end - begin);
    text.append(static_cast<std::size_t>(old.count('\n')), '\n');
    plan_.edits[{fid, begin}] = edit{end - begin, std::move(text)};
  }
  void replace_token(clang::SourceLocation at, std::string text) { replace_range(clang::SourceRange(at, at), std::move(text)); }
  void insert(clang::SourceLocation at, std::string text) {
    if (!in_file(at)) return;
    const auto [fid, offset] = ast_.getSourceManager().getDecomposedLoc(at);
    plan_.edits[{fid, offset}] = edit{0, std::move(text)};
  }
  void round_insert(clang::SourceLocation at, std::string text) {
    const auto [fid, offset] = ast_.getSourceManager().getDecomposedLoc(at);
    add_edit(plan_.round_edits, {fid, offset}, edit{0, std::move(text)});
  }

 private:
  bool in_file(clang::SourceLocation loc) {
    if (loc.isFileID()) return true;
    plan_.refuse("part of it is written by a macro");
    return false;
  }
  std::string source_text(clang::SourceRange range) {
    if (!in_file(range.getBegin()) || !in_file(range.getEnd())) return {};
    return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(range), ast_.getSourceManager(),
                                       ast_.getLangOpts())
        .str();
  }

  clang::ASTContext& ast_;
  wait_finder& waits_;
  kernel_plan& plan_;
};

// Collects the kernels of parallel_for_each calls, instantiations included (a kernel in a function
// template is seen through them: its body's types are known there). A kernel's instantiations are one
// kernel: refused if any of them is.
class kernel_collector : public MatchFinder::MatchCallback {
 public:
  kernel_collector(clang::ASTContext& ast, std::map<unsigned, kernel_plan>& plans, bool tile_loops, bool checked)
      : ast_(ast), plans_(plans), tile_loops_(tile_loops), checked_(checked) {}

  void run(const MatchFinder::MatchResult& result) override {
    const auto* lambda = result.Nodes.getNodeAs<clang::LambdaExpr>("kernel");
    if (lambda == nullptr) return;
    const clang::CXXMethodDecl* op = lambda->getCallOperator();
    if (op->isDependentContext() || op->getNumParams() != 1 || !is_tessera_type(op->getParamDecl(0)->getType(), "tiled_index"))
      return;
    const clang::SourceManager& sm = ast_.getSourceManager();
    const clang::SourceLocation at = sm.getExpansionLoc(lambda->getBeginLoc());
    kernel_plan& plan = plans_[at.getRawEncoding()];
    if (plan.line == 0) {
      plan.file = sm.getFileID(at);
      plan.line = sm.getExpansionLineNumber(at);
    }
    kernel_plan one;  // this instantiation's
    body_scan scan(ast_, waits_, one);
    scan.TraverseStmt(lambda->getBody());
    if (one.barriers == 0 && one.eligible) {
      one.refuse("it has no barrier");
      plan.barrier_free = true;
    }
    if (lambda->hasExplicitResultType()) one.refuse("it names its return type");
    if (!lambda->getBody()->getBeginLoc().isFileID()) one.refuse("it is written by a macro");
    if (one.eligible) {
      scan.insert(lambda->getBody()->getBeginLoc(), "-> ::tessera::emulator::phased ");
      // A call operator named apart from the kernel's as written (see tile_loops.cpp, write_edits).
      scan.insert(after_kernel_parameter(op, ast_), ", ::tessera::emulator::coroutine_kernel = {}");
    }
    plan.barriers = std::max(plan.barriers, one.barriers);
    plan.counted_loops = std::max(plan.counted_loops, one.counted_loops);
    if (!one.eligible) plan.refuse(one.reason);
    if (one.eligible && tile_loops_) {
      tile_loop_plan loops = plan_tile_loops(lambda, ast_, waits_, checked_);
      if (checked_ && loops.possible)
        if (std::string why = thread_wait_in(lambda->getBody(), ast_, waits_); !why.empty()) {
          loops.possible = false;
          loops.reason = why + ": a thread could wait for another, which only the fiber path lets it do";
        }
      if (!plan.loops_seen) {
        plan.loops = loops.possible;
        plan.loops_reason = loops.reason;
        plan.loop_edits = std::move(loops.edits);
        plan.kept_per_thread = loops.kept_per_thread;
      } else if (plan.loops && !loops.possible) {
        plan.loops = false;
        plan.loops_reason = loops.reason;
      } else if (plan.loops && loops.edits != plan.loop_edits) {
        plan.loops = false;
        plan.loops_reason = "its instantiations would be written differently (types deduced differently, or branches of their own)";
      }
      plan.loops_seen = true;
    }
    for (auto& [where, e] : one.edits) plan.edits.insert_or_assign(where, e);
    for (auto& [where, e] : one.round_edits) plan.round_edits.insert_or_assign(where, e);
  }

 private:
  clang::ASTContext& ast_;
  std::map<unsigned, kernel_plan>& plans_;
  bool tile_loops_;  // plan them (the compiled path's build)
  bool checked_;     // and keep out of them kernels whose threads could wait for one another (a checked build)
  wait_finder waits_;
};

class rewrite_consumer : public clang::ASTConsumer {
 public:
  rewrite_consumer(clang::CompilerInstance& ci, rewrite_result& result, rewrite_mode mode) : ci_(ci), result_(result), mode_(mode) {}

  void HandleTranslationUnit(clang::ASTContext& ast) override {
    if (ci_.getDiagnostics().hasErrorOccurred()) return;
    result_.parsed = true;
    std::map<unsigned, kernel_plan> plans;
    kernel_collector collect(ast, plans, mode_ != rewrite_mode::rounds_only, mode_ == rewrite_mode::checked_tile_loops);
    MatchFinder finder;
    finder.addMatcher(
        callExpr(callee(functionDecl(hasAnyName("::tessera::parallel_for_each", "::concurrency::parallel_for_each",
                                                "::Concurrency::parallel_for_each"))),
                 hasAnyArgument(ignoringImplicit(lambdaExpr().bind("kernel")))),
        &collect);
    finder.matchAST(ast);

    const clang::SourceManager& sm = ast.getSourceManager();
    // Every kernel counts its loops' rounds (on the fiber path too); an eligible one becomes a coroutine
    // unless only the rounds are asked for.
    edit_map all_edits;
    std::vector<std::tuple<std::string, unsigned, const kernel_plan*>> listed;
    for (auto& [key, plan] : plans) {
      const clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(plan.file);
      listed.emplace_back(entry ? absolute(entry->getName()) : std::string("<unknown>"), plan.line, &plan);
      // A kernel in tile loops cannot diverge: its loops count no rounds.
      const bool in_loops = mode_ != rewrite_mode::rounds_only && plan.eligible && plan.loops;
      if (!in_loops)
        for (const auto& [where, e] : plan.round_edits) add_edit(all_edits, where, e);
      if (mode_ == rewrite_mode::rounds_only) {
        if (plan.eligible) plan.refuse("only the rounds of its loops are counted (the checked build)");
        continue;
      }
      if (mode_ == rewrite_mode::checked_tile_loops && !in_loops) {  // the checks watch coroutines nowhere
        if (plan.eligible) plan.refuse("not tile loops (" + plan.loops_reason + "), and a checked build runs no coroutines");
        continue;
      }
      if (!plan.eligible) continue;
      for (const auto& [where, e] : in_loops ? plan.loop_edits : plan.edits) add_edit(all_edits, where, e);
    }
    std::map<clang::FileID, file_edits> by_file;
    for (const auto& [where, e] : all_edits) by_file[where.first][where.second] = e;
    std::sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) {
      return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
    });
    for (const auto& [file, line, plan] : listed)
      result_.kernels.push_back(kernel_outcome{file, line, plan->eligible, plan->eligible && plan->loops,
                                               plan->loops ? 0 : plan->counted_loops, plan->barriers,
                                               plan->barrier_free && !plan->eligible, plan->reason,
                                               plan->loops ? std::string() : plan->loops_reason, plan->kept_per_thread});

    const clang::FileEntry* main = sm.getFileEntryForID(sm.getMainFileID());
    for (const auto& [fid, edits] : by_file) {
      const clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(fid);
      if (!entry) continue;
      const std::string path = absolute(entry->getName());
      const llvm::StringRef text = sm.getBufferData(fid);
      std::string out;
      unsigned at = 0;
      for (const auto& [offset, e] : edits) {
        if (offset < at) continue;  // overlapping edits cannot happen in one kernel; keep the first
        out.append(text.substr(at, offset - at).str());
        out.append(e.text);
        at = offset + e.length;
      }
      out.append(text.substr(at).str());
      result_.rewritten[path] = std::move(out);
      if (&entry->getFileEntry() != main) {
        bool system = false;
        result_.include_spelling[path] = ci_.getPreprocessor().getHeaderSearchInfo().suggestPathToFileForDiagnostics(
            &entry->getFileEntry(), "", &system);
      }
    }
  }

 private:
  static std::string absolute(llvm::StringRef name) {
    llvm::SmallString<256> path(name);
    llvm::sys::fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, true);
    return std::string(path);
  }

  clang::CompilerInstance& ci_;
  rewrite_result& result_;
  rewrite_mode mode_;
};

class rewrite_action : public clang::ASTFrontendAction {
 public:
  rewrite_action(rewrite_result& result, rewrite_mode mode) : result_(result), mode_(mode) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef file) override {
    llvm::SmallString<256> path(file);
    llvm::sys::fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, true);
    result_.main_file = std::string(path);
    return std::make_unique<rewrite_consumer>(ci, result_, mode_);
  }

 private:
  rewrite_result& result_;
  rewrite_mode mode_;
};

class rewrite_factory : public clang::tooling::FrontendActionFactory {
 public:
  rewrite_factory(rewrite_result& result, rewrite_mode mode) : result_(result), mode_(mode) {}
  std::unique_ptr<clang::FrontendAction> create() override { return std::make_unique<rewrite_action>(result_, mode_); }

 private:
  rewrite_result& result_;
  rewrite_mode mode_;
};

}  // namespace

std::unique_ptr<clang::tooling::FrontendActionFactory> make_rewrite_factory(rewrite_result& result, rewrite_mode mode) {
  return std::make_unique<rewrite_factory>(result, mode);
}

}  // namespace tessera::phases
