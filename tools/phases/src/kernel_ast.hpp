// What the two rewrites of tessera-phases (kernel_rewriter.cpp: coroutines; tile_loops.cpp: loops over a
// tile's threads) ask of a kernel's syntax tree, and the text edits they both make.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceLocation.h>
#include <llvm/ADT/DenseMap.h>

#include <map>
#include <string>
#include <utility>

namespace tessera::phases {

bool is_tessera_record(const clang::CXXRecordDecl* r, llvm::StringRef name);
// `name` in namespace tessera, through references and pointers.
bool is_tessera_type(clang::QualType t, llvm::StringRef name);

// A call of tile_barrier::wait or wait_with_*_fence: the memory its fence covers (a memory_scope's name),
// else nullptr.
const char* barrier_scope(const clang::CXXMemberCallExpr* call);

// Just past a tiled kernel's parameter: where the rewrites add the defaulted parameter that names each
// rewritten form's call operator apart (tile_loops.cpp, write_edits, says why).
clang::SourceLocation after_kernel_parameter(const clang::CXXMethodDecl* call_operator, const clang::ASTContext& ast);

// Does a function wait at a barrier, itself or through what it calls? Memoized over the translation unit.
class wait_finder {
 public:
  bool waits(const clang::FunctionDecl* f);
  bool body_waits(const clang::Stmt* body);

 private:
  llvm::DenseMap<const clang::FunctionDecl*, bool> memo_;
};

// One text edit at a file offset: `length` characters replaced by `text` (an insertion when 0).
struct edit {
  unsigned length;
  std::string text;
  friend bool operator==(const edit&, const edit&) = default;
};
using edit_map = std::map<std::pair<clang::FileID, unsigned>, edit>;

// An edit where another may already be: an insertion goes before what is there (a loop's closing brace
// just before a `return` the rewrite replaces), so every edit is kept.
void add_edit(edit_map& edits, std::pair<clang::FileID, unsigned> at, edit e);

}  // namespace tessera::phases
