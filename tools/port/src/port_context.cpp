#include "port_context.hpp"

#include "amp_types.hpp"
#include "array_uses.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <clang/Lex/Lexer.h>

namespace tessera::port {
namespace {

// The first token at paren depth 0, from loc on, that is one of ";", "{", "=" or a lone ":" (where a
// declaration without a body, or a declarator, ends).
clang::SourceLocation scan_to_declaration_end(clang::SourceLocation loc, const clang::SourceManager& sm,
                                              const clang::LangOptions& lang) {
  int depth = 0;
  for (int guard = 0; guard < 4096 && loc.isValid(); ++guard) {
    clang::Token tok;
    if (clang::Lexer::getRawToken(loc, tok, sm, lang, /*IgnoreWhiteSpace=*/true)) return {};
    switch (tok.getKind()) {
      case clang::tok::l_paren: case clang::tok::l_square: ++depth; break;
      case clang::tok::r_paren: case clang::tok::r_square: --depth; break;
      case clang::tok::semi: case clang::tok::l_brace: case clang::tok::equal: case clang::tok::colon:
        if (depth <= 0) return tok.getLocation();
        break;
      case clang::tok::eof: return {};
      default: break;
    }
    loc = tok.getEndLoc();
  }
  return {};
}

}  // namespace

const restrict_site* port_context::restriction_of(const clang::LambdaExpr* lambda) const {
  const clang::CXXMethodDecl* call = lambda->getCallOperator();
  const clang::CompoundStmt* body = lambda->getCompoundStmtBody();
  if (!call || !body) return nullptr;
  // After the parameter list (C++ AMP's place), or between the capture list and the parameter list
  // (restrict_amp's place, in source already ported).
  clang::SourceLocation after = lambda->getIntroducerRange().getEnd();
  if (const auto* tsi = call->getTypeSourceInfo()) {
    if (auto fn = tsi->getTypeLoc().getAsAdjusted<clang::FunctionTypeLoc>(); fn && fn.getRParenLoc().isValid()) {
      if (const auto* s = sites_.between(fn.getRParenLoc(), body->getLBracLoc())) return s;
      if (fn.getLParenLoc().isValid()) return sites_.between(after, fn.getLParenLoc());
    }
  }
  return sites_.between(after, body->getLBracLoc());
}

const restrict_site* port_context::restriction_of(const clang::FunctionDecl* function) const {
  const clang::FunctionTypeLoc fn = function->getFunctionTypeLoc();
  if (!fn || fn.getRParenLoc().isInvalid()) return nullptr;
  clang::SourceLocation after = fn.getRParenLoc();
  clang::SourceLocation before;
  if (function->doesThisDeclarationHaveABody() && function->getBody()) {
    before = function->getBody()->getBeginLoc();
    if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(function)) {
      for (const auto* init : ctor->inits())
        if (init->isWritten() && init->getSourceLocation().isValid()) {
          // The ":" before the first initializer bounds the declarator.
          before = init->getSourceLocation();
          break;
        }
    }
  } else {
    const auto& sm = sources();
    const clang::SourceLocation from = after.isMacroID() ? sm.getSpellingLoc(after) : after;
    before = scan_to_declaration_end(from.getLocWithOffset(1), sm, ast_.getLangOpts());
    if (before.isInvalid()) return nullptr;
    // Past restrict(...) itself: the scan stops at the declarator's end, which lies after the specifier.
  }
  if (const auto* s = sites_.between(after, before)) return s;
  // restrict_amp in front, in source already ported.
  const clang::SourceLocation start = function->getInnerLocStart();
  if (start.isValid() && !start.isMacroID() && sources().getFileOffset(start) > 0)
    return sites_.between(start.getLocWithOffset(-1), function->getLocation());
  return nullptr;
}

bool port_context::is_amp(const clang::LambdaExpr* lambda) const {
  const auto* s = restriction_of(lambda);
  return s && s->amp;
}

