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

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition, clang::SourceRange range,
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
    } else if (const clang::MacroInfo* info = definition.getMacroInfo(); info && name.getLocation().isFileID() &&
               restriction_alias(*info, s)) {
      // A macro whose whole definition is one restriction (Microsoft's <amp.h> names restrict(amp, cpu)
      // __GPU and restrict(amp) __GPU_ONLY, and C++ AMP code uses them), written where it is used: the
      // use is edited as restrict(...) written there would be. Its own expansion of restrict is not
      // recorded again (the next callback).
      s.expansion = s.spell_begin = name.getLocation();
      s.spell_end = name.getLocation().getLocWithOffset(static_cast<int>(macro.size()));
      s.spelled_directly = true;
      sites_.add(s);
      alias_use_ = name.getLocation();
      return;
    } else {
      return;
    }
    s.expansion = sm_.getExpansionLoc(range.getBegin());
    if (alias_use_.isValid() && name.getLocation().isMacroID() && s.expansion == alias_use_) return;
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

  // Kernel lambdas in the main file's macro definitions: `]`, a parenthesized parameter list, `mutable`
  // perhaps, then restrict(...) naming amp.
  void MacroDefined(const clang::Token&, const clang::MacroDirective* directive) override {
    const clang::MacroInfo* info = directive ? directive->getMacroInfo() : nullptr;
    if (!info || !sm_.isWrittenInMainFile(info->getDefinitionLoc())) return;
    const auto tokens = info->tokens();
    for (std::size_t i = 1; i + 3 < tokens.size(); ++i) {
      if (!is_word(tokens[i], "restrict") || !tokens[i + 1].is(clang::tok::l_paren)) continue;
      macro_lambda_site site;
      restrict_site& s = site.restriction;
      std::size_t close = i + 2;
      bool plain = true;
      for (; close < tokens.size() && !tokens[close].is(clang::tok::r_paren); ++close) {
        if (tokens[close].is(clang::tok::comma)) continue;
        if (is_word(tokens[close], "amp")) s.amp = true;
        else if (is_word(tokens[close], "cpu")) s.cpu = true;
        else plain = false;
      }
      if (close == tokens.size() || !plain || !s.amp) continue;
      std::size_t j = i;
      while (j > 0 && tokens[j - 1].is(clang::tok::kw_mutable)) --j;
      if (j == 0 || !tokens[j - 1].is(clang::tok::r_paren)) continue;
      std::size_t k = j - 1;
      for (int depth = 0;; --k) {
        if (tokens[k].is(clang::tok::r_paren)) ++depth;
        if (tokens[k].is(clang::tok::l_paren) && --depth == 0) break;
        if (k == 0) break;
      }
      if (k == 0 || !tokens[k].is(clang::tok::l_paren) || !tokens[k - 1].is(clang::tok::r_square)) continue;
      s.expansion = s.spell_begin = tokens[i].getLocation();
      s.spell_end = tokens[close].getLocation().getLocWithOffset(1);
      s.spelled_directly = true;
      site.parameters = tokens[k].getLocation();
      if (k >= 3 && tokens[k - 2].is(clang::tok::amp) && tokens[k - 3].is(clang::tok::l_square))
        site.reference_default = tokens[k - 2].getLocation();
      sites_.add(site);
    }
  }

 private:
  static bool is_word(const clang::Token& t, llvm::StringRef word) {
    const auto* id = t.getIdentifierInfo();
    return id && t.isNot(clang::tok::raw_identifier) && id->getName() == word;
  }

  // An object-like macro whose replacement is exactly restrict(amp), restrict(cpu) or both: what it says.
  static bool restriction_alias(const clang::MacroInfo& info, restrict_site& s) {
    if (info.isFunctionLike()) return false;
    const auto tokens = info.tokens();
    if (tokens.size() < 4 || !tokens.front().is(clang::tok::identifier) ||
        tokens.front().getIdentifierInfo()->getName() != "restrict" || !tokens[1].is(clang::tok::l_paren) ||
        !tokens.back().is(clang::tok::r_paren))
      return false;
    for (std::size_t i = 2; i + 1 < tokens.size(); ++i) {
      if (tokens[i].is(clang::tok::comma)) continue;
      const auto* word = tokens[i].getIdentifierInfo();
      if (!word) return false;
      if (word->getName() == "amp") s.amp = true;
      else if (word->getName() == "cpu") s.cpu = true;
      else return false;
    }
    return s.amp || s.cpu;
  }

  restrict_sites& sites_;
  const clang::SourceManager& sm_;
  clang::SourceLocation alias_use_;  // the last use of a restriction alias, whose inner restrict is skipped
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
