// Where C++ AMP's restriction specifiers are. The compat header <amp.h> defines restrict(...) as a macro
// that expands to nothing, and Tessera's dialect defines restrict_amp; the preprocessor therefore sees
// every restriction, and this records each expansion: where it was written, what it said, and where its
// tokens are spelled. The AST has no trace of them, so the constructs ask here whether a lambda or a
// function is amp code.
#pragma once

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/PPCallbacks.h>

#include <memory>
#include <vector>

namespace tessera::port {

struct restrict_site {
  clang::SourceLocation expansion;    // where the program wrote it (a file location)
  clang::SourceLocation spell_begin;  // "restrict" as spelled (in the file, or in a macro definition)
  clang::SourceLocation spell_end;    // one past ")" as spelled
  bool amp = false;                   // restrict(amp), restrict(amp, cpu), restrict(cpu, amp), restrict_amp
  bool cpu = false;
  bool ported = false;                // restrict_amp: already in Tessera's dialect
  bool spelled_directly = false;      // the whole specifier is written where it expands (not through a macro of its own)
};

// A lambda's restriction written in the definition of a macro of the main file, found by reading the
// definition's tokens: `[=](index<1> i) restrict(amp) {` in a #define. A macro the file never expands has
// no AST to port (a header of launch macros ported on its own), so these are edited from the tokens.
struct macro_lambda_site {
  restrict_site restriction;          // as spelled in the definition
  clang::SourceLocation parameters;   // the "(" of the lambda's parameter list
  clang::SourceLocation reference_default;  // the "&" of a capture list that is exactly [&]; else invalid
};

class restrict_sites {
 public:
  explicit restrict_sites(const clang::SourceManager& sm) : sm_(sm) {}
  // The callbacks that fill this; owned by the preprocessor.
  std::unique_ptr<clang::PPCallbacks> recorder();

  void add(restrict_site s) { sites_.push_back(s); }
  // The specifier written between two locations (exclusive): compared where the program wrote them
  // (expansion locations) when both are file locations, and where they are spelled when they lie inside
  // one macro (a lambda written whole in a macro's definition or in one of its arguments).
  const restrict_site* between(clang::SourceLocation after, clang::SourceLocation before) const;
  const std::vector<restrict_site>& all() const { return sites_; }
  void add(macro_lambda_site s) { macro_lambdas_.push_back(s); }
  const std::vector<macro_lambda_site>& macro_lambdas() const { return macro_lambdas_; }

 private:
  const clang::SourceManager& sm_;
  std::vector<restrict_site> sites_;
  std::vector<macro_lambda_site> macro_lambdas_;
};

}  // namespace tessera::port
