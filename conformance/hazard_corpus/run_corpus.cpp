// Runs every case of the hazard corpus at 1, 2 and 8 workers and seeds 0, 1 and 20261122, and holds the
// checks to 100% recall and no false positives (corpus.hpp: the marker convention). One test per case.
#include "corpus.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace corpus {
namespace {

constexpr unsigned worker_counts[] = {1, 2, 8};
constexpr std::uint64_t seeds[] = {0, 1, 20261122};

std::vector<std::string> split_kinds(const std::string& list) {
  std::vector<std::string> kinds;
  std::stringstream in(list);
  std::string k;
  while (std::getline(in, k, ',')) {
    while (!k.empty() && k.front() == ' ') k.erase(k.begin());
    while (!k.empty() && (k.back() == ' ' || k.back() == '\r')) k.pop_back();
    if (!k.empty()) kinds.push_back(k);
  }
  return kinds;
}

// A source file's lines, read once.
const std::vector<std::string>& source_lines(const std::string& path) {
  static std::map<std::string, std::vector<std::string>> files;
  auto it = files.find(path);
  if (it == files.end()) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    it = files.emplace(path, std::move(lines)).first;
  }
  return it->second;
}

// The kinds a source line is marked with (after "// expect:").
std::vector<std::string> marked_kinds(const std::string& path, int line) {
  const auto& lines = source_lines(path);
  if (line < 1 || line > static_cast<int>(lines.size())) return {};
  const std::string& text = lines[line - 1];
  const auto at = text.find("// expect:");
  return at == std::string::npos ? std::vector<std::string>{} : split_kinds(text.substr(at + 10));
}

bool site_marked(const std::string& site, const std::string& kind) {
  const auto colon = site.rfind(':');
  if (colon == std::string::npos) return false;
  for (const auto& k : marked_kinds(site.substr(0, colon), std::atoi(site.c_str() + colon + 1)))
    if (k == kind) return true;
  return false;
}

// The lines of `file` marked with `kind`.
std::vector<int> lines_marked(const std::string& file, const std::string& kind) {
  std::vector<int> lines;
  const int count = static_cast<int>(source_lines(file).size());
  for (int l = 1; l <= count; ++l)
    for (const auto& k : marked_kinds(file, l))
      if (k == kind) lines.push_back(l);
  return lines;
}

bool mentions_marked_line(const std::string& message, const std::string& file, const std::string& kind) {
  for (int l : lines_marked(file, kind))
    if (message.find(file + ":" + std::to_string(l)) != std::string::npos) return true;
  return false;
}

// One run of a case; "" when the checks did what the case demands, else why not.
std::string verdict(const corpus_case& c) {
  try {
    c.run();
  } catch (const tessera::hazard_detected& e) {
    if (c.expect != expectation::hazard) return std::string("reported, but the case is not a hazard:\n") + e.what();
    bool found = false;
    for (const auto& want : split_kinds(c.kind))
      for (const auto& h : e.hazards()) found = found || h.kind == want;
    if (!found) return std::string("none of the expected kinds (") + c.kind + ") was reported:\n" + e.what();
    for (const auto& h : e.hazards())
      if (!site_marked(h.first.site, h.kind) && !site_marked(h.second.site, h.kind))
        return "a finding points at no line marked `expect: " + h.kind + "` (" + h.first.site + ", " + h.second.site + "):\n" + e.what();
    return "";
  } catch (const tessera::out_of_bounds& e) {
    if (c.expect != expectation::out_of_bounds) return std::string("unexpected out_of_bounds: ") + e.what();
    return mentions_marked_line(e.what(), c.file, "out of bounds") ? "" : std::string("the line is not named: ") + e.what();
  } catch (const tessera::barrier_divergence& e) {
    if (c.expect != expectation::barrier_divergence) return std::string("unexpected barrier_divergence: ") + e.what();
    return mentions_marked_line(e.what(), c.file, "barrier divergence") ? "" : std::string("the line is not named: ") + e.what();
  } catch (const wrong_result& e) {
    return std::string("the kernel computed a wrong result: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("unexpected exception: ") + e.what();
  }
  return c.expect == expectation::clean ? "" : "nothing was reported";
}

class corpus_test : public ::testing::Test {
 public:
  explicit corpus_test(const corpus_case& c) : case_(c) {}
  void TestBody() override {
    const tessera::emulator::options saved = tessera::emulator::get_options();
    for (unsigned w : worker_counts)
      for (std::uint64_t seed : seeds) {
        tessera::emulator::options o = saved;
        o.workers = w;
        o.seed = seed;
        o.checks = tessera::emulator::check_mode::report;
        o.enabled_checks = tessera::emulator::check_set{};
        tessera::emulator::set_options(o);
        const std::string why = verdict(case_);
        EXPECT_EQ(why, "") << case_.name << " (" << case_.clause << ") at " << w << " workers, TESSERA_SEED=" << seed;
      }
    tessera::emulator::set_options(saved);
  }

 private:
  corpus_case case_;
};

const bool registered = [] {
  for (const corpus_case& c : cases())
    ::testing::RegisterTest(c.expect == expectation::clean ? "Correct" : "Buggy", c.name, nullptr, c.clause, c.file, 0,
                            [c]() -> ::testing::Test* { return new corpus_test(c); });
  return true;
}();

}  // namespace
}  // namespace corpus
