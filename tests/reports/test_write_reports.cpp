// write_reports writes the three files into one folder, creating it, and refuses with a report_error
// that names the path when it cannot.
#include "sample_input.hpp"

#include <tessera/reports/reports.hpp>

#include <gtest/gtest.h>

namespace {
using namespace tessera::reports;
using namespace tessera::reports::testing;

TEST(WriteReports, WritesJunitHtmlAndMarkdownIntoANewFolder) {
  scratch_dir dir("write-reports");
  const report_paths paths = write_reports(sample_input(), dir.path() / "nested" / "reports");
  EXPECT_EQ(paths.junit, dir.path() / "nested" / "reports" / "junit.xml");
  EXPECT_EQ(paths.html.filename(), "report.html");
  EXPECT_EQ(paths.markdown.filename(), "summary.md");
  EXPECT_EQ(read_file(paths.junit).rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0), 0u);
  EXPECT_EQ(read_file(paths.html).rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(read_file(paths.markdown).find(paths.html.string()), std::string::npos) << "the summary names the HTML report";
}

TEST(WriteReports, FolderThatIsAFileIsAReportError) {
  scratch_dir dir("write-reports-file");
  write_text_file(dir.path() / "taken", "a file");
  try {
    write_reports(sample_input(), dir.path() / "taken");
    FAIL() << "expected report_error";
  } catch (const report_error& e) {
    EXPECT_NE(std::string(e.what()).find((dir.path() / "taken").string()), std::string::npos) << e.what();
  }
}

}  // namespace
