#include "array_uses.hpp"

#include "port_context.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>

#include <string>
#include <vector>

namespace tessera::port {
namespace {

// The functions a call may name: the one it resolved to, or in a template the candidates of its name.
std::vector<const clang::FunctionDecl*> callees(const clang::CallExpr* call) {
  if (const auto* f = call->getDirectCallee()) return {f};
  std::vector<const clang::FunctionDecl*> found;
  if (const auto* lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(call->getCallee()->IgnoreParenImpCasts())) {
    for (const clang::NamedDecl* d : lookup->decls()) {
      d = d->getUnderlyingDecl();
      if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) found.push_back(t->getTemplatedDecl());
      else if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) found.push_back(f);
      else return {};
    }
  }
  return found;
}

// The array is an argument that every function the call may name takes as an array parameter of amp
// code, which array_parameter.cpp turns into an array_view parameter.
bool passed_to_array_parameter(const port_context& ctx, const clang::CallExpr* call, const clang::Expr* argument) {
  unsigned position = 0;
  while (position < call->getNumArgs() && call->getArg(position)->IgnoreParenImpCasts() != argument) ++position;
  if (position == call->getNumArgs()) return false;
  const auto candidates = callees(call);
  if (candidates.empty()) return false;
  for (const clang::FunctionDecl* f : candidates)
    if (position >= f->getNumParams() || !ctx.array_parameter_of(f->getParamDecl(position))) return false;
  return true;
}

}  // namespace

const clang::Stmt* meaningful_parent(clang::ASTContext& ast, const clang::Expr* e, const clang::Expr** child) {
  const clang::Expr* cur = e;
  for (;;) {
    auto parents = ast.getParents(*cur);
    if (parents.empty()) return nullptr;
    const auto* p = parents[0].get<clang::Stmt>();
    if (!p) return nullptr;
    if (llvm::isa<clang::ParenExpr>(p) || llvm::isa<clang::ImplicitCastExpr>(p) ||
        llvm::isa<clang::MaterializeTemporaryExpr>(p)) {
      cur = llvm::cast<clang::Expr>(p);
      continue;
    }
    if (child) *child = cur;
    return p;
  }
}


bool view_can_stand_in(const port_context& ctx, const clang::DeclRefExpr* ref) {
  clang::ASTContext& ast = ctx.ast();
  if (ref->getLocation().isMacroID()) return false;
  const clang::Expr* child = nullptr;
  const clang::Stmt* p = meaningful_parent(ast, ref, &child);
  if (!p) return false;
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(p)) {
    const std::string name = m->getMemberNameInfo().getAsString();
    return name != "get_accelerator_view" && name != "get_associated_accelerator_view" && name != "get_cpu_access_type";
  }
  if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(p)) {
    const auto kind = op->getOperator();
    return (kind == clang::OO_Subscript || kind == clang::OO_Call) && op->getNumArgs() > 0 &&
           op->getArg(0)->IgnoreParenImpCasts() == ref;
  }
  // Inside a template, where the array's type is dependent: a[i], a(i, j) and a.member as they are
  // written before instantiation.
  if (const auto* m = llvm::dyn_cast<clang::CXXDependentScopeMemberExpr>(p)) {
    const std::string name = m->getMemberNameInfo().getAsString();
    return !m->isImplicitAccess() && m->getBase()->IgnoreParenImpCasts() == ref && name != "get_accelerator_view" &&
           name != "get_associated_accelerator_view" && name != "get_cpu_access_type";
  }
  // (the left operand as written: with an index that is not an integer, getBase() would name the index)
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(p)) return s->getLHS()->IgnoreParenImpCasts() == ref;
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(p))
    return c->getCallee()->IgnoreParenImpCasts() == ref || passed_to_array_parameter(ctx, c, ref);
  return false;
}

}  // namespace tessera::port
