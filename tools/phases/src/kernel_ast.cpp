#include "kernel_ast.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

namespace tessera::phases {

bool is_tessera_record(const clang::CXXRecordDecl* r, llvm::StringRef name) {
  return r != nullptr && r->getName() == name && r->getDeclContext()->isNamespace() &&
         llvm::cast<clang::NamespaceDecl>(r->getDeclContext())->getName() == "tessera";
}

bool is_tessera_type(clang::QualType t, llvm::StringRef name) {
  t = t.getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  return is_tessera_record(t->getAsCXXRecordDecl(), name);
}

const char* barrier_scope(const clang::CXXMemberCallExpr* call) {
  const clang::CXXMethodDecl* m = call->getMethodDecl();
  if (m == nullptr || !is_tessera_record(m->getParent(), "tile_barrier") || !m->getDeclName().isIdentifier()) return nullptr;
  const llvm::StringRef name = m->getName();
  if (name == "wait" || name == "wait_with_all_memory_fence") return "all_memory";
  if (name == "wait_with_global_memory_fence") return "global_memory";
  if (name == "wait_with_tile_static_memory_fence") return "tile_static_memory";
  return nullptr;
}

clang::SourceLocation after_kernel_parameter(const clang::CXXMethodDecl* call_operator, const clang::ASTContext& ast) {
  return clang::Lexer::getLocForEndOfToken(call_operator->getParamDecl(0)->getEndLoc(), 0, ast.getSourceManager(),
                                           ast.getLangOpts());
}

bool wait_finder::waits(const clang::FunctionDecl* f) {
  const clang::FunctionDecl* def = nullptr;
  if (!f->hasBody(def) || def == nullptr) return false;
  auto [it, fresh] = memo_.try_emplace(def, false);
  if (!fresh) return it->second;  // known, or being looked at now (a recursive call adds nothing)
  const bool w = body_waits(def->getBody());
  memo_[def] = w;
  return w;
}

bool wait_finder::body_waits(const clang::Stmt* body) {
  struct visitor : clang::RecursiveASTVisitor<visitor> {
    wait_finder& finder;
    bool found = false;
    explicit visitor(wait_finder& f) : finder(f) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* c) {
      if (barrier_scope(c) != nullptr) found = true;
      return !found;
    }
    bool VisitCallExpr(clang::CallExpr* c) {
      if (const clang::FunctionDecl* f = c->getDirectCallee(); f != nullptr && finder.waits(f)) found = true;
      return !found;
    }
  } v(*this);
  v.TraverseStmt(const_cast<clang::Stmt*>(body));
  return v.found;
}

void add_edit(edit_map& edits, std::pair<clang::FileID, unsigned> at, edit e) {
  const auto [it, fresh] = edits.try_emplace(at, e);
  if (fresh || (it->second.length == e.length && it->second.text == e.text)) return;
  if (e.length == 0) it->second.text = e.text + it->second.text;
  else if (it->second.length == 0) it->second = edit{e.length, it->second.text + e.text};
}

}  // namespace tessera::phases
