// A kernel that captures a variable whose type is local to the enclosing function (a struct declared in
// the function, or an array_view of one): nvcc refuses it. The type moves, text unchanged, to namespace
// scope just before the function, where it means the same as long as it names nothing else local to the
// function, its name is free at namespace scope, and the function is a plain (non-member, non-template)
// function; otherwise a numbered warning (006).
#include "rule.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <set>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

// The first type local to a function that t is made of (itself, a template argument, a pointee).
const clang::TagDecl* local_type_in(clang::QualType t, int depth = 0) {
  if (t.isNull() || depth > 8) return nullptr;
  t = t.getNonReferenceType();
  if (const auto* p = t->getAs<clang::PointerType>()) return local_type_in(p->getPointeeType(), depth + 1);
  if (const auto* a = t->getAsArrayTypeUnsafe()) return local_type_in(a->getElementType(), depth + 1);
  const auto* tag = t->getAsTagDecl();
  if (!tag) return nullptr;
  if (tag->getParentFunctionOrMethod() && !(llvm::isa<clang::CXXRecordDecl>(tag) && llvm::cast<clang::CXXRecordDecl>(tag)->isLambda()))
    return tag;
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(tag)) {
    for (const auto& arg : spec->getTemplateArgs().asArray())
      if (arg.getKind() == clang::TemplateArgument::Type)
        if (const auto* inner = local_type_in(arg.getAsType(), depth + 1)) return inner;
  }
  return nullptr;
}

// Whether the type's definition names a declaration local to the function (other than its own members).
class names_locals : public clang::RecursiveASTVisitor<names_locals> {
 public:
  names_locals(const clang::TagDecl* type, const clang::SourceManager& sm) : type_(type), sm_(sm) {}
  bool found = false;
  bool local(const clang::Decl* d) {
    if (!d || !d->getParentFunctionOrMethod()) return false;
    const auto r = type_->getSourceRange();
    const auto at = d->getLocation();
    return !(sm_.isBeforeInTranslationUnit(r.getBegin(), at) && sm_.isBeforeInTranslationUnit(at, r.getEnd()));
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (local(e->getDecl())) found = true;
    return !found;
  }
  bool VisitTypeLoc(clang::TypeLoc tl) {
    if (const auto* tag = tl.getType()->getAsTagDecl(); tag && tag != type_ && local(tag)) found = true;
    if (const auto* td = tl.getType()->getAs<clang::TypedefType>(); td && local(td->getDecl())) found = true;
    return !found;
  }

 private:
  const clang::TagDecl* type_;
  const clang::SourceManager& sm_;
};

class local_type final : public lambda_rule {
 public:
  using lambda_rule::lambda_rule;

  void on_lambda(const clang::LambdaExpr* lambda) override {
    if (!ctx_.is_kernel(lambda)) return;
    for (const clang::LambdaCapture& c : lambda->captures()) {
      if (!c.capturesVariable()) continue;
      const clang::TagDecl* tag = local_type_in(c.getCapturedVar()->getType());
      if (!tag || done_.count(tag)) continue;
      if (!move(tag)) ctx_.out().warn(lambda->getBeginLoc(), warning::local_type_captured);
    }
  }

 private:
  bool move(const clang::TagDecl* tag) {
    auto& out = ctx_.out();
    const auto& sm = ctx_.sources();
    const auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(tag->getParentFunctionOrMethod());
    if (!f || llvm::isa<clang::CXXMethodDecl>(f) || f->isTemplated() || !tag->getIdentifier()) return false;
    if (!llvm::isa<clang::NamespaceDecl>(f->getDeclContext()) && !llvm::isa<clang::TranslationUnitDecl>(f->getDeclContext()))
      return false;
    const clang::SourceLocation begin = tag->getBeginLoc();
    const clang::SourceLocation fn_begin = f->getDescribedFunctionTemplate() ? f->getDescribedFunctionTemplate()->getBeginLoc()
                                                                             : f->getOuterLocStart();
    if (begin.isMacroID() || fn_begin.isMacroID() || !out.in_main_file(begin) || !out.in_main_file(fn_begin)) return false;
    // The name must be free in the namespace the function is in.
    const auto* ns = f->getDeclContext()->getRedeclContext();
    if (!ns->lookup(tag->getDeclName()).empty() || moved_names_.count(tag->getName().str())) return false;
    names_locals check(tag, sm);
    check.TraverseDecl(const_cast<clang::TagDecl*>(tag));
    if (check.found) return false;

    // The declaration's text through its ";", and the whole lines when it stands on lines of its own. A
    // definition that also declares variables (`const struct S { ... } s(a, b);`) moves without them: its
    // text through the closing brace, and the variables stay, now of the type named (`const struct S s(a, b);`).
    const bool declares_variables = tag->isEmbeddedInDeclarator();
    const clang::SourceLocation end = declares_variables ? clang::Lexer::getLocForEndOfToken(tag->getBraceRange().getEnd(), 0, sm,
                                                                                                ctx_.ast().getLangOpts())
                                                         : ctx_.end_of_declaration(tag);
    if (end.isInvalid() || end.isMacroID()) return false;
    const llvm::StringRef buffer = sm.getBufferData(sm.getFileID(begin));
    unsigned from = sm.getFileOffset(begin);
    unsigned to = sm.getFileOffset(end);
    // Its lines lose the indentation of the function's body, so that the moved text sits at namespace scope.
    const std::string indent = ctx_.indent_of(begin);
    std::string text;
    for (llvm::StringRef rest = buffer.substr(from, to - from); !rest.empty();) {
      auto [line, tail] = rest.split('\n');
      if (!text.empty()) {
        text += '\n';
        line.consume_front(indent);
      }
      text += line.str();
      rest = tail;
    }
    if (declares_variables) {
      text += ";";
      out.replace(sm.getComposedLoc(sm.getFileID(begin), from), to - from, tag->getKindName().str() + " " + tag->getName().str());
    } else if (ctx_.starts_line(begin)) {
      while (from > 0 && (buffer[from - 1] == ' ' || buffer[from - 1] == '\t')) --from;
      unsigned after = to;
      while (after < buffer.size() && (buffer[after] == ' ' || buffer[after] == '\t')) ++after;
      if (after < buffer.size() && buffer[after] == '\n') to = after + 1;
    }
    if (!declares_variables) out.replace(sm.getComposedLoc(sm.getFileID(begin), from), to - from, "");
    out.insert(fn_begin, text + "\n\n");
    out.count(construct::local_type);
    done_.insert(tag);
    moved_names_.insert(tag->getName().str());
    return true;
  }

  std::set<const clang::TagDecl*> done_;
  std::set<std::string> moved_names_;
};

}  // namespace

std::unique_ptr<rule> make_local_type_rule(port_context& ctx) { return std::make_unique<local_type>(ctx); }

}  // namespace tessera::port
