// Which C++ AMP types a declaration has: concurrency::array is tessera::array under <amp.h>.
#pragma once

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Type.h>

#include <string>

namespace clang {
class ASTContext;
class TypeLoc;
}  // namespace clang

namespace tessera::port {

// The class template specialization tessera::array<T, N> behind t (through references, typedefs and
// cv-qualifiers), or null.
const clang::ClassTemplateSpecializationDecl* as_amp_array(clang::QualType t);
// The same, and also array<T, N> named with a dependent argument inside a template.
bool names_amp_array(clang::QualType t);
// t (through references, typedefs and cv-qualifiers) is tessera::array_view<T, N>, made or named with a
// dependent argument.
bool names_amp_array_view(clang::QualType t);
// The array_view type that stands for an array of type t inside a kernel, spelled as the program spells
// the element type where its declaration writes array<...> (else as clang prints it):
// "concurrency::array_view<float, 2>", "concurrency::array_view<const T, 1>".
std::string view_type_for(clang::QualType t, clang::TypeLoc written, const clang::ASTContext& ast);
// The rank of that view as written ("1", "3", "_rank"): the array's own.
std::string view_rank_for(clang::QualType t, clang::TypeLoc written, const clang::ASTContext& ast);

}  // namespace tessera::port
