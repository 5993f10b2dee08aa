// The differ: a backend's outputs against the reference backend's, case by case and output by output.
#include <tessera/conformance/diff.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>

namespace tessera::conformance {

using nlohmann::json;

namespace {

std::string mismatch_message(const mismatch& m, const std::string& reference, const std::string& backend, bool floats) {
  std::string s = m.case_id + ": output `" + m.output + "` differs in " + std::to_string(m.differing) + " of " +
                  std::to_string(m.count) + " elements; first at [" + std::to_string(m.first_index) + "]: " + reference +
                  " " + m.reference_value + ", " + backend + " " + m.backend_value;
  if (floats) s += " (" + ulps_text(m.ulps) + ", bound " + std::to_string(m.bound) + ")";
  return s;
}

void diff_case(const case_record& ref, const case_record& other, diff_result& d) {
  std::map<std::string, const output*> theirs;
  for (const auto& o : other.outputs) theirs[o.name] = &o;
  for (const auto& mine : ref.outputs) {
    auto it = theirs.find(mine.name);
    if (it == theirs.end()) {
      d.problems.push_back(ref.id + ": output `" + mine.name + "` is missing on " + d.backend);
      continue;
    }
    const output& o = *it->second;
    theirs.erase(it);
    ++d.compared_outputs;
    if (o.type != mine.type || o.count != mine.count) {
      d.problems.push_back(ref.id + ": output `" + mine.name + "` is " + std::to_string(mine.count) + " " + name_of(mine.type) +
                           " on " + d.reference + " but " + std::to_string(o.count) + " " + name_of(o.type) + " on " + d.backend);
      continue;
    }
    const std::uint64_t bound = std::max(mine.ulps, o.ulps);
    const output_comparison c = compare(mine.type, o.bytes.data(), mine.bytes.data(), mine.count, bound);
    if (c.differing == 0) continue;
    const std::size_t size = size_of(mine.type);
    mismatch m;
    m.case_id = ref.id;
    m.output = mine.name;
    m.count = mine.count;
    m.differing = c.differing;
    m.first_index = c.first;
    m.reference_value = element_text(mine.type, mine.bytes.data() + c.first * size);
    m.backend_value = element_text(mine.type, o.bytes.data() + c.first * size);
    m.ulps = c.first_ulps;
    m.bound = bound;
    m.message = mismatch_message(m, d.reference, d.backend, is_float(mine.type));
    d.mismatches.push_back(std::move(m));
  }
  for (const auto& [name, o] : theirs) d.problems.push_back(ref.id + ": output `" + name + "` exists only on " + d.backend);
}

}  // namespace

diff_result diff(const run_results& reference, const run_results& backend) {
  diff_result d;
  d.reference = reference.backend;
  d.backend = backend.backend;
  std::vector<std::string> reference_only;
  for (const auto& dc : cases_per_device(backend.cases)) d.devices.push_back({dc.device, dc.name});
  auto tally = [&](const std::string& device) -> device_diff* {
    for (auto& x : d.devices)
      if (x.device == device) return &x;
    return nullptr;
  };
  for (const auto& ref : reference.cases) {
    const case_record* other = backend.find(ref.id);
    if (other == nullptr) {
      reference_only.push_back(ref.id);
      continue;
    }
    if (ref.status == case_status::skip || other->status == case_status::skip) continue;
    const std::size_t mismatches_before = d.mismatches.size(), problems_before = d.problems.size();
    if (ref.status != other->status) {
      d.problems.push_back(ref.id + ": " + name_of(ref.status) + " on " + d.reference + " but " + name_of(other->status) + " on " +
                           d.backend + (other->message.empty() ? "" : ": " + other->message));
    }
    ++d.compared_cases;
    diff_case(ref, *other, d);
    for (std::size_t k = mismatches_before; k < d.mismatches.size(); ++k) d.mismatches[k].device = other->device;
    if (device_diff* on = tally(other->device)) {
      ++on->compared_cases;
      on->mismatches += d.mismatches.size() - mismatches_before;
      on->problems += d.problems.size() - problems_before;
    }
    if (ref.timing && other->timing && ref.timing->median_ns > 0)
      d.timings.push_back({ref.id, ref.timing->median_ns, other->timing->median_ns, other->timing->median_ns / ref.timing->median_ns});
  }
  // Cases one run lacks: one line each way (a run filtered or built from some families lacks hundreds).
  auto missing = [&](const std::vector<std::string>& ids, const std::string& ran, const std::string& not_ran) {
    if (ids.empty()) return;
    std::string line = std::to_string(ids.size()) + (ids.size() == 1 ? " case ran" : " cases ran") + " on " + ran + " but not on " +
                       not_ran + " (a filtered run, or built from other sources?): ";
    for (std::size_t i = 0; i < ids.size() && i < 5; ++i) line += (i ? ", " : "") + ids[i];
    if (ids.size() > 5) line += ", ...";
    d.problems.push_back(std::move(line));
  };
  std::vector<std::string> backend_only;
  for (const auto& c : backend.cases)
    if (reference.find(c.id) == nullptr) backend_only.push_back(c.id);
  missing(reference_only, d.reference, d.backend);
  missing(backend_only, d.backend, d.reference);
  return d;
}

std::string per_device_line(const diff_result& d) {
  std::string line;
  for (const auto& x : d.devices) {
    line += (line.empty() ? "" : "; ") + x.device + " " + std::to_string(x.compared_cases) + (x.compared_cases == 1 ? " case, " : " cases, ") +
            std::to_string(x.mismatches) + (x.mismatches == 1 ? " mismatch" : " mismatches");
    if (x.problems) line += ", " + std::to_string(x.problems) + (x.problems == 1 ? " problem" : " problems");
  }
  return line;
}

void write_diff(const diff_result& d, const std::filesystem::path& file) {
  json mismatches = json::array();
  for (const auto& m : d.mismatches)
    mismatches.push_back({{"case", m.case_id},
                          {"output", m.output},
                          {"count", m.count},
                          {"differing", m.differing},
                          {"first_index", m.first_index},
                          {"reference_value", m.reference_value},
                          {"backend_value", m.backend_value},
                          {"ulps", m.ulps},
                          {"bound", m.bound},
                          {"message", m.message},
                          {"device", m.device}});
  json timings = json::array();
  for (const auto& t : d.timings)
    timings.push_back({{"case", t.case_id}, {"reference_ns", t.reference_ns}, {"backend_ns", t.backend_ns}, {"ratio", t.ratio}});
  json j{{"format", diff_format},           {"reference", d.reference},   {"backend", d.backend},
         {"compared_cases", d.compared_cases}, {"compared_outputs", d.compared_outputs}, {"mismatches", mismatches},
         {"problems", d.problems},          {"timings", timings}};
  if (!d.devices.empty()) {
    json devices = json::array();
    for (const auto& x : d.devices)
      devices.push_back({{"device", x.device}, {"name", x.name}, {"compared_cases", x.compared_cases}, {"mismatches", x.mismatches},
                         {"problems", x.problems}});
    j["devices"] = std::move(devices);
  }
  std::ofstream out(file);
  out << j.dump(1) << '\n';
  if (!out) throw results_error("cannot write " + file.string());
}

diff_result read_diff(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw results_error("cannot read diff file " + file.string());
  try {
    const json j = json::parse(in);
    if (j.value("format", std::string()) != diff_format) throw results_error(file.string() + " is not a Tessera diff file");
    diff_result d;
    d.reference = j.at("reference").get<std::string>();
    d.backend = j.at("backend").get<std::string>();
    d.compared_cases = j.value("compared_cases", std::size_t{0});
    d.compared_outputs = j.value("compared_outputs", std::size_t{0});
    for (const auto& m : j.at("mismatches"))
      d.mismatches.push_back({m.at("case").get<std::string>(), m.at("output").get<std::string>(), m.value("count", std::uint64_t{0}),
                              m.value("differing", std::uint64_t{0}), m.value("first_index", std::uint64_t{0}),
                              m.value("reference_value", std::string()), m.value("backend_value", std::string()),
                              m.value("ulps", std::uint64_t{0}), m.value("bound", std::uint64_t{0}), m.value("message", std::string()),
                              m.value("device", std::string())});
    d.problems = j.value("problems", std::vector<std::string>());
    for (const auto& t : j.value("timings", json::array()))
      d.timings.push_back({t.at("case").get<std::string>(), t.value("reference_ns", 0.0), t.value("backend_ns", 0.0), t.value("ratio", 0.0)});
    for (const auto& x : j.value("devices", json::array()))
      d.devices.push_back({x.value("device", std::string()), x.value("name", std::string()), x.value("compared_cases", std::size_t{0}),
                           x.value("mismatches", std::size_t{0}), x.value("problems", std::size_t{0})});
    return d;
  } catch (const json::exception& e) {
    throw results_error(file.string() + ": " + e.what());
  }
}

baseline_comparison compare_to_baseline(const run_results& run, const run_results& baseline, double threshold, double floor_ns) {
  baseline_comparison b;
  b.threshold = threshold;
  if (baseline.backend != run.backend || baseline.machine.cpu != run.machine.cpu || baseline.machine.cores != run.machine.cores) {
    b.comparable = false;
    b.note = "the baseline was measured on " + baseline.backend + " / " + baseline.machine.cpu + " (" +
             std::to_string(baseline.machine.cores) + " cores), this run on " + run.backend + " / " + run.machine.cpu + " (" +
             std::to_string(run.machine.cores) + " cores); to compare, store this machine's own baseline (tessera-conform baseline)";
    return b;
  }
  struct timed {
    const case_record* run;
    const case_record* base;
    double ratio;
  };
  std::vector<timed> cases;
  for (const auto& c : run.cases) {
    const case_record* base = baseline.find(c.id);
    if (base == nullptr || !base->timing || !c.timing || base->timing->median_ns < floor_ns) continue;
    if (c.timing->samples_ns.size() < 2) continue;
    cases.push_back({&c, base, c.timing->min_ns / base->timing->median_ns});
  }
  // Noise rule, in two parts. Within a case: one slow sample is noise, so a case is judged by its fastest
  // sample against the baseline's median. Across the run: a machine that is busier or slower than when
  // the baseline was taken slows every case alike, so a case regresses only when it is slower than the
  // run's typical case (the median ratio, when the run is slower than the baseline) by more than the
  // threshold.
  if (cases.size() >= 5) {
    std::vector<double> ratios;
    for (const auto& t : cases) ratios.push_back(t.ratio);
    std::nth_element(ratios.begin(), ratios.begin() + ratios.size() / 2, ratios.end());
    b.run_factor = std::max(1.0, ratios[ratios.size() / 2]);
  }
  for (const auto& t : cases)
    if (t.ratio / b.run_factor > 1.0 + threshold)
      b.regressions.push_back({t.run->id, t.base->timing->median_ns, t.run->timing->min_ns, t.ratio});
  return b;
}

}  // namespace tessera::conformance
