#include "port_action.hpp"

#include "constructs/rule.hpp"
#include "port_context.hpp"
#include "restrict_sites.hpp"

#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Sema/Sema.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Support/Path.h>

namespace tessera::port {
namespace {

// Runs the rules once the whole translation unit is parsed, and only when it parsed without errors.
class port_consumer : public clang::ASTConsumer {
 public:
  port_consumer(clang::CompilerInstance& ci, restrict_sites& sites, ported_file& result)
      : ci_(ci), sites_(sites), result_(result) {}

  // Only the main file's declarations are visited: the headers' (a precompiled <amp.h> among them) hold no
  // construct to port, and walking them would be nearly all of the time.
  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    const auto& sm = ci_.getSourceManager();
    for (clang::Decl* d : group)
      if (sm.isWrittenInMainFile(sm.getExpansionLoc(d->getLocation()))) top_level_.push_back(d);
    skip_header_instantiations();
    return true;
  }

  // Drops the template instantiations the declarations so far left pending whose templates are written
  // outside the main file (the standard library's, the compat headers' and the emulator's behind them: one
  // parallel_for_each instantiates the launch machinery). Their bodies hold nothing to port, and
  // instantiating them at the end of the file was about half of a small file's time. Instantiations of the
  // file's own templates are kept: the rules read the types they give (an `array<T, 1>&` captured in a
  // function template). A dropped function is also taken off the list of functions used but never defined,
  // which would otherwise be an error at the end of the file.
  void skip_header_instantiations() {
    if (!ci_.hasSema()) return;
    clang::Sema& sema = ci_.getSema();
    const auto& sm = ci_.getSourceManager();
    std::erase_if(sema.PendingInstantiations, [&](const clang::Sema::PendingImplicitInstantiation& p) {
      if (sm.isInMainFile(sm.getExpansionLoc(p.first->getLocation()))) return false;
      skipped_.insert(p.first);
      return true;
    });
    if (!skipped_.empty())
      sema.UndefinedButUsed.remove_if([&](const auto& used) { return skipped_.contains(used.first); });
  }

  void HandleTranslationUnit(clang::ASTContext& ast) override {
    if (ci_.getDiagnostics().hasErrorOccurred()) return;
    auto& sm = ast.getSourceManager();
    ast.setTraversalScope(top_level_);
    file_port out(sm, sm.getMainFileID());
    port_context ctx(ast, sites_, out);
    auto rules = make_rules(ctx);
    clang::ast_matchers::MatchFinder finder;
    for (auto& r : rules) r->add_matchers(finder);
    finder.matchAST(ast);
    for (auto& r : rules) r->finish();
    result_.parsed = true;
    result_.original = sm.getBufferData(sm.getMainFileID()).str();
    result_.rewritten = out.rewritten();
    result_.warnings = out.warnings();
    for (int k = 0; k < construct_kinds; ++k) result_.counts[k] = out.count_of(static_cast<construct>(k));
    result_.constructs = out.constructs();
  }

 private:
  clang::CompilerInstance& ci_;
  restrict_sites& sites_;
  ported_file& result_;
  std::vector<clang::Decl*> top_level_;
  llvm::DenseSet<const clang::Decl*> skipped_;
};

class port_action : public clang::ASTFrontendAction {
 public:
  explicit port_action(std::map<std::string, ported_file>& results) : results_(results) {}

  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    sites_ = std::make_unique<restrict_sites>(ci.getSourceManager());
    ci.getPreprocessor().addPPCallbacks(sites_->recorder());
    return true;
  }

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef file) override {
    llvm::SmallString<256> path(file);
    llvm::sys::fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, true);
    ported_file& result = results_[std::string(path)];
    result.path = std::string(file);
    return std::make_unique<port_consumer>(ci, *sites_, result);
  }

 private:
  std::map<std::string, ported_file>& results_;
  std::unique_ptr<restrict_sites> sites_;
};

class port_factory : public clang::tooling::FrontendActionFactory {
 public:
  explicit port_factory(std::map<std::string, ported_file>& results) : results_(results) {}
  std::unique_ptr<clang::FrontendAction> create() override { return std::make_unique<port_action>(results_); }

 private:
  std::map<std::string, ported_file>& results_;
};

}  // namespace

std::unique_ptr<clang::tooling::FrontendActionFactory> make_port_factory(std::map<std::string, ported_file>& results) {
  return std::make_unique<port_factory>(results);
}

}  // namespace tessera::port
