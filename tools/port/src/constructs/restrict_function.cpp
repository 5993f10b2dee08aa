// restrict(amp) and restrict(amp, cpu) on a function: free functions, member functions, operators,
// constructors and conversions, declarations and definitions alike (nvcc wants the same execution space
// on every declaration). `float f(float x) restrict(amp)` becomes `restrict_amp float f(float x)`: in front,
// like any specifier, after the template header. restrict(cpu) alone stays: <amp.h> still reads it, and
// a host function needs nothing. A member function of a class local to amp code, written without a
// restriction, is amp code in C++ AMP; nvcc would make it host code, which the kernel then calls in vain:
// it gets `restrict_amp` too.
#include "rule.hpp"

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

class restrict_function final : public rule {
 public:
  using rule::rule;

  void add_matchers(MatchFinder& finder) override {
    finder.addMatcher(traverse(clang::TK_IgnoreUnlessSpelledInSource,
                               functionDecl(unless(isImplicit()), unless(cxxMethodDecl(ofClass(isLambda()))))
                                   .bind("function")),
                      this);
  }

  void run(const MatchFinder::MatchResult& result) override {
    const auto* function = result.Nodes.getNodeAs<clang::FunctionDecl>("function");
    if (!function || !ctx_.out().in_main_file(function->getLocation())) return;
    const restrict_site* site = ctx_.restriction_of(function);
    auto& out = ctx_.out();
    const auto& sm = ctx_.sources();
    if (!site && member_of_a_class_local_to_amp_code(function)) {
      const clang::SourceLocation start = function->getInnerLocStart();
      if (start.isMacroID() || !out.in_main_file(start)) return;
      out.insert(start, "restrict_amp ");
      out.count(construct::restrict_function);
      return;
    }
    if (!site || site->ported || !site->amp) return;
    const clang::SourceLocation start = sm.getSpellingLoc(function->getInnerLocStart());
    if (!site->spelled_directly || sm.getFileID(start) != sm.getFileID(site->spell_begin) || !out.in_main_file(start)) {
      out.warn(site->expansion, warning::restrict_in_macro);
      return;
    }
    out.insert(start, "restrict_amp ");
    out.remove_with_leading_blanks(site->spell_begin, site->spell_end);
    out.count(construct::restrict_function);
  }

 private:
  bool member_of_a_class_local_to_amp_code(const clang::FunctionDecl* function) const {
    const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(function);
    return method && !method->isDefaulted() && !method->isDeleted() &&
           ctx_.inside_amp_code(method->getParent()->getDeclContext());
  }
};

}  // namespace

std::unique_ptr<rule> make_restrict_function_rule(port_context& ctx) { return std::make_unique<restrict_function>(ctx); }

}  // namespace tessera::port
