// What every construct sees while one translation unit is ported: the AST, the restriction specifiers
// the preprocessor saw, and the main file's edits and warnings; plus the questions several constructs
// ask (is this lambda a kernel, is this code amp code, what is the text here).
#pragma once

#include "file_port.hpp"
#include "restrict_sites.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <optional>
#include <string>

namespace tessera::port {

class port_context {
 public:
  port_context(clang::ASTContext& ast, const restrict_sites& sites, file_port& out)
      : ast_(ast), sites_(sites), out_(out) {}

  clang::ASTContext& ast() const { return ast_; }
  clang::SourceManager& sources() const { return ast_.getSourceManager(); }
  file_port& out() const { return out_; }
  const restrict_sites& sites() const { return sites_; }

  // The restriction written on a lambda (between its parameter list and its body) or on a function
  // (between its parameter list and its body, initializers or end); null when there is none.
  const restrict_site* restriction_of(const clang::LambdaExpr* lambda) const;
  const restrict_site* restriction_of(const clang::FunctionDecl* function) const;

  // amp code: a lambda or function restricted to amp (restrict(amp), restrict(amp, cpu), restrict_amp).
  bool is_amp(const clang::LambdaExpr* lambda) const;
  bool is_amp(const clang::FunctionDecl* function) const;
  // The lambda lies inside amp code (an amp lambda or an amp function encloses it).
  bool inside_amp_code(const clang::LambdaExpr* lambda) const;
  // Code declared in `context` (a local class's members, say) lies inside amp code.
  bool inside_amp_code(const clang::DeclContext* context) const;
  // A kernel: an amp lambda not nested in amp code.
  bool is_kernel(const clang::LambdaExpr* lambda) const { return is_amp(lambda) && !inside_amp_code(lambda); }
  // A parameter through which amp code takes an array by reference (`array<T, N>& a`, `const array<T, N>&
  // a` of a function restricted to amp; of one that also runs on the CPU only where its body uses the
  // array as a view would), spelled so that it can be rewritten: where its
  // type must change (array_parameter.cpp) and where a kernel may pass a view instead of the array
  // (array_capture.cpp). Null when the parameter stays as it is.
  struct array_parameter {
    clang::SourceLocation template_name;  // "array", to become "array_view"
    clang::SourceLocation make_const;     // where "const " goes: before the type, or before the element type
  };
  std::optional<array_parameter> array_parameter_of(const clang::ParmVarDecl* parameter) const;

  // The named function whose body holds the lambda, through any enclosing lambdas; null at namespace scope.
  const clang::FunctionDecl* enclosing_function(const clang::LambdaExpr* lambda) const;

  // The source text of a token range, as spelled.
  std::string text(clang::SourceRange tokens) const;
  // The text of the line holding loc, up to loc (blanks only: the statement starts its line).
  bool starts_line(clang::SourceLocation loc) const;
  std::string indent_of(clang::SourceLocation loc) const;
  // The location just past the end of a declaration: its ";" (or its body's "}").
  clang::SourceLocation end_of_declaration(const clang::Decl* d) const;

 private:
  bool body_takes_a_view(const clang::FunctionDecl* function, unsigned position) const;

  clang::ASTContext& ast_;
  const restrict_sites& sites_;
  file_port& out_;
  mutable int array_parameter_depth_ = 0;
};

}  // namespace tessera::port
