// Reads compute-sanitizer's output (XML through pugixml, or its text) into typed findings, and maps the
// emulator's expected diagnostics to the tools that can see them.
//
// Record shapes, as compute-sanitizer 2025.3 writes them (tests/conformance/sanitizer_outputs/ holds
// real ones): racecheck's <kind>Hazard</kind> (type RAW/WAR/WAW, the two threads and their lines) and
// <kind>Analysis</kind> (a line pair and a count, no threads); synccheck's <kind>Synccheck</kind>;
// memcheck's <kind>Precise</kind>; initcheck's <kind>Initcheck</kind>; <kind>Api</kind> for a failed
// CUDA call (a kernel that faulted shows up there too).
#include <tessera/conformance/sanitizer.hpp>

#include <pugixml.hpp>

#include <algorithm>
#include <regex>
#include <sstream>
#include <tuple>

namespace tessera::conformance {

namespace {

std::string child_text(const pugi::xml_node& n, const char* path) {
  return n.first_element_by_path(path).text().as_string();
}

sanitizer_site site_of(const pugi::xml_node& where) {
  sanitizer_site s;
  s.file = where.child("path").text().as_string();
  if (s.file.empty()) s.file = where.child("file").text().as_string();
  s.line = where.child("line").text().as_int();
  s.function = where.child("func").text().as_string();
  return s;
}

// Every source line a record names outside its primary sites and its host stack: device backtrace
// frames, whatever element holds them (any element with a line and a path or file).
std::vector<sanitizer_site> frames_of(const pugi::xml_node& record, const sanitizer_site& first, const sanitizer_site& second) {
  std::vector<sanitizer_site> frames;
  struct walker : pugi::xml_tree_walker {
    std::vector<sanitizer_site>* out;
    bool for_each(pugi::xml_node& n) override {
      if (n.type() != pugi::node_element) return true;
      for (auto p = n; p; p = p.parent())
        if (std::string_view(p.name()) == "hostStack") return true;
      if (n.child("line") && (n.child("path") || n.child("file"))) out->push_back(site_of(n));
      return true;
    }
  } w;
  w.out = &frames;
  pugi::xml_node r = record;
  r.traverse(w);
  std::vector<sanitizer_site> kept;
  for (const auto& f : frames) {
    const bool primary = (f.file == first.file && f.line == first.line) || (f.file == second.file && f.line == second.line);
    const bool seen = std::any_of(kept.begin(), kept.end(), [&](const sanitizer_site& k) { return k.file == f.file && k.line == f.line; });
    if (!primary && !seen && f.line > 0) kept.push_back(f);
  }
  return kept;
}

std::string coordinates(const pugi::xml_node& n) {
  if (!n) return {};
  return "(" + std::string(n.child("x").text().as_string("0")) + "," + n.child("y").text().as_string("0") + "," +
         n.child("z").text().as_string("0") + ")";
}

std::string hazard_kind(const std::string& type) {
  if (type == "RAW") return "read after write";
  if (type == "WAR") return "write after read";
  if (type == "WAW") return "write after write";
  return "race";
}

// Same kind at the same sites: one finding with a count (a racy line pair is reported once per
// address and thread pair; the reader wants the lines, the first threads, and how many).
void add(std::vector<sanitizer_finding>& into, sanitizer_finding f) {
  auto key = [](const sanitizer_finding& x) {
    return std::tie(x.kind, x.first.file, x.first.line, x.second.file, x.second.line);
  };
  for (auto& g : into)
    if (key(g) == key(f)) {
      g.count += f.count;
      return;
    }
  into.push_back(std::move(f));
}

// A site from a regex match's groups (function, file, line).
sanitizer_site site_from(const std::smatch& m, int function, int file, int line) {
  const std::string digits = m[static_cast<std::size_t>(line)].str();
  return sanitizer_site{m[static_cast<std::size_t>(file)].str(), digits.empty() ? 0 : std::stoi(digits), m[static_cast<std::size_t>(function)].str()};
}

// racecheck's "all" report gives each racing line pair twice: as analysis (no direction) and as
// hazards (RAW, WAR, WAW, with threads). Keep the analysis only for pairs no hazard record names (the
// hazards stop at the print limit; the analysis does not).
std::vector<sanitizer_finding> without_covered_analysis(std::vector<sanitizer_finding> found) {
  auto covered = [&](const sanitizer_finding& a) {
    for (const auto& h : found) {
      if (h.kind == "race" || h.tool != a.tool) continue;
      const bool same = h.first.line == a.first.line && h.second.line == a.second.line && h.first.file == a.first.file;
      const bool swapped = h.first.line == a.second.line && h.second.line == a.first.line && h.first.file == a.second.file;
      if (same || swapped) return true;
    }
    return false;
  };
  std::vector<sanitizer_finding> kept;
  for (const auto& f : found)
    if (f.kind != "race" || !covered(f)) kept.push_back(f);
  return kept;
}

std::string kind_of_memcheck_text(const std::string& text) {
  if (text.find("out of bounds") != std::string::npos || text.find("Invalid ") != std::string::npos) return "out of bounds";
  if (text.find("misaligned") != std::string::npos) return "misaligned access";
  return "memory error";
}

}  // namespace

std::vector<sanitizer_finding> parse_sanitizer_xml(const std::string& xml, const std::string& tool) {
  pugi::xml_document doc;
  const auto ok = doc.load_buffer(xml.data(), xml.size());
  if (!ok) throw sanitizer_output_error(std::string("not a complete compute-sanitizer XML file: ") + ok.description() + " at byte " +
                                        std::to_string(ok.offset));
  const auto root = doc.child("ComputeSanitizerOutput");
  if (!root) throw sanitizer_output_error("not compute-sanitizer XML: no <ComputeSanitizerOutput> element");
  std::vector<sanitizer_finding> found;
  for (const auto& record : root.children("record")) {
    const std::string kind = record.child("kind").text().as_string();
    const auto what = record.child("what");
    sanitizer_finding f;
    f.tool = tool;
    f.text = what.child("text").text().as_string();
    const auto who = record.child("who");
    const std::string thread_of_who =
        who ? "thread " + coordinates(who.child("threadIdx")) + " in block " + coordinates(who.child("blockIdx")) : std::string();
    if (kind == "Hazard") {
      f.kind = hazard_kind(child_text(what, "common/type"));
      f.first = site_of(what.first_element_by_path("thread0/where"));
      f.second = site_of(what.first_element_by_path("thread1/where"));
      f.threads = std::string(child_text(what, "thread0/access")) + " by thread " + coordinates(what.first_element_by_path("thread0/threadIdx")) +
                  ", " + child_text(what, "thread1/access") + " by thread " + coordinates(what.first_element_by_path("thread1/threadIdx")) +
                  " in block " + coordinates(what.first_element_by_path("common/blockIdx"));
    } else if (kind == "Analysis") {
      f.kind = "race";
      f.first = site_of(what.first_element_by_path("source/where"));
      f.second = site_of(what.first_element_by_path("destination/where"));
      f.count = std::max(1u, what.first_element_by_path("destination/count").text().as_uint(1));
      f.threads = std::string(child_text(what, "source/direction")) + " and " + child_text(what, "destination/direction") +
                  " accesses (racecheck's analysis names no threads)";
    } else if (kind == "Synccheck") {
      f.kind = "barrier divergence";
      const std::string type = what.child("type").text().as_string();
      if (!type.empty()) f.text += ": " + type;
      f.first = site_of(record.child("where"));
      f.threads = thread_of_who;
    } else if (kind == "Precise" || kind == "Imprecise") {
      f.kind = kind_of_memcheck_text(f.text);
      f.first = site_of(record.child("where"));
      f.threads = thread_of_who;
    } else if (kind == "Initcheck") {
      f.kind = "uninitialized read";
      f.first = site_of(record.child("where"));
      f.threads = thread_of_who;
    } else if (kind == "Api") {
      f.kind = "api error";
    } else {
      f.kind = kind.empty() ? "unknown" : "other: " + kind;
      f.first = site_of(record.child("where"));
      f.threads = thread_of_who;
    }
    f.frames = frames_of(record, f.first, f.second);
    add(found, std::move(f));
  }
  return without_covered_analysis(std::move(found));
}

std::vector<sanitizer_finding> parse_sanitizer_text(const std::string& text, const std::string& tool) {
  // Each finding is a block of "========= " lines ended by a bare "========= ".
  static const std::regex at_line(R"(^\s*at (.*)\+0x[0-9a-fA-F]+ in (.*):(\d+)\s*$)");
  static const std::regex at_no_line(R"(^\s*at (.*)\+0x[0-9a-fA-F]+\s*$)");
  static const std::regex by_thread(R"(^\s*by thread (\([0-9,]+\)) in block (\([0-9,]+\)))");
  static const std::regex race_between(R"(Race reported between (\w+) access at (.*)\+0x[0-9a-fA-F]+ in (.*):(\d+))");
  static const std::regex race_and(R"(^\s*and (\w+) access at (.*)\+0x[0-9a-fA-F]+ in (.*):(\d+)(?: \[(\d+) hazards?\])?)");
  static const std::regex hazard_head(R"(Potential (RAW|WAR|WAW) hazard detected at .* in block (\([0-9,]+\)))");
  static const std::regex device_frame(R"(Device Frame:\s*(.*?)(?:\+0x[0-9a-fA-F]+)?(?: \[0x[0-9a-fA-F]+\])? in (.*):(\d+))");
  static const std::regex hazard_thread(R"(^\s*(\w+) Thread (\([0-9,]+\)) at (.*)\+0x[0-9a-fA-F]+ in (.*):(\d+))");
  std::vector<sanitizer_finding> found;
  std::vector<std::string> block;
  auto finish = [&] {
    if (block.empty()) return;
    const std::string& head = block.front();
    sanitizer_finding f;
    f.tool = tool;
    std::smatch m;
    bool keep = true;
    if (std::regex_search(head, m, race_between)) {
      f.kind = "race";
      f.text = "Race condition";
      f.first = site_from(m, 2, 3, 4);
      const std::string first_access = m[1];
      if (block.size() > 1 && std::regex_search(block[1], m, race_and)) {
        f.second = site_from(m, 2, 3, 4);
        if (m[5].matched) f.count = static_cast<unsigned>(std::stoul(m[5]));
        f.threads = first_access + " and " + std::string(m[1]) + " accesses (racecheck's analysis names no threads)";
      }
    } else if (std::regex_search(head, m, hazard_head)) {
      f.kind = hazard_kind(m[1]);
      f.text = "Potential " + std::string(m[1]) + " hazard detected";
      const std::string blk = m[2];
      std::vector<std::string> who;
      for (const auto& l : block)
        if (std::regex_search(l, m, hazard_thread)) {
          (who.empty() ? f.first : f.second) = site_from(m, 3, 4, 5);
          who.push_back(std::string(m[1]) + " by thread " + std::string(m[2]));
        }
      f.threads = (who.size() > 0 ? who[0] : "") + (who.size() > 1 ? ", " + who[1] : "") + " in block " + blk;
    } else if (head.find("Program hit ") != std::string::npos) {
      f.kind = "api error";
      f.text = head.substr(head.find("Program hit "));
    } else {
      std::string h = head;
      h.erase(0, h.find_first_not_of(' '));
      f.text = h;
      if (h.rfind("Barrier error", 0) == 0) f.kind = "barrier divergence";
      else if (h.rfind("Uninitialized ", 0) == 0) f.kind = "uninitialized read";
      else if (h.rfind("Invalid ", 0) == 0 || h.find("out of bounds") != std::string::npos) f.kind = kind_of_memcheck_text(h);
      else keep = false;  // summaries, banners, the program's own lines
      for (const auto& l : block) {
        if (std::regex_search(l, m, at_line)) f.first = site_from(m, 1, 2, 3);
        else if (f.first.function.empty() && std::regex_search(l, m, at_no_line)) f.first.function = m[1];
        if (std::regex_search(l, m, by_thread)) f.threads = "thread " + std::string(m[1]) + " in block " + std::string(m[2]);
      }
    }
    for (const auto& l : block)
      if (std::regex_search(l, m, device_frame)) {
        sanitizer_site d = site_from(m, 1, 2, 3);
        const bool primary = (d.line == f.first.line && d.file == f.first.file) || (d.line == f.second.line && d.file == f.second.file);
        if (!primary) f.frames.push_back(d);
      }
    if (keep) add(found, std::move(f));
    block.clear();
  };
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("=========", 0) != 0) continue;  // the program's own output, interleaved
    std::string body = line.substr(9);
    if (body.find_first_not_of(' ') == std::string::npos) {
      finish();
      continue;
    }
    // A new finding starts at a line indented by one space; its details are indented further.
    const bool head = body.size() > 1 && body[0] == ' ' && body[1] != ' ';
    if (head) {
      finish();
      if (body.find("COMPUTE-SANITIZER") != std::string::npos || body.find("SUMMARY") != std::string::npos) continue;
    }
    if (!head && block.empty()) continue;
    block.push_back(body.substr(1));
  }
  finish();
  return without_covered_analysis(std::move(found));
}

