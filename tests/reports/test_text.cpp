// Any bytes a kernel or backend printed reach the reports safely: clean_text makes them valid UTF-8 that
// XML 1.0 can hold, html_escape and the Markdown helpers neutralise markup.
#include <tessera/reports/text.hpp>

#include <gtest/gtest.h>

namespace {
using namespace tessera::reports;

TEST(CleanText, KeepsMarkupTabsNewlinesAndUtf8Unchanged) {
  const std::string text = "a < b & \"c\" ]]> \t\r\n café ✓ Ω 𝄞";
  EXPECT_EQ(clean_text(text), text);
}

TEST(CleanText, ShowsControlCharactersXmlCannotHoldAsEscapes) {
  EXPECT_EQ(clean_text(std::string("a\x01" "b")), "a\\x01b");
  EXPECT_EQ(clean_text(std::string("\x1b[31mred", 8)), "\\x1b[31mred");
  EXPECT_EQ(clean_text(std::string("nul\0here", 8)), "nul\\x00here");
  EXPECT_EQ(clean_text("del\x7f"), "del\\x7f");
  EXPECT_EQ(clean_text("c1 \xC2\x85"), "c1 \\u0085");  // U+0085, a C1 control
}

TEST(CleanText, ReplacesBytesThatAreNotUtf8WithTheReplacementCharacter) {
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(clean_text("a\xff" "b"), "a" + r + "b");
  EXPECT_EQ(clean_text("\xC0\xAF"), r + r);              // overlong '/'
  EXPECT_EQ(clean_text("\xED\xA0\x80"), r + r + r);      // a UTF-16 surrogate
  EXPECT_EQ(clean_text("cut \xE2\x9C"), "cut " + r + r);  // truncated ✓
  EXPECT_EQ(clean_text("\xEF\xBF\xBF"), r);              // U+FFFF is not an XML character
}

TEST(HtmlEscape, EscapesTheFiveMarkupCharacters) {
  EXPECT_EQ(html_escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
}

TEST(HtmlEscape, CleansBeforeEscaping) { EXPECT_EQ(html_escape(std::string("<\x01>")), "&lt;\\x01&gt;"); }

TEST(Shorten, CutsAtACharacterBoundaryAndMarksTheCut) {
  EXPECT_EQ(shorten("short", 10), "short");
  EXPECT_EQ(shorten("ééé", 3), "é…");  // 3 bytes would split the second é
  EXPECT_EQ(shorten("abcdef", 3), "abc…");
}

TEST(MarkdownLine, EscapesMarkup) {
  EXPECT_EQ(markdown_line("a *b* | `c` <d> [e]", 100), "a \\*b\\* \\| \\`c\\` \\<d\\> \\[e\\]");
}

TEST(MarkdownLine, PutsEveryLineOnOneWithSingleSpaces) {
  EXPECT_EQ(markdown_line("  at workers 1:\n  WRONG REPORT:\r\n\tnothing thrown  \n", 100),
            "at workers 1: WRONG REPORT: nothing thrown");
}

TEST(MarkdownLine, EscapesUnderscoresOnlyAtWordEdges) {
  EXPECT_EQ(markdown_line("TESSERA_WORKERS is _set_", 100), "TESSERA_WORKERS is \\_set\\_");
}

TEST(MarkdownCode, FencesWithMoreBackticksThanTheTextHolds) {
  EXPECT_EQ(markdown_code("family.case_name", 100), "`family.case_name`");
  EXPECT_EQ(markdown_code("a`b", 100), "``a`b``");
  EXPECT_EQ(markdown_code("`x", 100), "`` `x ``");
}

}  // namespace
