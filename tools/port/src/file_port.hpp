// What porting one translation unit produces for its main file: the edits (applied at the end as one
// tooling::Replacements set through clang's Rewriter), the warnings left as inline comments, and the
// count of each kind of construct converted. Edits are kept in source order and merged only at the end,
// so that two constructs may insert at one offset and a macro expanded twice yields one edit.
#pragma once

#include "warnings.hpp"

#include <clang/Basic/SourceLocation.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::port {

// The kinds of construct converted, as the statistics name them.
enum class construct {
  restrict_lambda,        // restrict(amp) after a lambda's parameters -> restrict_amp before them
  restrict_nested_lambda, // restrict(...) dropped from a lambda inside kernel code
  restrict_function,      // restrict(amp) on a function -> restrict_amp in front
  array_capture,          // an array captured by reference -> an array_view made before the launch
  reference_capture,      // another variable captured by reference -> by value
  member_access,          // a private or protected member function holding a kernel made public
  local_type,             // a function-local type captured by a kernel moved to namespace scope
  array_parameter,        // an array& parameter of amp-only code -> const array_view&
  macro_lambda,           // restrict(amp) on a kernel lambda in a macro's definition -> restrict_amp
};
const char* name_of(construct c);
inline constexpr int construct_kinds = 9;

struct edit {
  unsigned offset = 0;
  unsigned length = 0;
  std::string text;
  long order = 0;  // decides the order of insertions at one offset: made earlier first, insert_first before all
};

struct warning_site {
  warning what;
  unsigned line = 0;
  unsigned column = 0;
};

class file_port {
 public:
  file_port(clang::SourceManager& sm, clang::FileID main) : sm_(sm), main_(main) {}

  clang::SourceManager& sources() const { return sm_; }
  clang::FileID main_file() const { return main_; }
  // A location in the main file (spelled there, not inside a macro definition of another file).
  bool in_main_file(clang::SourceLocation loc) const;

  // Edits at spelling locations of the main file; false (nothing recorded) elsewhere.
  bool replace(clang::SourceLocation begin, unsigned length, std::string text);
  bool insert(clang::SourceLocation at, std::string text) { return replace(at, 0, std::move(text)); }
  // An insertion that goes before every other insertion at its offset (an access specifier before the
  // declaration's own specifiers).
  bool insert_first(clang::SourceLocation at, std::string text);
  // Removes [begin, end) and the blanks just before it on the same line.
  bool remove_with_leading_blanks(clang::SourceLocation begin, clang::SourceLocation end);

  // Leaves the warning as a comment: a line of its own above the construct's line ("// TESSERA-PORT-nnn:
  // ..."), or inline ("/* ... */ ") inside a macro definition; nothing new when the line above (or the
  // text just before) already carries the same number, so that porting ported output changes nothing.
  void warn(clang::SourceLocation at, warning what);

  void count(construct c) { ++counts_[static_cast<int>(c)]; }
  int count_of(construct c) const { return counts_[static_cast<int>(c)]; }
  int constructs() const;
  const std::vector<warning_site>& warnings() const { return warnings_; }
  const std::vector<edit>& edits() const { return edits_; }

  // The main file's text with the edits applied (through tooling::Replacements and clang's Rewriter).
  std::string rewritten() const;

 private:
  clang::SourceManager& sm_;
  clang::FileID main_;
  std::vector<edit> edits_;
  std::vector<warning_site> warnings_;
  long first_order_ = 0;
  int counts_[construct_kinds] = {};
};

}  // namespace tessera::port
