// A case's declaration as constant data: what TESSERA_CASE (case.hpp) emits and the registry reads.
#pragma once

#include <tessera/conformance/context.hpp>
#include <tessera/conformance/expectation.hpp>

namespace tessera::conformance {

struct case_info {
  const char* family;
  const char* name;
  const char* clauses;  // clause IDs of spec/clauses/clauses.tsv, comma-separated
  expectation expect;
  void (*body)(context&);
  const char* file;  // the source holding the case and its `// expect:` markers
  int line;
};

}  // namespace tessera::conformance
