// Where an array_view can stand in for an array: the question behind converting a kernel's array captured
// by reference (constructs/array_capture.cpp) and an array parameter of amp code
// (constructs/array_parameter.cpp). A view of an array shares its data (AV-12), and has every member amp
// code and most host code use on an array with the same meaning; what differs is named here.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace tessera::port {

class port_context;

// The parent of e, skipping parentheses and implicit casts; *child (when given) is the expression whose
// parent it is.
const clang::Stmt* meaningful_parent(clang::ASTContext& ast, const clang::Expr* e, const clang::Expr** child);

// This use of an array names it as a view would: a.member (but the accelerator_view and CPU access type,
// which a view answers for its source), a[i], a(i, j), an argument to a parameter that
// port_context::array_parameter_of converts to a view, or one converted to a view where it is used (it
// constructs a view, or is given to a parameter that takes a view by value or const reference). Spelled in
// a macro: no.
bool view_can_stand_in(const port_context& ctx, const clang::DeclRefExpr* ref);

}  // namespace tessera::port