std::vector<std::string> sanitizer_tools_for(const std::string& expectation) {
  std::vector<std::string> tools;
  auto want = [&](const char* t) {
    if (std::find(tools.begin(), tools.end(), t) == tools.end()) tools.push_back(t);
  };
  if (expectation == "barrier divergence" || expectation == "divergence") want("synccheck");
  if (expectation.rfind("out of bounds", 0) == 0 || expectation.rfind("out_of_bounds", 0) == 0) want("memcheck");
  if (expectation.rfind("hazard", 0) != 0) return tools;
  auto has = [&](const char* k) { return expectation.find(k) != std::string::npos; };
  // racecheck sees tile_static (shared memory) hazards only; a race on global memory or between tiles
  // is run under it too, so the report shows what it misses.
  if (has("read after write") || has("write after read") || has("write after write") || has("race between") ||
      has("write next to atomic") || has("spin-wait"))
    want("racecheck");
  if (has("uninitialized read")) {
    want("racecheck");  // tile_static read before any write
    want("initcheck");  // global memory never written
  }
  if (has("spin-wait")) want("synccheck");
  if (has("host memory") || has("tile_static over budget")) want("memcheck");
  return tools;
}

std::vector<std::string> sanitizer_tools_for_correct_kernels() { return {"racecheck", "memcheck", "initcheck"}; }

