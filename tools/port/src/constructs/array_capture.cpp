// Kernels that capture an array by reference ([&], [&a], [=, &a]). nvcc refuses a reference capture in an
// extended lambda, and a GPU launch carries only captured array_views. The rewrite makes an array_view of
// the array just before the statement that holds the kernel, captures the view by value, and names the
// view where the kernel named the array: an array_view of an array shares its data, and every member
// a kernel uses on an array (indexing, extent, section, view_as, reinterpret_as, data) has the same meaning
// on the view. Other variables captured by reference become captures by value when the kernel only reads
// them (C++ AMP allows nothing but arrays by reference). What cannot keep its meaning is warned about:
// an array reached through a captured object or `this` (002), an array the kernel passes on (003), a
// variable the kernel writes (004), a capture list a rewrite cannot rebuild (009).
#include "../amp_types.hpp"
#include "../array_uses.hpp"
#include "rule.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <map>
#include <regex>
#include <set>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

// Every expression of the body that names one of the variables.
class uses_collector : public clang::RecursiveASTVisitor<uses_collector> {
 public:
  std::vector<const clang::DeclRefExpr*> refs;
  std::vector<const clang::MemberExpr*> array_members;
  std::vector<const clang::LambdaExpr*> nested;
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    refs.push_back(e);
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr* e) {
    if (as_amp_array(e->getType()) && !llvm::isa<clang::CXXMethodDecl>(e->getMemberDecl())) array_members.push_back(e);
    return true;
  }
  bool VisitLambdaExpr(clang::LambdaExpr* e) {
    nested.push_back(e);
    return true;
  }
  bool shouldVisitLambdaBody() const { return true; }
};

bool writes(clang::ASTContext& ast, const clang::DeclRefExpr* ref) {
  const clang::Expr* child = nullptr;
  const clang::Stmt* p = meaningful_parent(ast, ref, &child);
  if (!p) return false;
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(p)) return b->isAssignmentOp() && b->getLHS()->IgnoreParenImpCasts() == ref;
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(p))
    return u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_AddrOf;
  if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(p))
    return op->isAssignmentOp() && op->getNumArgs() > 0 && op->getArg(0)->IgnoreParenImpCasts() == ref;
  return false;
}

struct made_view {
  const clang::FunctionDecl* function = nullptr;
  const clang::ValueDecl* array = nullptr;
  const clang::CompoundStmt* scope = nullptr;
  unsigned offset = 0;
  std::string name;
};

class array_capture final : public lambda_rule {
 public:
  using lambda_rule::lambda_rule;

  void on_lambda(const clang::LambdaExpr* lambda) override {
    if (!ctx_.is_kernel(lambda)) return;
    if (!seen_.insert(lambda->getBeginLoc().getRawEncoding()).second) return;
    auto& ast = ctx_.ast();
    auto& out = ctx_.out();

    uses_collector uses;
    uses.TraverseStmt(lambda->getBody());
    // Arrays a captured object or `this` holds: not converted.
    for (const auto* m : uses.array_members) {
      out.warn(m->getBeginLoc(), warning::array_through_object);
      break;
    }

    std::vector<const clang::ValueDecl*> arrays;       // captured by reference, to become views
    std::vector<const clang::ValueDecl*> by_reference;  // other variables captured by reference
    bool any_reference = lambda->getCaptureDefault() == clang::LCD_ByRef;
    for (const clang::LambdaCapture& c : lambda->captures()) {
      if (c.isPackExpansion()) return warn_capture(lambda);
      if (!c.capturesVariable() || c.getCaptureKind() != clang::LCK_ByRef) continue;
      any_reference = true;
      const clang::ValueDecl* var = c.getCapturedVar();
      if (lambda->isInitCapture(&c)) return warn_capture(lambda);
      if (names_amp_array(var->getType())) arrays.push_back(var);
      else by_reference.push_back(var);
    }
    // Inside a template, a [&] kernel's implicit captures are known only once it is instantiated (Clang
    // records none for uses whose type depends on a template parameter): the variables of the enclosing
    // function that the body names are its captures.
    if (lambda->getCaptureDefault() == clang::LCD_ByRef && lambda->getCallOperator()->isDependentContext()) {
      for (const auto* ref : uses.refs) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (!var || !var->isLocalVarDeclOrParm() || lambda->getCallOperator()->Encloses(var->getDeclContext())) continue;
        if (std::find(arrays.begin(), arrays.end(), var) != arrays.end() ||
            std::find(by_reference.begin(), by_reference.end(), var) != by_reference.end())
          continue;
        if (names_amp_array(var->getType())) arrays.push_back(var);
        else by_reference.push_back(var);
      }
    }
    if (!any_reference) return;

