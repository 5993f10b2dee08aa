#include "array_uses.hpp"

#include "amp_types.hpp"
#include "port_context.hpp"

#include <clang/AST/DeclTemplate.h>
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

// A view of the array's data given to the parameter means what the array meant: the parameter is an
// array_view taken by value, by const reference or by rvalue reference (the array was converted to a view
// of its data), or an array parameter of amp code, which array_parameter.cpp turns into a view.
bool takes_a_view(const port_context& ctx, const clang::ParmVarDecl* p) {
  if (ctx.array_parameter_of(p)) return true;
  clang::QualType t = p->getType();
  if (t->isLValueReferenceType() && !t.getNonReferenceType().isConstQualified()) return false;
  return names_amp_array_view(t.getNonReferenceType().getUnqualifiedType());
}

// Where `argument` is among `args`, or -1.
template <class Range>
int position_of(const Range& args, const clang::Expr* argument) {
  int position = 0;
  for (const clang::Expr* a : args) {
    if (a->IgnoreParenImpCasts() == argument) return position;
    ++position;
  }
  return -1;
}

// Every function in `candidates` that can take `count` arguments takes a view at `position`, and there is one.
bool every_candidate_takes_a_view(const port_context& ctx, const std::vector<const clang::FunctionDecl*>& candidates, int position,
                                  unsigned count) {
  bool any = false;
  for (const clang::FunctionDecl* f : candidates) {
    if (count < f->getMinRequiredArguments() || (count > f->getNumParams() && !f->isVariadic())) continue;
    if (static_cast<unsigned>(position) >= f->getNumParams() || !takes_a_view(ctx, f->getParamDecl(position))) return false;
    any = true;
  }
  return any;
}

// The constructors of the class type t names, inside a template too (the primary template's).
std::vector<const clang::FunctionDecl*> constructors_of(clang::QualType t) {
  const clang::CXXRecordDecl* record = t->getAsCXXRecordDecl();
  if (!record)
    if (const auto* spec = t->getAs<clang::TemplateSpecializationType>())
      if (const auto* tmpl = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(spec->getTemplateName().getAsTemplateDecl()))
        record = tmpl->getTemplatedDecl();
  std::vector<const clang::FunctionDecl*> found;
  if (!record || !record->hasDefinition()) return found;
  // (not the copy and move constructors: an array reaches them through no conversion)
  for (const clang::CXXConstructorDecl* c : record->getDefinition()->ctors())
    if (!c->isCopyOrMoveConstructor()) found.push_back(c);
  for (const clang::Decl* d : record->getDefinition()->decls())
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
      if (llvm::isa<clang::CXXConstructorDecl>(t->getTemplatedDecl())) found.push_back(t->getTemplatedDecl());
  return found;
}

// The array is converted to an array_view where it is used, or given where a view would be: it
// constructs a view (the implicit conversion to a view parameter, `array_view<T, 1> v(a)` in the kernel),
// or it is an argument to a function or constructor whose every candidate takes a view there (inside a
// template: the candidates of the name, the primary template's constructors).
bool converted_to_view(const port_context& ctx, const clang::Stmt* parent, const clang::Expr* ref) {
  clang::ASTContext& ast = ctx.ast();
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(parent)) {
    const int position = position_of(c->arguments(), ref);
    return position >= 0 && every_candidate_takes_a_view(ctx, callees(c), position, c->getNumArgs());
  }
  if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(parent)) {
    const int position = position_of(c->arguments(), ref);
    if (position < 0) return false;
    if (names_amp_array_view(c->getType())) return position == 0;
    const auto* ctor = c->getConstructor();
    return ctor && static_cast<unsigned>(position) < ctor->getNumParams() && takes_a_view(ctx, ctor->getParamDecl(position));
  }
  if (const auto* c = llvm::dyn_cast<clang::CXXUnresolvedConstructExpr>(parent)) {
    const int position = position_of(c->arguments(), ref);
    return position >= 0 && every_candidate_takes_a_view(ctx, constructors_of(c->getTypeAsWritten()), position, c->getNumArgs());
  }
  // `S<T> s(a, b)` in a template: the variable's initializer is the list of its arguments.
  if (const auto* list = llvm::dyn_cast<clang::ParenListExpr>(parent)) {
    const int position = position_of(const_cast<clang::ParenListExpr*>(list)->exprs(), ref);  // exprs() is not const
    if (position < 0) return false;
    for (const auto& node : ast.getParents(*list))
      if (const auto* var = node.get<clang::VarDecl>(); var && var->getInit() == list)
        return names_amp_array_view(var->getType()) ? position == 0
                                                      : every_candidate_takes_a_view(ctx, constructors_of(var->getType()),
                                                                                     position, list->getNumExprs());
  }
  return false;
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
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(p); c && c->getCallee()->IgnoreParenImpCasts() == ref) return true;
  return converted_to_view(ctx, p, ref);
}

}  // namespace tessera::port
