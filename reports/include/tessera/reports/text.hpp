// Text from results files goes into XML, HTML and Markdown unchanged in meaning but safe in form: a case's
// message or log can hold anything a kernel or a backend printed (control characters, broken UTF-8,
// markup), and one such byte must not make a report unreadable or a JUnit file invalid.
#pragma once

#include <string>
#include <string_view>

namespace tessera::reports {

// Valid UTF-8 holding only characters XML 1.0 allows: bytes that are not UTF-8 become U+FFFD; control
// characters other than tab, newline and carriage return, and C1 controls, become visible text ("\x01",
// "\u0085"); U+FFFE and U+FFFF become U+FFFD. Everything else, markup characters included, is kept.
std::string clean_text(std::string_view text);

// The one HTML escape of the HTML report (text, attribute values and inline SVG): clean_text, then
// & < > " ' as character references.
std::string html_escape(std::string_view text);

// One line of Markdown from any text: clean_text, line breaks and tabs as single spaces, at most max_bytes
// bytes (cut at a character boundary, marked with "…"), the characters that would start markup escaped
// with backslashes.
std::string markdown_line(std::string_view text, std::size_t max_bytes);

// The same line as a Markdown code span (names, ids): literal text, fenced by more backticks than it holds.
std::string markdown_code(std::string_view text, std::size_t max_bytes);

// At most max_bytes bytes of valid UTF-8 text, cut at a character boundary and marked with "…".
std::string shorten(std::string_view text, std::size_t max_bytes);

}  // namespace tessera::reports
