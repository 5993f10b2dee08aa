// restrict(amp) on a kernel lambda inside a macro's definition that this file never expands: a header of
// launch helpers such as `#define RUN_ON(av, f) parallel_for_each(av, e, [=](index<1> i) restrict(amp) {
// ... })`, ported on its own. There is no AST of the lambda, so the definition's tokens say where it is
// (restrict_sites.hpp), and the edit is restrict_lambda.cpp's: `[=] restrict_amp (index<1> i)`. A capture
// list that is exactly `[&]` becomes `[=]`: nvcc refuses any by-reference default in a device lambda, even
// one that captures nothing, and amp code may capture nothing but arrays by reference (an expansion that
// captures an array must pass an array_view of it instead, as docs/porting.md says). A macro the file
// expands is left to restrict_lambda.cpp, which sees its lambdas (and whether one is nested in amp code,
// where the restriction is dropped instead).
#include "rule.hpp"

namespace tessera::port {
namespace {

class macro_lambda final : public rule {
 public:
  using rule::rule;

  void add_matchers(clang::ast_matchers::MatchFinder&) override {}
  void run(const clang::ast_matchers::MatchFinder::MatchResult&) override {}

  void finish() override {
    auto& out = ctx_.out();
    const auto& sm = ctx_.sources();
    for (const macro_lambda_site& site : ctx_.sites().macro_lambdas()) {
      const restrict_site& r = site.restriction;
      bool expanded = false;
      for (const restrict_site& s : ctx_.sites().all()) expanded = expanded || s.spell_begin == r.spell_begin;
      if (expanded || !out.in_main_file(site.parameters)) continue;
      const llvm::StringRef buffer = sm.getBufferData(sm.getFileID(site.parameters));
      const unsigned at = sm.getFileOffset(site.parameters);
      const bool blank_before = at > 0 && (buffer[at - 1] == ' ' || buffer[at - 1] == '\t');
      out.insert(site.parameters, blank_before ? "restrict_amp " : " restrict_amp ");
      out.remove_with_leading_blanks(r.spell_begin, r.spell_end);
      out.count(construct::macro_lambda);
      if (site.reference_default.isValid()) {
        out.replace(site.reference_default, 1, "=");
        out.count(construct::reference_capture);
      }
    }
  }
};

}  // namespace

std::unique_ptr<rule> make_macro_lambda_rule(port_context& ctx) { return std::make_unique<macro_lambda>(ctx); }

}  // namespace tessera::port
