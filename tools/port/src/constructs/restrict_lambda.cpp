// restrict(amp) on a lambda. nvcc accepts an execution space on a lambda only between the capture list and
// the parameter list, so a kernel's `[=](index<1> i) restrict(amp) {` becomes `[=] restrict_amp (index<1> i) {`.
// A lambda inside amp code is device code already, and nvcc refuses an extended lambda inside another:
// its restriction is dropped. Lambdas written whole inside one macro (its definition or one argument) are
// edited where they are spelled; a restriction that a macro of its own spells is warned about (001).
// A macro argument is expanded once per use: a lambda passed to a macro that calls it on the host and
// again inside a kernel (a test library's "invoke on CPU and GPU") is one text with two lambdas in the
// AST. One edit serves both, so it waits until every copy was seen; a copy inside amp code makes it a
// nested lambda, which host code calls as a plain lambda.
#include "rule.hpp"

#include <clang/Lex/Lexer.h>

#include <map>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

class restrict_lambda final : public lambda_rule {
 public:
  using lambda_rule::lambda_rule;

  void on_lambda(const clang::LambdaExpr* lambda) override {
    const restrict_site* site = ctx_.restriction_of(lambda);
    if (!site || site->ported || !site->amp) return;  // not amp code, or already in Tessera's dialect
    const bool nested = ctx_.inside_amp_code(lambda);
    if (ctx_.sources().isMacroArgExpansion(lambda->getBeginLoc())) {
      copies& c = in_macro_arguments_[ctx_.sources().getFileOffset(ctx_.sources().getSpellingLoc(site->spell_begin))];
      if (!c.first) c = copies{lambda, site, false};
      c.nested = c.nested || nested;
      return;
    }
    rewrite(lambda, site, nested);
  }

  void finish() override {
    for (const auto& [offset, c] : in_macro_arguments_) rewrite(c.first, c.site, c.nested);
    in_macro_arguments_.clear();
  }

 private:
  struct copies {
    const clang::LambdaExpr* first = nullptr;
    const restrict_site* site = nullptr;
    bool nested = false;
  };
  std::map<unsigned, copies> in_macro_arguments_;  // by the restriction's offset in the main file

  void rewrite(const clang::LambdaExpr* lambda, const restrict_site* site, bool nested) {
    auto& out = ctx_.out();
    if (!site->spelled_directly) {
      out.warn(site->expansion, warning::restrict_in_macro);
      return;
    }
    if (nested) {
      if (out.remove_with_leading_blanks(site->spell_begin, site->spell_end)) out.count(construct::restrict_nested_lambda);
      return;
    }
    const clang::CXXMethodDecl* call = lambda->getCallOperator();
    clang::FunctionTypeLoc fn;
    if (const auto* tsi = call->getTypeSourceInfo()) fn = tsi->getTypeLoc().getAsAdjusted<clang::FunctionTypeLoc>();
    const auto& sm = ctx_.sources();
    if (!lambda->hasExplicitParameters() || !fn || fn.getLParenLoc().isInvalid()) {
      out.warn(site->expansion, warning::restrict_in_macro);
      return;
    }
    // The "(" and the restriction must be spelled in one place, in that order.
    const clang::SourceLocation paren = sm.getSpellingLoc(fn.getLParenLoc());
    if (sm.getFileID(paren) != sm.getFileID(site->spell_begin) ||
        sm.getFileOffset(paren) > sm.getFileOffset(site->spell_begin) || !out.in_main_file(paren)) {
      out.warn(site->expansion, warning::restrict_in_macro);
      return;
    }
    const llvm::StringRef buffer = sm.getBufferData(sm.getFileID(paren));
    const unsigned at = sm.getFileOffset(paren);
    const bool blank_before = at > 0 && (buffer[at - 1] == ' ' || buffer[at - 1] == '\t' || buffer[at - 1] == '\n');
    out.insert(paren, blank_before ? "restrict_amp " : " restrict_amp ");
    out.remove_with_leading_blanks(site->spell_begin, site->spell_end);
    out.count(construct::restrict_lambda);
  }
};

}  // namespace

std::unique_ptr<rule> make_restrict_lambda_rule(port_context& ctx) { return std::make_unique<restrict_lambda>(ctx); }

}  // namespace tessera::port
