#include "amp_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Lex/Lexer.h>

namespace tessera::port {

namespace {

bool in_tessera(const clang::Decl* d) {
  const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d->getDeclContext());
  return ns && ns->getName() == "tessera";
}

// The specialization tessera::<name><...> behind t, or null.
const clang::ClassTemplateSpecializationDecl* as_tessera_specialization(clang::QualType t, llvm::StringRef name) {
  if (t.isNull()) return nullptr;
  const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  return spec && spec->getName() == name && in_tessera(spec) ? spec : nullptr;
}

// t is tessera::<name><...>, or names it with a dependent argument inside a template (a specialization
// not yet made: only its name is known).
bool names_tessera_template(clang::QualType t, llvm::StringRef name) {
  if (t.isNull()) return false;
  if (as_tessera_specialization(t, name)) return true;
  const auto* spec = t.getNonReferenceType()->getAs<clang::TemplateSpecializationType>();
  if (!spec) return false;
  const auto* decl = spec->getTemplateName().getAsTemplateDecl();
  return decl && decl->getName() == name && in_tessera(decl);
}

}  // namespace

const clang::ClassTemplateSpecializationDecl* as_amp_array(clang::QualType t) { return as_tessera_specialization(t, "array"); }

bool names_amp_array(clang::QualType t) { return names_tessera_template(t, "array"); }

bool names_amp_array_view(clang::QualType t) { return names_tessera_template(t, "array_view"); }

namespace {

struct view_parts {
  std::string element;
  std::string rank;
};

view_parts parts_of(clang::QualType t, clang::TypeLoc written, const clang::ASTContext& ast) {
  std::string element;
  std::string rank;
  // As written: strip qualifiers, references and the namespace, down to array<...>.
  for (clang::TypeLoc tl = written; tl && element.empty();) {
    if (auto q = tl.getAs<clang::QualifiedTypeLoc>()) {
      tl = q.getUnqualifiedLoc();
    } else if (auto r = tl.getAs<clang::ReferenceTypeLoc>()) {
      tl = r.getPointeeLoc();
    } else if (auto e = tl.getAs<clang::ElaboratedTypeLoc>()) {
      tl = e.getNamedTypeLoc();
    } else if (auto s = tl.getAs<clang::TemplateSpecializationTypeLoc>()) {
      if (s.getNumArgs() == 2) {
        const auto& sm = ast.getSourceManager();
        auto text_of = [&](clang::SourceRange r) {
          return std::string(clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(r), sm, ast.getLangOpts()));
        };
        element = text_of(s.getArgLoc(0).getSourceRange());
        rank = text_of(s.getArgLoc(1).getSourceRange());
      }
      break;
    } else {
      break;
    }
  }
  if (element.empty()) {
    if (const auto* spec = as_amp_array(t)) {
      clang::PrintingPolicy policy(ast.getLangOpts());
      policy.SuppressTagKeyword = true;
      const auto& args = spec->getTemplateArgs();
      element = args[0].getAsType().getUnqualifiedType().getAsString(policy);
      rank = std::to_string(args[1].getAsIntegral().getExtValue());
    }
  }
  if (element.rfind("const ", 0) == 0) element = element.substr(6);
  return {element, rank};
}

}  // namespace

std::string view_type_for(clang::QualType t, clang::TypeLoc written, const clang::ASTContext& ast) {
  const bool is_const = t.getNonReferenceType().isConstQualified();
  const view_parts v = parts_of(t, written, ast);
  return "concurrency::array_view<" + std::string(is_const ? "const " : "") + v.element + ", " + v.rank + ">";
}

std::string view_rank_for(clang::QualType t, clang::TypeLoc written, const clang::ASTContext& ast) {
  return parts_of(t, written, ast).rank;
}

}  // namespace tessera::port
