#include "thread_waits.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <set>

namespace tessera::phases {
namespace {

// Whether an expression (a loop's condition) reads anything but locals of scalar type and constants.
class reads_memory : public clang::RecursiveASTVisitor<reads_memory> {
 public:
  bool found = false;
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr*) { return !(found = true); }
  bool VisitCallExpr(clang::CallExpr*) { return !(found = true); }  // an element of a view, a helper's result
  bool VisitUnaryOperator(clang::UnaryOperator* u) {
    if (u->getOpcode() == clang::UO_Deref) found = true;
    return !found;
  }
  bool VisitMemberExpr(clang::MemberExpr* m) {
    if (m->isArrow()) found = true;
    return !found;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* r) {
    const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
    if (v == nullptr) return true;  // an enumerator, a function
    // A reference may name shared memory; a static, tile_static or global variable is shared unless constant.
    const bool shared = v->hasGlobalStorage() && !v->getType().isConstQualified();
    if (v->getType()->isReferenceType() || shared) found = true;
    return !found;
  }
};

class wait_search : public clang::RecursiveASTVisitor<wait_search> {
 public:
  wait_search(clang::ASTContext& ast, wait_finder& waits) : ast_(ast), waits_(waits) {}
  std::string why;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }  // a nested lambda runs only if called: its call is seen

  bool VisitCallExpr(clang::CallExpr* c) {
    const clang::FunctionDecl* f = c->getDirectCallee();
    if (f == nullptr) return true;
    if (f->getDeclName().isIdentifier() && f->getName().startswith("atomic_")) {
      why = "it calls " + f->getNameAsString() + " (line " + line(c) + ")";
      return false;
    }
    // The library's own code (Tessera's views and index arithmetic, the standard library) waits for nobody.
    const clang::FunctionDecl* def = nullptr;
    if (!in_library(f) && f->hasBody(def) && def != nullptr && seen_.insert(def).second) TraverseStmt(def->getBody());
    return why.empty();
  }
  bool VisitWhileStmt(clang::WhileStmt* s) { return loop(s, s->getCond(), s->getBody()); }
  bool VisitDoStmt(clang::DoStmt* s) { return loop(s, s->getCond(), s->getBody()); }
  bool VisitForStmt(clang::ForStmt* s) { return loop(s, s->getCond(), s->getBody()); }

 private:
  bool loop(const clang::Stmt* s, const clang::Expr* cond, const clang::Stmt* body) {
    if (waits_.body_waits(body)) return true;  // its barrier orders the threads: tile loops run it for all at once
    bool constant = false;  // true for ever: only the body ends it
    if (cond == nullptr) {
      constant = true;
    } else if (!cond->isValueDependent()) {
      bool value = false;
      constant = cond->EvaluateAsBooleanCondition(value, ast_) && value;
    }
    reads_memory r;
    if (cond != nullptr) r.TraverseStmt(const_cast<clang::Expr*>(cond));
    if (constant) why = "a loop without a barrier ends from its body, not its condition (line " + line(s) + ")";
    else if (r.found) why = "a loop without a barrier has a condition that reads memory (line " + line(s) + ")";
    return why.empty();
  }
  static bool in_library(const clang::FunctionDecl* f) {
    if (f->isInStdNamespace()) return true;
    for (const clang::DeclContext* c = f->getDeclContext(); c != nullptr; c = c->getParent())
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(c); ns != nullptr && ns->getParent()->isTranslationUnit())
        return ns->getName() == "tessera" || ns->getName() == "concurrency" || ns->getName() == "Concurrency";
    return false;
  }
  std::string line(const clang::Stmt* s) const {
    return std::to_string(ast_.getSourceManager().getExpansionLineNumber(s->getBeginLoc()));
  }

  clang::ASTContext& ast_;
  wait_finder& waits_;
  std::set<const clang::FunctionDecl*> seen_;
};

}  // namespace

std::string thread_wait_in(const clang::Stmt* body, clang::ASTContext& ast, wait_finder& waits) {
  wait_search search(ast, waits);
  search.TraverseStmt(const_cast<clang::Stmt*>(body));
  return search.why;
}

}  // namespace tessera::phases
