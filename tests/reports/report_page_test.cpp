// The HTML report as a browser sees it: headless Chromium loads report.html from disk, its DOM holds the
// summary, the coverage matrix and the SVG chart with every bar, and its screenshot is a real page, not
// an empty one. Exits 77 (skipped) when Chromium is not installed.
#include "sample_input.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <iostream>

namespace {
using namespace tessera::reports;
using namespace tessera::reports::testing;

std::filesystem::path find_chromium() {
  for (const char* name : {"chromium", "chromium-browser"})
    if (std::filesystem::path p = find_on_path(name); !p.empty()) return p;
  return {};
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

// Chromium runs twice for the whole program: once on the report (DOM and screenshot in one launch), once
// on an empty page of the same size, whose screenshot says how large a blank image is.
class ReportPage : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir = new scratch_dir("page");
    paths = write_reports(sample_input(), dir->path() / "reports");
    const std::filesystem::path blank_page = dir->path() / "blank.html";
    write_text_file(blank_page, "<!DOCTYPE html>\n<html><head><title>blank</title></head><body></body></html>\n");
    dom = chromium(paths.html, "--window-size=1280,2000 --screenshot='" + shot().string() + "' --dump-dom", status);
    chromium(blank_page, "--window-size=1280,2000 --screenshot='" + blank_shot().string() + "'", blank_status);
  }
  static void TearDownTestSuite() {
    delete dir;
    dir = nullptr;
  }
  static std::filesystem::path shot() { return dir->path() / "report.png"; }
  static std::filesystem::path blank_shot() { return dir->path() / "blank.png"; }

  // Runs headless Chromium on a page with extra switches; returns its stdout. Its stderr (D-Bus and GPU
  // notices on a headless machine) goes to a log that a failure prints.
  static std::string chromium(const std::filesystem::path& page, const std::string& switches, int& status) {
    const std::filesystem::path log = dir->path() / "chromium.log";
    const std::string command = "timeout -k 5 60 '" + find_chromium().string() +
                                "' --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run "
                                "--user-data-dir='" + (dir->path() / "profile").string() + "' " + switches + " 'file://" +
                                page.string() + "' 2>'" + log.string() + "'";
    std::string out;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
      status = -1;
      return out;
    }
    char buffer[8192];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    status = ::pclose(pipe);
    if (status != 0) std::cerr << "chromium exited with status " << status << "; its log:\n" << read_file(log) << "\n";
    return out;
  }

  static inline scratch_dir* dir = nullptr;
  static inline report_paths paths;
  static inline std::string dom;
  static inline int status = -1, blank_status = -1;
};

TEST_F(ReportPage, DomHasTheSectionsTheMatrixAndEveryBarOfTheChart) {
  ASSERT_EQ(status, 0);
  for (const char* id : {"summary", "uncovered", "coverage-matrix", "failures", "mismatches", "regressions", "timing-chart"})
    EXPECT_EQ(occurrences(dom, std::string("id=\"") + id + "\""), 1u) << id;
  EXPECT_NE(dom.find("<svg id=\"timing-chart\""), std::string::npos) << "the chart is parsed as SVG";
  EXPECT_EQ(occurrences(dom, "class=\"bar\""), timed_bars);
  EXPECT_NE(dom.find("id=\"clause-TS-2\" class=\"uncovered\""), std::string::npos);
  EXPECT_EQ(dom.find("<script"), std::string::npos) << "escaped messages stay text";
}

TEST_F(ReportPage, ScreenshotIsAPageNotABlankImage) {
  ASSERT_EQ(status, 0);
  ASSERT_EQ(blank_status, 0);
  const std::string png = read_file(shot());
  ASSERT_GT(png.size(), 24u) << shot() << " is missing or truncated";
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << "PNG signature";
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian(png, 16), 1280u) << "width";
  EXPECT_EQ(big_endian(png, 20), 2000u) << "height";
  // An empty page of the same size compresses to a small file; tables, text and the chart do not.
  const std::size_t blank = read_file(blank_shot()).size();
  EXPECT_GT(blank, 0u) << blank_shot() << " is missing";
  EXPECT_GT(png.size(), 2 * blank) << "report " << png.size() << " bytes, empty page " << blank << " bytes";
}

}  // namespace

int main(int argc, char** argv) {
  if (find_chromium().empty()) {
    std::cout << "SKIP: chromium not installed (scripts/setup.sh installs it)" << std::endl;
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
