// Names nvcc declares in every translation unit (vector_types.h, included before the first line): the
// vector types char1 ... double4 and dim3. A C++ AMP program that declares its own at global scope (an
// n-body sample's struct float3) does not compile with nvcc: "float3 has already been defined". Renaming
// a type through a whole program is left to its author; the declaration gets a warning (011).
#include "rule.hpp"

#include <cstring>
#include <string>

namespace tessera::port {
namespace {

using namespace clang::ast_matchers;

bool cuda_declares(llvm::StringRef name) {
  if (name == "dim3") return true;
  static const char* const bases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                      "longlong", "ulonglong", "float", "double"};
  for (const char* base : bases) {
    if (!name.startswith(base)) continue;
    const llvm::StringRef rest = name.drop_front(std::strlen(base));
    if (rest.size() == 1 && rest[0] >= '1' && rest[0] <= '4') return true;
  }
  return false;
}

class cuda_names final : public rule {
 public:
  using rule::rule;

  void add_matchers(MatchFinder& finder) override {
    finder.addMatcher(namedDecl(anyOf(tagDecl(), typedefNameDecl()), hasDeclContext(translationUnitDecl())).bind("decl"), this);
  }

  void run(const MatchFinder::MatchResult& result) override {
    const auto* decl = result.Nodes.getNodeAs<clang::NamedDecl>("decl");
    if (!decl || !decl->getIdentifier() || !ctx_.out().in_main_file(decl->getLocation())) return;
    if (!cuda_declares(decl->getName())) return;
    if (const auto* tag = llvm::dyn_cast<clang::TagDecl>(decl); tag && !tag->isThisDeclarationADefinition()) return;
    ctx_.out().warn(decl->getBeginLoc(), warning::cuda_global_name);
  }
};

}  // namespace

std::unique_ptr<rule> make_cuda_names_rule(port_context& ctx) { return std::make_unique<cuda_names>(ctx); }

}  // namespace tessera::port
