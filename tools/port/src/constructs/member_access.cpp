// nvcc's rules for where a kernel lambda may be defined (an "extended lambda"): its enclosing function
// must be one nvcc can name from outside, so not a private or protected member function, nor a member of
// a private, unnamed or local class; nor inside a generic lambda, nor in a function with a deduced return
// type. A private or protected member function is made public where it is declared (the access
// specifier it had is restored right after it): access decides only which code may call the function,
// so the program's meaning stays. The other cases are warned about (005, 007).
#include "rule.hpp"

#include <set>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

const char* spelling(clang::AccessSpecifier a) {
  return a == clang::AS_protected ? "protected:" : a == clang::AS_private ? "private:" : "public:";
}

class member_access final : public lambda_rule {
 public:
  using lambda_rule::lambda_rule;

  void on_lambda(const clang::LambdaExpr* lambda) override {
    if (!ctx_.is_kernel(lambda)) return;
    auto& out = ctx_.out();
    // Enclosing lambdas: none may be generic.
    for (const clang::DeclContext* dc = lambda->getLambdaClass()->getDeclContext(); dc; dc = dc->getParent()) {
      const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(dc);
      if (!m || !m->getParent()->isLambda()) break;
      if (m->getParent()->isGenericLambda()) return out.warn(lambda->getBeginLoc(), warning::kernel_in_unsupported_context);
    }
    const clang::FunctionDecl* f = ctx_.enclosing_function(lambda);
    if (!f) return;
    if (f->getDeclaredReturnType()->getContainedDeducedType())
      return out.warn(lambda->getBeginLoc(), warning::kernel_in_unsupported_context);
    const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(f);
    if (!method) return;
    if (method->getParent()->isLocalClass()) return out.warn(lambda->getBeginLoc(), warning::kernel_in_unsupported_context);
    // Every enclosing class must be named and reachable.
    for (const clang::CXXRecordDecl* r = method->getParent(); r;) {
      if (!r->getIdentifier()) return out.warn(lambda->getBeginLoc(), warning::kernel_in_hidden_member);
      const auto* outer = llvm::dyn_cast<clang::CXXRecordDecl>(r->getDeclContext());
      if (outer && r->getAccess() != clang::AS_public) return out.warn(lambda->getBeginLoc(), warning::kernel_in_hidden_member);
      r = outer;
    }
    const auto* declared = llvm::cast<clang::CXXMethodDecl>(method->getCanonicalDecl());
    const clang::AccessSpecifier access = declared->getAccess();
    if (access == clang::AS_public || access == clang::AS_none) return;
    const clang::Decl* whole = declared->getDescribedFunctionTemplate()
                                   ? static_cast<const clang::Decl*>(declared->getDescribedFunctionTemplate())
                                   : declared;
    const clang::SourceLocation begin = whole->getBeginLoc();
    if (begin.isMacroID() || !out.in_main_file(begin)) return out.warn(lambda->getBeginLoc(), warning::kernel_in_hidden_member);
    if (!done_.insert(declared).second) return;
    const clang::SourceLocation end = ctx_.end_of_declaration(declared);
    out.insert_first(begin, "public: ");
    out.insert(end, std::string(" ") + spelling(access));
    out.count(construct::member_access);
  }

 private:
  std::set<const clang::Decl*> done_;
};

}  // namespace

std::unique_ptr<rule> make_member_access_rule(port_context& ctx) { return std::make_unique<member_access>(ctx); }

}  // namespace tessera::port
