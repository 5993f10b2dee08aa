#include "ctest_resources.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace tessera::conformance {

namespace {

const char* const fix = "; ctest sets it from the resource specification file (conform_cuda --resource-spec FILE writes one from "
                        "the GPUs found)";

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string> split(const std::string& s, char at) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, at);) parts.push_back(part);
  return parts;
}

}  // namespace

std::optional<std::string> allotted_gpu(const std::function<std::optional<std::string>(const std::string&)>& variable) {
  const auto count_text = variable("CTEST_RESOURCE_GROUP_COUNT");
  if (!count_text) return std::nullopt;
  if (!all_digits(*count_text) || count_text->size() > 6)
    throw resource_group_error("CTEST_RESOURCE_GROUP_COUNT=\"" + *count_text + "\" is not a number of resource groups" + fix);
  const unsigned long count = std::stoul(*count_text);
  for (unsigned long g = 0; g < count; ++g) {
    const std::string group = "CTEST_RESOURCE_GROUP_" + std::to_string(g);
    const auto types = variable(group);
    if (!types) throw resource_group_error(group + " is not set although CTEST_RESOURCE_GROUP_COUNT=" + *count_text + fix);
    const auto names = split(*types, ',');
    if (std::find(names.begin(), names.end(), "gpus") == names.end()) continue;
    const std::string name = group + "_GPUS";
    const auto allocation = variable(name);
    if (!allocation) throw resource_group_error(name + " is not set although " + group + "=\"" + *types + "\" lists gpus" + fix);
    // "id:1,slots:1" (several allocations are separated by ';'; a test asking for gpus:1 gets one).
    const auto first = split(*allocation, ';');
    std::optional<std::string> id;
    bool slots = false;
    for (const auto& field : split(first.empty() ? std::string() : first.front(), ',')) {
      if (field.rfind("id:", 0) == 0) id = field.substr(3);
      if (field.rfind("slots:", 0) == 0) slots = all_digits(field.substr(6));
    }
    if (!id || !slots)
      throw resource_group_error(name + "=\"" + *allocation + "\" is not \"id:<K>,slots:<n>\"" + fix);
    if (!all_digits(*id) || id->size() > 6)
      throw resource_group_error(name + "=\"" + *allocation + "\": the id \"" + *id +
                                 "\" is not a CUDA device number; the resource specification file must list the GPUs by "
                                 "number (\"0\", \"1\", ...)" + fix);
    return id;
  }
  return std::nullopt;
}

std::string resource_spec_json(const std::vector<std::string>& gpu_ids, unsigned slots) {
  nlohmann::json gpus = nlohmann::json::array();
  for (const auto& id : gpu_ids) gpus.push_back({{"id", id}, {"slots", std::max(1u, slots)}});
  const nlohmann::json spec{{"version", {{"major", 1}, {"minor", 0}}}, {"local", nlohmann::json::array({{{"gpus", gpus}}})}};
  return spec.dump(1) + "\n";
}

void write_resource_spec(const std::filesystem::path& file, const std::vector<std::string>& gpu_ids, unsigned slots) {
  if (gpu_ids.empty()) {
    std::filesystem::remove(file);
    return;
  }
  if (!file.parent_path().empty()) std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file);
  out << resource_spec_json(gpu_ids, slots);
  if (!out) throw std::runtime_error("cannot write the resource specification file " + file.string());
}

}  // namespace tessera::conformance