bool port_context::is_amp(const clang::FunctionDecl* function) const {
  // A lambda's call operator too: its restriction sits between its parameter list and its body.
  for (const clang::FunctionDecl* d : function->redecls()) {
    const auto* s = restriction_of(d);
    if (s && s->amp) return true;
  }
  return false;
}

std::optional<port_context::array_parameter> port_context::array_parameter_of(const clang::ParmVarDecl* parameter) const {
  if (!parameter || !parameter->getType()->isLValueReferenceType() || !names_amp_array(parameter->getType())) return {};
  const auto* function = llvm::dyn_cast<clang::FunctionDecl>(parameter->getDeclContext());
  if (!function) return {};
  const restrict_site* site = nullptr;
  for (const clang::FunctionDecl* d : function->redecls())
    if ((site = restriction_of(d)) != nullptr) break;
  if (!site || !site->amp) return {};
  // A function that also runs on the CPU may be handed a real array by a host caller (it then gets a view
  // of it) and may use members only an array has: converted where its definition uses the array as a view
  // would, or is in another file (body_takes_a_view).
  if (site->cpu && !body_takes_a_view(function, parameter->getFunctionScopeIndex())) return {};
  const auto* tsi = parameter->getTypeSourceInfo();
  if (!tsi) return {};
  // Down to array<...> as written: through the reference, const and a namespace qualifier.
  clang::TypeLoc tl = tsi->getTypeLoc().getAs<clang::ReferenceTypeLoc>().getPointeeLoc();
  const clang::SourceLocation type_begin = tl.getBeginLoc();
  bool is_const = false;
  for (int guard = 0; guard < 8 && tl; ++guard) {
    if (auto q = tl.getAs<clang::QualifiedTypeLoc>()) {
      is_const = is_const || q.getType().isLocalConstQualified();
      tl = q.getUnqualifiedLoc();
    } else if (auto e = tl.getAs<clang::ElaboratedTypeLoc>()) {
      tl = e.getNamedTypeLoc();
    } else {
      break;
    }
  }
  auto spec = tl.getAs<clang::TemplateSpecializationTypeLoc>();
  if (!spec || spec.getNumArgs() != 2) return {};
  array_parameter p;
  p.template_name = spec.getTemplateNameLoc();
  p.make_const = is_const ? spec.getArgLoc(0).getSourceRange().getBegin() : type_begin;
  // Written out (not through a macro or an alias of its own), so that the file declaring it, ported,
  // changes it.
  if (p.template_name.isMacroID() || p.make_const.isMacroID() ||
      text(clang::SourceRange(p.template_name, p.template_name)) != "array")
    return {};
  return p;
}

bool port_context::body_takes_a_view(const clang::FunctionDecl* function, unsigned position) const {
  // Every declaration must be the program's own (ported too), not a system or library header's, so that
  // the files that declare it and the file that defines it all make the same change.
  const auto& sm = sources();
  for (const clang::FunctionDecl* d : function->redecls())
    if (sm.isInSystemHeader(sm.getSpellingLoc(d->getLocation()))) return false;
  // Defined in another file (a header declares it, each test defines it): the body is amp code too, and
  // amp code reaches an array only through what a view has with the same meaning; the file that defines
  // it, ported, sees the body and makes the same decision.
  const clang::FunctionDecl* definition = function->getDefinition();
  if (!definition || !definition->getBody()) return true;
  if (position >= definition->getNumParams()) return false;
  // Amp code cannot recurse; the depth only bounds a walk through calls that pass the array on.
  if (array_parameter_depth_ > 8) return false;
  struct depth_guard {
    int& depth;
    explicit depth_guard(int& d) : depth(d) { ++depth; }
    ~depth_guard() { --depth; }
  } guard(array_parameter_depth_);
  class uses : public clang::RecursiveASTVisitor<uses> {
   public:
    uses(const port_context& ctx, const clang::ParmVarDecl* parameter) : ctx_(ctx), parameter_(parameter) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
      if (e->getDecl() == parameter_ && !view_can_stand_in(ctx_, e)) fine = false;
      return fine;
    }
    bool fine = true;

   private:
    const port_context& ctx_;
    const clang::ParmVarDecl* parameter_;
  } walk(*this, definition->getParamDecl(position));
  walk.TraverseStmt(definition->getBody());
  return walk.fine;
}

