// One construct of C++ AMP that nvcc does not take as it is: its AST matcher and its rewrite, in a file of
// its own (constructs/*.cpp). A rule edits the main file through port_context::out() and counts what it
// converted; what it cannot convert it leaves in place with a numbered warning.
#pragma once

#include "../port_context.hpp"

#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <memory>
#include <vector>

namespace tessera::port {

class rule : public clang::ast_matchers::MatchFinder::MatchCallback {
 public:
  explicit rule(port_context& ctx) : ctx_(ctx) {}
  virtual void add_matchers(clang::ast_matchers::MatchFinder& finder) = 0;
  // After every match: for what the AST does not show (macro definitions).
  virtual void finish() {}

 protected:
  port_context& ctx_;
};

// A rule about lambdas: one matcher for every lambda spelled in the source; on_lambda sees those written
// in the main file.
class lambda_rule : public rule {
 public:
  using rule::rule;
  void add_matchers(clang::ast_matchers::MatchFinder& finder) final;
  void run(const clang::ast_matchers::MatchFinder::MatchResult& result) final;

 protected:
  virtual void on_lambda(const clang::LambdaExpr* lambda) = 0;
};

// Every rule, in the order their edits are made.
std::vector<std::unique_ptr<rule>> make_rules(port_context& ctx);

std::unique_ptr<rule> make_restrict_lambda_rule(port_context& ctx);
std::unique_ptr<rule> make_macro_lambda_rule(port_context& ctx);
std::unique_ptr<rule> make_restrict_function_rule(port_context& ctx);
std::unique_ptr<rule> make_array_capture_rule(port_context& ctx);
std::unique_ptr<rule> make_array_parameter_rule(port_context& ctx);
std::unique_ptr<rule> make_member_access_rule(port_context& ctx);
std::unique_ptr<rule> make_local_type_rule(port_context& ctx);
std::unique_ptr<rule> make_functor_kernel_rule(port_context& ctx);
std::unique_ptr<rule> make_cuda_names_rule(port_context& ctx);

}  // namespace tessera::port