std::string bug_class_of(const std::string& expectation) {
  if (expectation == "barrier divergence" || expectation == "divergence") return "divergence";
  if (expectation.rfind("out of bounds", 0) == 0 || expectation.rfind("out_of_bounds", 0) == 0) return "out of bounds";
  if (expectation.rfind("hazard", 0) != 0) return "correct";
  // The first kind a case names is the bug it plants; the others are what the same lines may also be.
  std::string kinds = expectation.substr(expectation.find(':') == std::string::npos ? 6 : expectation.find(':') + 1);
  kinds.erase(0, kinds.find_first_not_of(' '));
  const std::string first = kinds.substr(0, kinds.find(','));
  if (first == "race between tiles") return "race between tiles";
  if (first == "uninitialized read") return "uninitialized read";
  if (first == "host memory access") return "host memory";
  if (first == "spin-wait without a barrier") return "spin-wait";
  if (first == "write next to atomic") return "write next to atomic";
  if (first == "tile_static over budget") return "tile_static over budget";
  if (first == "race between threads") return "race between threads (no tiles)";
  return "race within a tile";
}

bool same_source_line(const sanitizer_site& site, const std::string& file, int line) {
  if (site.line != line || site.file.empty() || file.empty()) return false;
  const std::string& a = site.file.size() >= file.size() ? site.file : file;
  const std::string& b = site.file.size() >= file.size() ? file : site.file;
  if (a.size() < b.size() || a.compare(a.size() - b.size(), b.size(), b) != 0) return false;
  return a.size() == b.size() || a[a.size() - b.size() - 1] == '/';
}

}  // namespace tessera::conformance
