// Results files as JSON (nlohmann-json): one object per run, one per case; outputs inline as hex up to
// inline_bytes, larger ones as content-addressed blobs beside the file.
#include <tessera/conformance/results.hpp>

#include <nlohmann/json.hpp>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <tuple>

namespace tessera::conformance {

using nlohmann::json;

const char* name_of(case_status s) noexcept {
  switch (s) {
    case case_status::pass: return "pass";
    case case_status::fail: return "fail";
    case case_status::skip: return "skip";
  }
  return "?";
}

namespace {

case_status status_named(const std::string& s) {
  if (s == "pass") return case_status::pass;
  if (s == "skip") return case_status::skip;
  if (s == "fail") return case_status::fail;
  throw results_error("unknown case status \"" + s + "\" (pass, fail or skip)");
}

std::string hex(const std::vector<unsigned char>& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (unsigned char b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

std::vector<unsigned char> unhex(const std::string& s) {
  if (s.size() % 2 != 0) throw results_error("output data has an odd number of hex digits");
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw results_error(std::string("output data holds a non-hex character '") + c + "'");
  };
  std::vector<unsigned char> bytes(s.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(value(s[2 * i]) << 4 | value(s[2 * i + 1]));
  return bytes;
}

json output_to_json(const output& o, const std::filesystem::path& blobs) {
  json j{{"name", o.name}, {"type", name_of(o.type)}, {"count", o.count}, {"ulps", o.ulps}, {"hash", hash_of(o.bytes)}};
  if (o.bytes.size() <= inline_bytes) {
    j["data"] = hex(o.bytes);
  } else {
    const std::string file = j["hash"].get<std::string>().substr(6) + ".bin";
    std::filesystem::create_directories(blobs);
    const auto path = blobs / file;
    if (!std::filesystem::exists(path)) {
      const auto partial = blobs / (file + ".part" + std::to_string(::getpid()));
      {
        std::ofstream out(partial, std::ios::binary);
        out.write(reinterpret_cast<const char*>(o.bytes.data()), static_cast<std::streamsize>(o.bytes.size()));
        if (!out) throw results_error("cannot write " + partial.string() + ": is the disk full or the folder read-only?");
      }
      std::filesystem::rename(partial, path);  // atomic: concurrent writers of one blob write the same bytes
    }
    j["blob"] = "blobs/" + file;
  }
  return j;
}

output output_from_json(const json& j, const std::filesystem::path& blobs) {
  output o;
  o.name = j.at("name").get<std::string>();
  if (!element_type_named(j.at("type").get<std::string>(), o.type))
    throw results_error("output `" + o.name + "` has unknown element type " + j.at("type").dump());
  o.count = j.at("count").get<std::uint64_t>();
  o.ulps = j.value("ulps", std::uint64_t{0});
  if (j.contains("data")) {
    o.bytes = unhex(j.at("data").get<std::string>());
  } else {
    const auto path = blobs / std::filesystem::path(j.at("blob").get<std::string>()).filename();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw results_error("output `" + o.name + "`: blob " + path.string() + " is missing; copy the blobs/ folder with the results file");
    o.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (o.bytes.size() != o.count * size_of(o.type))
    throw results_error("output `" + o.name + "` holds " + std::to_string(o.bytes.size()) + " bytes for " + std::to_string(o.count) + " elements");
  if (j.contains("hash") && j.at("hash").get<std::string>() != hash_of(o.bytes))
    throw results_error("output `" + o.name + "`: its data does not match its hash (a damaged or mixed-up blob)");
  return o;
}

json frames_to_json(const std::vector<sanitizer_site>& frames) {
  json a = json::array();
  for (const auto& f : frames) a.push_back({{"file", f.file}, {"line", f.line}, {"function", f.function}});
  return a;
}

json case_to_json(const case_record& c, const std::filesystem::path& blobs) {
  json j{{"id", c.id},
         {"family", c.family},
         {"name", c.name},
         {"clauses", c.clauses},
         {"negative", c.negative},
         {"expectation", c.expectation},
         {"status", name_of(c.status)},
         {"message", c.message},
         {"diagnostic", c.diagnostic},
         {"log", c.log},
         {"file", c.file},
         {"line", c.line},
         {"configurations", c.configurations},
         {"seconds", c.seconds}};
  if (c.timing) {
    j["timing"] = {{"samples_ns", c.timing->samples_ns},
                   {"median_ns", c.timing->median_ns},
                   {"min_ns", c.timing->min_ns},
                   {"max_ns", c.timing->max_ns}};
  } else {
    j["timing"] = nullptr;
  }
  json outs = json::array();
  for (const auto& o : c.outputs) outs.push_back(output_to_json(o, blobs));
  j["outputs"] = std::move(outs);
  if (!c.sanitizer.empty() || !c.sanitizer_verdict.empty()) {
    json runs = json::array();
    for (const auto& run : c.sanitizer) {
      json findings = json::array();
      for (const auto& f : run.findings)
        findings.push_back({{"tool", f.tool},
                            {"kind", f.kind},
                            {"text", f.text},
                            {"first", {{"file", f.first.file}, {"line", f.first.line}, {"function", f.first.function}}},
                            {"second", {{"file", f.second.file}, {"line", f.second.line}, {"function", f.second.function}}},
                            {"threads", f.threads},
                            {"count", f.count},
                            {"frames", frames_to_json(f.frames)}});
      runs.push_back({{"tool", run.tool}, {"outcome", run.outcome}, {"seconds", run.seconds}, {"note", run.note}, {"findings", std::move(findings)}});
    }
    j["sanitizer"] = {{"verdict", c.sanitizer_verdict}, {"runs", std::move(runs)}};
  }
  // Only where a device is named: the emulator's files stay as they were.
  if (!c.device.empty()) {
    j["device"] = c.device;
    j["device_name"] = c.device_name;
  }
  return j;
}

case_record case_from_json(const json& j, const std::filesystem::path& blobs) {
  case_record c;
  c.id = j.at("id").get<std::string>();
  c.family = j.value("family", std::string());
  c.name = j.value("name", std::string());
  c.clauses = j.value("clauses", std::vector<std::string>());
  c.negative = j.value("negative", false);
  c.expectation = j.value("expectation", std::string());
  c.status = status_named(j.at("status").get<std::string>());
  c.message = j.value("message", std::string());
  c.diagnostic = j.value("diagnostic", std::string());
  c.log = j.value("log", std::string());
  c.file = j.value("file", std::string());
  c.line = j.value("line", 0);
  c.configurations = j.value("configurations", std::vector<std::string>());
  c.seconds = j.value("seconds", 0.0);
  if (j.contains("timing") && !j.at("timing").is_null()) {
    const auto& t = j.at("timing");
    c.timing = case_timing{t.value("samples_ns", std::vector<double>()), t.value("median_ns", 0.0), t.value("min_ns", 0.0),
                           t.value("max_ns", 0.0)};
  }
  for (const auto& o : j.value("outputs", json::array())) c.outputs.push_back(output_from_json(o, blobs));
  if (j.contains("sanitizer") && j.at("sanitizer").is_object()) {
    const auto& s = j.at("sanitizer");
    c.sanitizer_verdict = s.value("verdict", std::string());
    auto site = [](const json& x) {
      return sanitizer_site{x.value("file", std::string()), x.value("line", 0), x.value("function", std::string())};
    };
    for (const auto& r : s.value("runs", json::array())) {
      sanitizer_run run{r.value("tool", std::string()), r.value("outcome", std::string()), r.value("seconds", 0.0), r.value("note", std::string()), {}};
      for (const auto& f : r.value("findings", json::array())) {
        sanitizer_finding finding{f.value("tool", std::string()), f.value("kind", std::string()), f.value("text", std::string()),
                                  site(f.value("first", json::object())), site(f.value("second", json::object())),
                                  f.value("threads", std::string()), f.value("count", 1u), {}};
        for (const auto& x : f.value("frames", json::array())) finding.frames.push_back(site(x));
        run.findings.push_back(std::move(finding));
      }
      c.sanitizer.push_back(std::move(run));
    }
  }
  c.device = j.value("device", std::string());
  c.device_name = j.value("device_name", std::string());
  return c;
}

}  // namespace

std::string hash_of(const std::vector<unsigned char>& bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "xxh64:%016llx", static_cast<unsigned long long>(XXH64(bytes.data(), bytes.size(), 0)));
  return text;
}

case_timing summarize(std::vector<double> samples) {
  case_timing t;
  if (samples.empty()) return t;
  t.samples_ns = samples;
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  t.median_ns = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  t.min_ns = samples.front();
  t.max_ns = samples.back();
  return t;
}

const case_record* run_results::find(const std::string& id) const {
  for (const auto& c : cases)
    if (c.id == id) return &c;
  return nullptr;
}

std::size_t run_results::count(case_status s) const {
  return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [s](const case_record& c) { return c.status == s; }));
}

bool device_order(const std::string& a, const std::string& b) {
  // Numbers compare by length, then digit by digit: "2" before "10", with no conversion to overflow.
  auto parts = [](const std::string& path) {
    const auto colon = path.rfind(':');
    const std::string number = colon == std::string::npos ? std::string() : path.substr(colon + 1);
    if (number.empty() || !std::all_of(number.begin(), number.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      return std::tuple<std::string, std::size_t, std::string>(path, 0, "");
    return std::tuple<std::string, std::size_t, std::string>(path.substr(0, colon), number.size(), number);
  };
  return parts(a) < parts(b);
}

std::vector<device_cases> cases_per_device(const std::vector<case_record>& cases) {
  std::vector<device_cases> devices;
  for (const auto& c : cases) {
    if (c.device.empty()) continue;
    auto it = std::find_if(devices.begin(), devices.end(), [&](const device_cases& d) { return d.device == c.device; });
    if (it == devices.end()) it = devices.insert(devices.end(), device_cases{c.device, c.device_name});
    (c.status == case_status::pass ? it->pass : c.status == case_status::fail ? it->fail : it->skip) += 1;
  }
  std::sort(devices.begin(), devices.end(), [](const device_cases& a, const device_cases& b) { return device_order(a.device, b.device); });
  return devices;
}

std::string to_json_line(const case_record& c, const std::filesystem::path& blobs) { return case_to_json(c, blobs).dump(); }

case_record case_from_json_line(const std::string& line, const std::filesystem::path& blobs) {
  try {
    return case_from_json(json::parse(line), blobs);
  } catch (const json::exception& e) {
    throw results_error(std::string("malformed case record: ") + e.what());
  }
}

void write_results(const run_results& r, const std::filesystem::path& file) {
  const auto blobs = file.parent_path() / "blobs";
  json j{{"format", results_format},
         {"backend", r.backend},
         {"device", r.device},
         {"machine",
          {{"host", r.machine.host},
           {"os", r.machine.os},
           {"cpu", r.machine.cpu},
           {"cores", r.machine.cores},
           {"compiler", r.machine.compiler},
           {"cuda", r.machine.cuda}}},
         {"started", r.started},
         {"seed", r.seed},
         {"workers", r.workers},
         {"repeat", r.repeat},
         {"seconds", r.seconds},
         {"totals", {{"pass", r.count(case_status::pass)}, {"fail", r.count(case_status::fail)}, {"skip", r.count(case_status::skip)}}}};
  json cases = json::array();
  for (const auto& c : r.cases) cases.push_back(case_to_json(c, blobs));
  j["cases"] = std::move(cases);
  if (!file.parent_path().empty()) std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file);
  out << j.dump(1) << '\n';
  if (!out) throw results_error("cannot write " + file.string() + ": is the disk full or the folder read-only?");
}

run_results read_results(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw results_error("cannot read results file " + file.string() + ": run the suite first (tessera-conform run)");
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw results_error(file.string() + " is not JSON: " + e.what());
  }
  try {
    if (j.value("format", std::string()) != results_format)
      throw results_error(file.string() + " is not a Tessera results file (format " + j.value("format", std::string("missing")) +
                          ", expected " + results_format + ")");
    run_results r;
    r.backend = j.at("backend").get<std::string>();
    r.device = j.value("device", std::string());
    const auto& m = j.at("machine");
    r.machine = machine_info{m.value("host", std::string()), m.value("os", std::string()), m.value("cpu", std::string()),
                             m.value("cores", 0u),           m.value("compiler", std::string()), m.value("cuda", false)};
    r.started = j.value("started", std::string());
    r.seed = j.value("seed", std::uint64_t{0});
    r.workers = j.value("workers", 0u);
    r.repeat = j.value("repeat", 1u);
    r.seconds = j.value("seconds", 0.0);
    for (const auto& c : j.at("cases")) r.cases.push_back(case_from_json(c, file.parent_path() / "blobs"));
    return r;
  } catch (const json::exception& e) {
    throw results_error(file.string() + ": " + e.what());
  } catch (const results_error& e) {
    throw results_error(file.string() + ": " + e.what());
  }
}

}  // namespace tessera::conformance
