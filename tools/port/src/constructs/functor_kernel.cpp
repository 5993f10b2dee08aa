// A function object launched as a kernel (parallel_for_each(e, my_kernel{...})). Its operator() is an amp
// function, which the restrict_function rule converts; what nvcc cannot launch is a class local to a
// function or private to another class (008), and an array held as a member, which a GPU launch does
// not carry (002). Both are warned about at the launch.
#include "../amp_types.hpp"
#include "rule.hpp"

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

class functor_kernel final : public rule {
 public:
  using rule::rule;

  void add_matchers(MatchFinder& finder) override {
    finder.addMatcher(traverse(clang::TK_IgnoreUnlessSpelledInSource,
                               callExpr(callee(functionDecl(hasName("parallel_for_each")))).bind("launch")),
                      this);
  }

  void run(const MatchFinder::MatchResult& result) override {
    const auto* launch = result.Nodes.getNodeAs<clang::CallExpr>("launch");
    if (!launch || launch->getNumArgs() == 0 || !ctx_.out().in_main_file(launch->getBeginLoc())) return;
    const clang::Expr* kernel = launch->getArg(launch->getNumArgs() - 1)->IgnoreParenImpCasts();
    const auto* record = kernel->getType()->getAsCXXRecordDecl();
    if (!record || record->isLambda()) return;
    auto& out = ctx_.out();
    if (record->isLocalClass() || record->getAccess() == clang::AS_private || record->getAccess() == clang::AS_protected)
      out.warn(launch->getBeginLoc(), warning::local_functor_kernel);
    for (const auto* field : record->fields()) {
      if (as_amp_array(field->getType())) {
        out.warn(launch->getBeginLoc(), warning::array_through_object);
        break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<rule> make_functor_kernel_rule(port_context& ctx) { return std::make_unique<functor_kernel>(ctx); }

}  // namespace tessera::port
