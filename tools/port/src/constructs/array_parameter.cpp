// An array taken by reference in amp code: `void f(index<1> i, array<float, 1>& a) restrict(amp)`,
// declarations and definitions. A ported kernel holds array_views, not arrays (array_capture.cpp), so
// where it called `f(i, a)` it passes a view: the parameter becomes `const array_view<float, 1>& a`, and
// `const array<float, 1>& a` becomes `const array_view<const float, 1>& a`. Amp code can use an array
// only through what an array_view has with the same meaning (indexing, extents, sections, projections,
// views), so the body is unchanged. A function that also runs on the CPU is converted only where its
// body uses the array as a view would (port_context::array_parameter_of): a host caller then passes a view
// of its array.
#include "rule.hpp"

#include <set>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

class array_parameter final : public rule {
 public:
  using rule::rule;

  void add_matchers(MatchFinder& finder) override {
    finder.addMatcher(traverse(clang::TK_IgnoreUnlessSpelledInSource,
                               functionDecl(unless(isImplicit())).bind("function")),
                      this);
  }

  void run(const MatchFinder::MatchResult& result) override {
    const auto* function = result.Nodes.getNodeAs<clang::FunctionDecl>("function");
    if (!function) return;
    auto& out = ctx_.out();
    for (const clang::ParmVarDecl* parameter : function->parameters()) {
      const auto p = ctx_.array_parameter_of(parameter);
      if (!p || !out.in_main_file(p->template_name) || !out.in_main_file(p->make_const)) continue;
      // One edit per spelling, however often a template is instantiated.
      if (!seen_.insert(p->template_name.getRawEncoding()).second) continue;
      out.insert(p->make_const, "const ");
      out.replace(p->template_name, 5, "array_view");
      out.count(construct::array_parameter);
    }
  }

 private:
  std::set<unsigned> seen_;
};

}  // namespace

std::unique_ptr<rule> make_array_parameter_rule(port_context& ctx) { return std::make_unique<array_parameter>(ctx); }

}  // namespace tessera::port
