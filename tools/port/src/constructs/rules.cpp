#include "rule.hpp"

namespace tessera::port {

void lambda_rule::add_matchers(clang::ast_matchers::MatchFinder& finder) {
  using namespace clang::ast_matchers;
  finder.addMatcher(traverse(clang::TK_IgnoreUnlessSpelledInSource, lambdaExpr().bind("lambda")), this);
}

void lambda_rule::run(const clang::ast_matchers::MatchFinder::MatchResult& result) {
  const auto* lambda = result.Nodes.getNodeAs<clang::LambdaExpr>("lambda");
  if (lambda && ctx_.out().in_main_file(lambda->getBeginLoc())) on_lambda(lambda);
}

std::vector<std::unique_ptr<rule>> make_rules(port_context& ctx) {
  std::vector<std::unique_ptr<rule>> rules;
  rules.push_back(make_restrict_function_rule(ctx));
  rules.push_back(make_restrict_lambda_rule(ctx));
  rules.push_back(make_macro_lambda_rule(ctx));
  rules.push_back(make_array_capture_rule(ctx));
  rules.push_back(make_array_parameter_rule(ctx));
  rules.push_back(make_member_access_rule(ctx));
  rules.push_back(make_local_type_rule(ctx));
  rules.push_back(make_functor_kernel_rule(ctx));
  rules.push_back(make_cuda_names_rule(ctx));
  return rules;
}

}  // namespace tessera::port
