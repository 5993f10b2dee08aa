// Writing the three reports into one folder. Each file is written whole or the call throws: a CI job
// must not publish a truncated report as if it were complete.
#include <tessera/reports/html_writer.hpp>
#include <tessera/reports/junit_writer.hpp>
#include <tessera/reports/markdown_writer.hpp>
#include <tessera/reports/reports.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

namespace tessera::reports {

void write_text_file(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out)
    throw report_error("cannot write the report " + file.string() + ": " + std::strerror(errno) +
                       "; check that the folder exists and is writable");
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out)
    throw report_error("writing the report " + file.string() + " failed: " + std::strerror(errno) +
                       "; check the free space of its file system");
}

report_paths write_reports(const report_input& input, const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw report_error("cannot create the report folder " + dir.string() + ": " + ec.message() +
                       "; pass a folder that can be created and written");
  report_paths paths{dir / "junit.xml", dir / "report.html", dir / "summary.md"};
  write_text_file(paths.junit, junit_xml(input));
  write_text_file(paths.html, html_report(input));
  write_text_file(paths.markdown, markdown_summary(input, paths));
  return paths;
}

}  // namespace tessera::reports