    // Every use must keep its meaning.
    for (const auto* ref : uses.refs) {
      const auto* var = ref->getDecl();
      if (std::find(arrays.begin(), arrays.end(), var) != arrays.end()) {
        if (!view_can_stand_in(ctx_, ref)) {
          out.warn(ref->getLocation(), warning::array_used_as_array);
          return;
        }
      } else if (std::find(by_reference.begin(), by_reference.end(), var) != by_reference.end()) {
        if (writes(ast, ref)) {
          out.warn(ref->getLocation(), warning::reference_capture_written);
          return;
        }
      }
    }
    const clang::SourceRange intro = lambda->getIntroducerRange();
    if (intro.getBegin().isMacroID() || intro.getEnd().isMacroID()) return warn_capture(lambda);

    // The statement the view declarations go before, and the block that holds it.
    const clang::Stmt* statement = nullptr;
    const clang::CompoundStmt* block = nullptr;
    if (!arrays.empty()) {
      // Up through expressions and declarations (a kernel stored in a variable first) to the block.
      clang::DynTypedNode cur = clang::DynTypedNode::create(*static_cast<const clang::Stmt*>(lambda));
      for (int guard = 0; guard < 256; ++guard) {
        auto parents = ast.getParents(cur);
        if (parents.empty()) break;
        if (const auto* b = parents[0].get<clang::CompoundStmt>()) {
          statement = cur.get<clang::Stmt>();
          block = b;
          break;
        }
        cur = parents[0];
      }
      if (!statement || statement->getBeginLoc().isMacroID() || !out.in_main_file(statement->getBeginLoc())) {
        out.warn(lambda->getBeginLoc(), warning::array_used_as_array);
        return;
      }
    }

    // Names and declarations of the views.
    const auto& sm = ctx_.sources();
    std::map<const clang::ValueDecl*, std::string> view_of;
    std::vector<std::string> declarations;
    const unsigned statement_offset = statement ? sm.getFileOffset(sm.getSpellingLoc(statement->getBeginLoc())) : 0;
    std::map<const clang::ValueDecl*, std::string> rank_of;
    const bool after_declarations = !arrays.empty() && function_has_goto(lambda);
    for (const auto* var : arrays) {
      clang::TypeLoc written;
      if (const auto* dd = llvm::dyn_cast<clang::DeclaratorDecl>(var); dd && dd->getTypeSourceInfo())
        written = dd->getTypeSourceInfo()->getTypeLoc();
      rank_of[var] = view_rank_for(var->getType(), written, ast);
      if (const made_view* earlier = find_earlier(var, block, statement_offset)) {
        view_of[var] = earlier->name;
        continue;
      }
      const std::string name = fresh_name(var->getName().str() + "_view", lambda);
      view_of[var] = name;
      const std::string declaration = view_type_for(var->getType(), written, ast) + " " + name + "(" + var->getName().str() + ");";
      // In a function with a goto, a declaration before the launch could be jumped over (ill-formed):
      // the view goes right after the array's own declaration, which no goto can jump over either.
      if (const auto* after = after_declarations ? declaration_statement(var) : nullptr) {
        const clang::SourceLocation end = sm.getSpellingLoc(after->getEndLoc());
        out.insert(end.getLocWithOffset(1), "\n" + ctx_.indent_of(sm.getSpellingLoc(after->getBeginLoc())) + declaration);
        made_.push_back(made_view{ctx_.enclosing_function(lambda), var, block_of(after), sm.getFileOffset(end), name});
        continue;
      }
      declarations.push_back(declaration);
      made_.push_back(made_view{ctx_.enclosing_function(lambda), var, block, statement_offset, name});
    }

