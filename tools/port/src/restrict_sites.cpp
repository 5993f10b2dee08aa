#include "restrict_sites.hpp"

#include <clang/Lex/MacroArgs.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/Token.h>

namespace tessera::port {
namespace {

class recorder_callbacks : public clang::PPCallbacks {
 public:
  explicit recorder_callbacks(restrict_sites& sites, const clang::SourceManager& sm) : sites_(sites), sm_(sm) {}

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition&, clang::SourceRange range,
                    const clang::MacroArgs* args) override {
    const clang::IdentifierInfo* id = name.getIdentifierInfo();
    if (!id) return;
    const llvm::StringRef macro = id->getName();
    restrict_site s;
    if (macro == "restrict_amp") {
      s.amp = s.cpu = s.ported = true;
    } else if (macro == "restrict" && args) {
      // The arguments as written: amp, cpu, or both.
      for (unsigned i = 0; i < args->getNumMacroArguments(); ++i) {
        for (const clang::Token* t = args->getUnexpArgument(i); t->isNot(clang::tok::eof); ++t) {
          if (const auto* word = t->getIdentifierInfo()) {
            if (word->getName() == "amp") s.amp = true;
            if (word->getName() == "cpu") s.cpu = true;
          }
        }
      }
    } else {
      return;
    }
    s.expansion = sm_.getExpansionLoc(range.getBegin());
    s.spell_begin = sm_.getSpellingLoc(range.getBegin());
    const clang::SourceLocation end = sm_.getSpellingLoc(range.getEnd());
    s.spell_end = end.getLocWithOffset(1);  // ")" or the last character of restrict_amp's name
    if (s.ported) s.spell_end = s.spell_begin.getLocWithOffset(static_cast<int>(macro.size()));
    // Spelled directly: the name and its ")" are written in one file, in that order, at the place of use
    // or inside one macro definition that spells it whole.
    s.spelled_directly = sm_.getFileID(s.spell_begin) == sm_.getFileID(end) &&
                         sm_.getFileOffset(s.spell_begin) <= sm_.getFileOffset(end);
    sites_.add(s);
  }

 private:
  restrict_sites& sites_;
  const clang::SourceManager& sm_;
};

}  // namespace

std::unique_ptr<clang::PPCallbacks> restrict_sites::recorder() {
  return std::make_unique<recorder_callbacks>(*this, sm_);
}

const restrict_site* restrict_sites::between(clang::SourceLocation after, clang::SourceLocation before) const {
  if (after.isInvalid() || before.isInvalid()) return nullptr;
  const bool spelled = after.isMacroID() || before.isMacroID();
  if (spelled) {
    after = sm_.getSpellingLoc(after);
    before = sm_.getSpellingLoc(before);
  }
  const clang::FileID file = sm_.getFileID(after);
  if (file != sm_.getFileID(before)) return nullptr;
  const unsigned lo = sm_.getFileOffset(after);
  const unsigned hi = sm_.getFileOffset(before);
  for (const auto& s : sites_) {
    const clang::SourceLocation at_loc = spelled ? s.spell_begin : s.expansion;
    if (sm_.getFileID(at_loc) != file) continue;
    const unsigned at = sm_.getFileOffset(at_loc);
    if (at > lo && at < hi) return &s;
  }
  return nullptr;
}

}  // namespace tessera::port
