// Declaring a conformance case: one line, then the body.
//
//   TESSERA_CASE(worked_example_5x4, "TIDX-2,TIDX-1", expect::pass) {
//     ... seeded inputs from ctx, kernels launched on ctx.view(), ctx.output(name, got, oracle) ...
//   }
//
// The case's family is its folder (conformance/cases/<family>/, set by CMake as TESSERA_CASE_FAMILY), its
// id "<family>.<name>". The declaration is constant data placed in the `tessera_cases` linker section:
// nothing runs before main(), whatever the link order, and main() enumerates the section (registry.hpp).
// Negative cases mark the lines a diagnostic may name with a trailing `// expect: <kind>` comment.
//
// Kernels are written in the one dialect every backend compiles: `[=] restrict_amp (tiled_index<...> t)`.
#pragma once

#include <tessera/amp.hpp>
#include <tessera/conformance/case_info.hpp>


#ifndef TESSERA_CASE_FAMILY
#error "TESSERA_CASE_FAMILY is not defined: add this source with tessera_conformance_family() (conformance/CMakeLists.txt)"
#endif

#define TESSERA_CASE_CONCAT2(a, b) a##b
#define TESSERA_CASE_CONCAT(a, b) TESSERA_CASE_CONCAT2(a, b)

// The section holds pointers (all of one size and alignment, so the section is a plain array of them).
#define TESSERA_CASE(name, clauses, expectation_)                                                                  \
  static void TESSERA_CASE_CONCAT(tessera_case_body_, name)(::tessera::conformance::context & ctx);                \
  static constexpr ::tessera::conformance::case_info TESSERA_CASE_CONCAT(tessera_case_info_, name){                 \
      TESSERA_CASE_FAMILY, #name, clauses, [] {                                                                    \
        using namespace ::tessera::conformance;                                                                    \
        return expectation_;                                                                                       \
      }(),                                                                                                         \
      &TESSERA_CASE_CONCAT(tessera_case_body_, name), __FILE__, __LINE__};                                         \
  [[gnu::used, gnu::retain, gnu::section("tessera_cases")]] static const ::tessera::conformance::case_info* const \
      TESSERA_CASE_CONCAT(tessera_case_entry_, name) = &TESSERA_CASE_CONCAT(tessera_case_info_, name);             \
  static void TESSERA_CASE_CONCAT(tessera_case_body_, name)([[maybe_unused]] ::tessera::conformance::context & ctx)