    // The capture list, rebuilt: "=" for any default, the views by value, the other captures as written.
    const bool has_default = lambda->getCaptureDefault() != clang::LCD_None;
    std::vector<std::string> items;
    if (has_default) items.push_back("=");
    for (const clang::LambdaCapture& c : lambda->captures()) {
      if (!c.isExplicit()) continue;
      if (c.capturesThis()) {
        items.push_back(c.getCaptureKind() == clang::LCK_StarThis ? "*this" : "this");
        continue;
      }
      if (!c.capturesVariable()) continue;
      const clang::ValueDecl* var = c.getCapturedVar();
      if (lambda->isInitCapture(&c)) {
        const auto* vd = llvm::cast<clang::VarDecl>(var);
        if (!vd->getInit()) return warn_capture(lambda);
        items.push_back(ctx_.text(clang::SourceRange(c.getLocation(), vd->getInit()->getEndLoc())));
        continue;
      }
      if (has_default) continue;  // captured by value through "="
      auto view = view_of.find(var);
      items.push_back(view != view_of.end() ? view->second : var->getName().str());
    }
    std::string list = "[";
    for (std::size_t i = 0; i < items.size(); ++i) list += (i ? ", " : "") + items[i];
    list += "]";

    // The edits: views before the statement, the capture list, the names in the body.
    if (!declarations.empty()) {
      const clang::SourceLocation at = sm.getSpellingLoc(statement->getBeginLoc());
      if (ctx_.starts_line(at)) {
        const std::string indent = ctx_.indent_of(at);
        const unsigned offset = sm.getFileOffset(at) - static_cast<unsigned>(indent.size());
        std::string lines;
        for (const auto& d : declarations) lines += indent + d + "\n";
        out.insert(sm.getComposedLoc(sm.getFileID(at), offset), lines);
      } else {
        std::string inline_text;
        for (const auto& d : declarations) inline_text += d + " ";
        out.insert(at, inline_text);
      }
    }
    const unsigned intro_begin = sm.getFileOffset(intro.getBegin());
    const unsigned intro_end = sm.getFileOffset(intro.getEnd()) + 1;
    out.replace(intro.getBegin(), intro_end - intro_begin, list);
    for (const auto* ref : uses.refs) {
      auto view = view_of.find(ref->getDecl());
      if (view == view_of.end()) continue;
      // An array's data() of any rank is its element 0; a view has data() at rank 1 only (AV-11), and its
      // element 0 is the same address: `a.data()` becomes `(&a_view[concurrency::index<N>()])`.
      if (const std::string& rank = rank_of[ref->getDecl()]; rank != "1") {
        if (const clang::Expr* call = data_call_on(ref)) {
          out.replace(call->getBeginLoc(), ctx_.text(call->getSourceRange()).size(),
                      "(&" + view->second + "[concurrency::index<" + rank + ">()])");
          continue;
        }
      }
      out.replace(ref->getLocation(), static_cast<unsigned>(ref->getDecl()->getName().size()), view->second);
    }
    // Lambdas nested in the kernel that name the array in their own capture list.
    for (const auto* inner : uses.nested) {
      for (const clang::LambdaCapture& c : inner->captures()) {
        if (!c.isExplicit() || !c.capturesVariable()) continue;
        auto view = view_of.find(c.getCapturedVar());
        if (view == view_of.end()) continue;
        out.replace(c.getLocation(), static_cast<unsigned>(c.getCapturedVar()->getName().size()), view->second);
      }
    }
    for (std::size_t i = 0; i < arrays.size(); ++i) out.count(construct::array_capture);
    for (std::size_t i = 0; i < by_reference.size(); ++i) out.count(construct::reference_capture);
    if (arrays.empty() && by_reference.empty()) out.count(construct::reference_capture);  // a bare [&]
  }

 private:
  void warn_capture(const clang::LambdaExpr* lambda) { ctx_.out().warn(lambda->getBeginLoc(), warning::capture_not_rewritable); }

  // `ref.data()`, written out in the main file: the call; else null.
  const clang::Expr* data_call_on(const clang::DeclRefExpr* ref) {
    auto& ast = ctx_.ast();
    auto up = ast.getParents(*ref);
    const clang::Stmt* member = up.empty() ? nullptr : up[0].get<clang::Stmt>();
    if (const auto* m = llvm::dyn_cast_or_null<clang::MemberExpr>(member)) {
      if (m->getMemberNameInfo().getAsString() != "data") return nullptr;
    } else if (const auto* d = llvm::dyn_cast_or_null<clang::CXXDependentScopeMemberExpr>(member)) {
      if (d->getMemberNameInfo().getAsString() != "data") return nullptr;
    } else {
      return nullptr;
    }
    up = ast.getParents(*member);
    const auto* call = up.empty() ? nullptr : up[0].get<clang::CallExpr>();
    if (!call || call->getNumArgs() != 0 || call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID()) return nullptr;
    return call;
  }

  bool function_has_goto(const clang::LambdaExpr* lambda) {
    const clang::FunctionDecl* f = ctx_.enclosing_function(lambda);
    if (!f || !f->hasBody()) return false;
    struct finder : clang::RecursiveASTVisitor<finder> {
      bool found = false;
      bool VisitGotoStmt(clang::GotoStmt*) { return !(found = true); }
      bool VisitIndirectGotoStmt(clang::IndirectGotoStmt*) { return !(found = true); }
    } look;
    look.TraverseStmt(f->getBody());
    return look.found;
  }

  // The statement that declares `var`, where a line can follow it: alone in a block of the main file.
  const clang::DeclStmt* declaration_statement(const clang::ValueDecl* var) {
    auto parents = ctx_.ast().getParents(*var);
    const clang::DeclStmt* d = parents.empty() ? nullptr : parents[0].get<clang::DeclStmt>();
    if (!d || !block_of(d) || d->getBeginLoc().isMacroID() || d->getEndLoc().isMacroID() ||
        !ctx_.out().in_main_file(d->getBeginLoc()) || !ctx_.starts_line(d->getBeginLoc()))
      return nullptr;
    return d;
  }

  const clang::CompoundStmt* block_of(const clang::Stmt* s) {
    auto parents = ctx_.ast().getParents(*s);
    return parents.empty() ? nullptr : parents[0].get<clang::CompoundStmt>();
  }

  // A view of the same array made earlier in an enclosing block, before this statement.
  const made_view* find_earlier(const clang::ValueDecl* var, const clang::CompoundStmt* block, unsigned offset) {
    auto& ast = ctx_.ast();
    for (const clang::Stmt* b = block; b;) {
      for (const auto& m : made_) {
        if (m.array == var && m.scope == b && m.offset <= offset) return &m;
      }
      auto parents = ast.getParents(*b);
      b = nullptr;
      for (const auto& p : parents) {
        for (const clang::Stmt* s = p.get<clang::Stmt>(); s;) {
          if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s)) {
            b = c;
            break;
          }
          auto up = ast.getParents(*s);
          s = up.empty() ? nullptr : up[0].get<clang::Stmt>();
        }
        if (b) break;
      }
    }
    return nullptr;
  }

  // name, or name2, name3, ...: a word the enclosing function does not use yet.
  std::string fresh_name(const std::string& base, const clang::LambdaExpr* lambda) {
    std::string scope_text;
    if (const auto* f = ctx_.enclosing_function(lambda)) scope_text = ctx_.text(f->getSourceRange());
    else scope_text = ctx_.text(lambda->getSourceRange());
    for (int n = 1;; ++n) {
      const std::string name = n == 1 ? base : base + std::to_string(n);
      bool taken = false;
      for (const auto& m : made_) taken = taken || (m.name == name && m.function == ctx_.enclosing_function(lambda));
      const std::regex word("\\b" + name + "\\b");
      if (!taken && !std::regex_search(scope_text, word)) return name;
    }
  }

  std::set<unsigned> seen_;
  std::vector<made_view> made_;
};

}  // namespace

std::unique_ptr<rule> make_array_capture_rule(port_context& ctx) { return std::make_unique<array_capture>(ctx); }

}  // namespace tessera::port
