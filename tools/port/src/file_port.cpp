#include "file_port.hpp"

#include <clang/Basic/LangOptions.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/Core/Replacement.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace tessera::port {

const char* name_of(construct c) {
  switch (c) {
    case construct::restrict_lambda: return "restrict_lambda";
    case construct::restrict_nested_lambda: return "restrict_nested_lambda";
    case construct::restrict_function: return "restrict_function";
    case construct::array_capture: return "array_capture";
    case construct::reference_capture: return "reference_capture";
    case construct::member_access: return "member_access";
    case construct::local_type: return "local_type";
    case construct::array_parameter: return "array_parameter";
    case construct::macro_lambda: return "macro_lambda";
  }
  return "?";
}

bool file_port::in_main_file(clang::SourceLocation loc) const {
  return loc.isValid() && sm_.getFileID(sm_.getSpellingLoc(loc)) == main_;
}

bool file_port::replace(clang::SourceLocation begin, unsigned length, std::string text) {
  const auto spelled = sm_.getSpellingLoc(begin);
  if (sm_.getFileID(spelled) != main_) return false;
  const unsigned offset = sm_.getFileOffset(spelled);
  for (const auto& e : edits_)
    if (e.offset == offset && e.length == length && e.text == text) return true;  // a macro expanded twice
  edits_.push_back(edit{offset, length, std::move(text), static_cast<long>(edits_.size())});
  return true;
}

bool file_port::insert_first(clang::SourceLocation at, std::string text) {
  const std::size_t before = edits_.size();
  if (!replace(at, 0, std::move(text))) return false;
  if (edits_.size() > before) edits_.back().order = --first_order_ - 1000000000L;
  return true;
}

bool file_port::remove_with_leading_blanks(clang::SourceLocation begin, clang::SourceLocation end) {
  const auto b = sm_.getSpellingLoc(begin);
  const auto e = sm_.getSpellingLoc(end);
  if (sm_.getFileID(b) != main_ || sm_.getFileID(e) != main_) return false;
  const llvm::StringRef buffer = sm_.getBufferData(main_);
  unsigned from = sm_.getFileOffset(b);
  const unsigned to = sm_.getFileOffset(e);
  unsigned to_end = to;
  while (from > 0 && (buffer[from - 1] == ' ' || buffer[from - 1] == '\t')) --from;
  // A specifier alone on its line takes the line with it.
  if ((from == 0 || buffer[from - 1] == '\n') && to_end < buffer.size()) {
    unsigned after = to_end;
    while (after < buffer.size() && (buffer[after] == ' ' || buffer[after] == '\t')) ++after;
    if (after < buffer.size() && buffer[after] == '\n') to_end = after + 1;
  }
  return replace(sm_.getComposedLoc(main_, from), to_end - from, "");
}

void file_port::warn(clang::SourceLocation at, warning what) {
  const auto spelled = sm_.getSpellingLoc(at);
  const auto expansion = sm_.getExpansionLoc(at);
  const auto where = sm_.getFileID(spelled) == main_ ? spelled : expansion;
  warnings_.push_back(warning_site{what, sm_.getSpellingLineNumber(where), sm_.getSpellingColumnNumber(where)});
  if (sm_.getFileID(where) != main_) return;
  const llvm::StringRef buffer = sm_.getBufferData(main_);
  const unsigned offset = sm_.getFileOffset(where);
  const unsigned line_start = buffer.rfind('\n', offset == 0 ? 0 : offset - 1) == llvm::StringRef::npos
                                  ? 0
                                  : buffer.rfind('\n', offset - 1) + 1;
  const std::string code = code_of(what);
  for (std::size_t i = 0; i + 1 < warnings_.size(); ++i)
    if (warnings_[i].what == what && warnings_[i].line == warnings_.back().line &&
        warnings_[i].column == warnings_.back().column) {
      warnings_.pop_back();  // the same construct met again (a template's instantiation, a macro expanded twice)
      return;
    }
  // Inside a macro definition (a line continued by a backslash, or continuing one), a line comment would
  // end the macro: the comment goes inline, just before the construct.
  const unsigned line_end = std::min<unsigned>(buffer.find('\n', offset), buffer.size());
  const bool continued = line_end > 0 && buffer[line_end - 1] == '\\';
  const bool continues = line_start >= 2 && buffer[line_start - 2] == '\\';
  if (continued || continues) {
    const llvm::StringRef before = buffer.substr(line_start, offset - line_start);
    if (before.contains(code)) return;
    replace(where, 0, "/* " + message_of(what) + " */ ");
    return;
  }
  if (line_start > 0) {
    const unsigned prev_start = buffer.rfind('\n', line_start - 1 == 0 ? 0 : line_start - 2);
    const llvm::StringRef prev =
        buffer.substr(prev_start == llvm::StringRef::npos ? 0 : prev_start + 1,
                      line_start - (prev_start == llvm::StringRef::npos ? 0 : prev_start + 1));
    if (prev.contains(code)) return;
  }
  std::string indent;
  for (unsigned i = line_start; i < buffer.size() && (buffer[i] == ' ' || buffer[i] == '\t'); ++i) indent += buffer[i];
  replace(sm_.getComposedLoc(main_, line_start), 0, indent + "// " + message_of(what) + "\n");
}

int file_port::constructs() const {
  int n = 0;
  for (int c : counts_) n += c;
  return n;
}

std::string file_port::rewritten() const {
  // Insertions at one offset become one, in the order they were made; then one Replacements set.
  std::vector<edit> sorted = edits_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const edit& a, const edit& b) {
    if (a.offset != b.offset) return a.offset < b.offset;
    if (a.length != b.length) return a.length < b.length;  // insertions first
    return a.order < b.order;
  });
  std::vector<edit> merged;
  for (const auto& e : sorted) {
    if (!merged.empty() && merged.back().offset == e.offset && merged.back().length == 0) {
      merged.back().text += e.text;
      merged.back().length = e.length;
      continue;
    }
    merged.push_back(e);
  }
  const auto entry = sm_.getFileEntryRefForID(main_);
  const std::string path = entry ? std::string(entry->getName()) : std::string();
  clang::tooling::Replacements replacements;
  for (const auto& e : merged) {
    if (auto err = replacements.add(clang::tooling::Replacement(path, e.offset, e.length, e.text))) {
      // Two constructs edited overlapping text: keep the first, which is the outer one.
      llvm::consumeError(std::move(err));
    }
  }
  clang::LangOptions lang;
  clang::Rewriter rewriter(sm_, lang);
  clang::tooling::applyAllReplacements(replacements, rewriter);
  const clang::RewriteBuffer* buffer = rewriter.getRewriteBufferFor(main_);
  if (!buffer) return std::string(sm_.getBufferData(main_));
  std::string out;
  llvm::raw_string_ostream os(out);
  buffer->write(os);
  return os.str();
}

}  // namespace tessera::port
