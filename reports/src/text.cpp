// clean_text decodes UTF-8 by hand: the reports must not depend on the locale, and each rule of XML 1.0's
// Char production is one line here.
#include <tessera/reports/text.hpp>

#include <cstdint>
#include <cstdio>

namespace tessera::reports {
namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Decodes one character at text[i]; returns its length in bytes, 0 when the bytes there are not UTF-8
// (overlong forms, surrogates and values past U+10FFFF included).
std::size_t decode(std::string_view text, std::size_t i, char32_t& c) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t length = 0;
  char32_t minimum = 0;
  if (b < 0x80) {
    c = b;
    return 1;
  } else if ((b & 0xE0) == 0xC0) {
    length = 2, c = b & 0x1F, minimum = 0x80;
  } else if ((b & 0xF0) == 0xE0) {
    length = 3, c = b & 0x0F, minimum = 0x800;
  } else if ((b & 0xF8) == 0xF0) {
    length = 4, c = b & 0x07, minimum = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  if (c < minimum || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
  return length;
}

// Characters that start or end Markdown markup inside a line. An underscore only counts at a word's edge:
// between letters or digits (snake_case names) it cannot open or close emphasis.
bool needs_markdown_escape(std::string_view line, std::size_t i) {
  const char c = line[i];
  if (std::string_view("\\`*[]<>|~").find(c) != std::string_view::npos) return true;
  if (c != '_') return false;
  const auto word = [](char n) {
    return (n >= '0' && n <= '9') || (n >= 'a' && n <= 'z') || (n >= 'A' && n <= 'Z') || (n & 0x80) != 0;
  };
  return i == 0 || i + 1 == line.size() || !word(line[i - 1]) || !word(line[i + 1]);
}

// The text on one line: line breaks and tabs become spaces, runs of spaces one space, no space at the ends.
std::string one_line(std::string_view text, std::size_t max_bytes) {
  std::string line;
  for (char c : clean_text(text)) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (line.empty() || line.back() == ' ')) continue;
    line += c;
  }
  if (!line.empty() && line.back() == ' ') line.pop_back();
  return shorten(line, max_bytes);
}

}  // namespace

std::string clean_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = 0;
    const std::size_t length = decode(text, i, c);
    if (length == 0) {
      out += replacement;
      ++i;
      continue;
    }
    i += length;
    char shown[16];
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
      std::snprintf(shown, sizeof shown, "\\x%02x", static_cast<unsigned>(c));
      out += shown;
    } else if (c >= 0x80 && c <= 0x9F) {
      std::snprintf(shown, sizeof shown, "\\u%04x", static_cast<unsigned>(c));
      out += shown;
    } else if (c == 0xFFFE || c == 0xFFFF) {
      out += replacement;
    } else {
      append_utf8(out, c);
    }
  }
  return out;
}

std::string html_escape(std::string_view text) {
  const std::string clean = clean_text(text);
  std::string out;
  out.reserve(clean.size() + clean.size() / 8);
  for (char c : clean) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string shorten(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return std::string(text.substr(0, cut)) + "…";
}

std::string markdown_line(std::string_view text, std::size_t max_bytes) {
  const std::string line = one_line(text, max_bytes);
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (needs_markdown_escape(line, i)) out += '\\';
    out += line[i];
  }
  return out;
}

std::string markdown_code(std::string_view text, std::size_t max_bytes) {
  const std::string line = one_line(text, max_bytes);
  std::size_t longest = 0, run = 0;
  for (char c : line) {
    run = c == '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !line.empty() && (line.front() == '`' || line.back() == '`');
  return fence + (pad ? " " : "") + line + (pad ? " " : "") + fence;
}

}  // namespace tessera::reports