const clang::FunctionDecl* port_context::enclosing_function(const clang::LambdaExpr* lambda) const {
  const clang::DeclContext* dc = lambda->getLambdaClass()->getDeclContext();
  for (; dc; dc = dc->getParent()) {
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc)) {
      const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f);
      if (m && m->getParent()->isLambda()) continue;
      return f;
    }
    if (llvm::isa<clang::NamespaceDecl>(dc) || llvm::isa<clang::TranslationUnitDecl>(dc)) return nullptr;
  }
  return nullptr;
}

bool port_context::inside_amp_code(const clang::LambdaExpr* lambda) const {
  return inside_amp_code(lambda->getLambdaClass()->getDeclContext());
}

bool port_context::inside_amp_code(const clang::DeclContext* context) const {
  // Enclosing lambdas are the call operators of their closure classes; the walk stops at the first
  // named function.
  for (const clang::DeclContext* dc = context; dc; dc = dc->getParent()) {
    const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc);
    if (!f) continue;
    if (is_amp(f)) return true;
    const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f);
    if (!(m && m->getParent()->isLambda())) return false;
  }
  return false;
}

std::string port_context::text(clang::SourceRange tokens) const {
  const auto range = clang::CharSourceRange::getTokenRange(tokens);
  return std::string(clang::Lexer::getSourceText(range, sources(), ast_.getLangOpts()));
}

bool port_context::starts_line(clang::SourceLocation loc) const {
  const auto& sm = sources();
  const auto spelled = sm.getSpellingLoc(loc);
  const llvm::StringRef buffer = sm.getBufferData(sm.getFileID(spelled));
  unsigned offset = sm.getFileOffset(spelled);
  while (offset > 0 && (buffer[offset - 1] == ' ' || buffer[offset - 1] == '\t')) --offset;
  return offset == 0 || buffer[offset - 1] == '\n';
}

std::string port_context::indent_of(clang::SourceLocation loc) const {
  const auto& sm = sources();
  const auto spelled = sm.getSpellingLoc(loc);
  const llvm::StringRef buffer = sm.getBufferData(sm.getFileID(spelled));
  const unsigned offset = sm.getFileOffset(spelled);
  const size_t nl = offset == 0 ? llvm::StringRef::npos : buffer.rfind('\n', offset - 1);
  const unsigned start = nl == llvm::StringRef::npos ? 0 : nl + 1;
  std::string indent;
  for (unsigned i = start; i < buffer.size() && (buffer[i] == ' ' || buffer[i] == '\t'); ++i) indent += buffer[i];
  return indent;
}

clang::SourceLocation port_context::end_of_declaration(const clang::Decl* d) const {
  const auto& sm = sources();
  clang::SourceLocation end = sm.getSpellingLoc(d->getEndLoc());
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d); f && f->doesThisDeclarationHaveABody())
    return clang::Lexer::getLocForEndOfToken(end, 0, sm, ast_.getLangOpts());
  // A declaration ends at its ";".
  auto next = clang::Lexer::findNextToken(end, sm, ast_.getLangOpts());
  while (next && next->isNot(clang::tok::semi) && next->isNot(clang::tok::eof))
    next = clang::Lexer::findNextToken(next->getLocation(), sm, ast_.getLangOpts());
  if (next && next->is(clang::tok::semi)) return next->getEndLoc();
  return clang::Lexer::getLocForEndOfToken(end, 0, sm, ast_.getLangOpts());
}

}  // namespace tessera::port
