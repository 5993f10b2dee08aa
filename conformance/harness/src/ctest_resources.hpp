// CTest's resource allocation for the GPU backends' tests (RESOURCE_GROUPS gpus:1): the resource
// specification file made from the GPUs found, and the GPU ctest allotted a test, which it passes in
// CTEST_RESOURCE_GROUP_<g>_GPUS="id:<K>,slots:<n>". The ids in the file are CUDA device numbers, so the
// allotted id names the accelerator "cuda:<K>" the test runs on.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

// CTest's variables that do not say what they must: names the variable, its value, and the fix.
class resource_group_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The id of the GPU ctest allotted (the first gpus allocation of the first group that has one), or
// nothing when ctest allotted no GPU (no resource specification file, or a test without RESOURCE_GROUPS).
// `variable` reads the environment (a map in tests).
std::optional<std::string> allotted_gpu(const std::function<std::optional<std::string>(const std::string&)>& variable);

// The resource specification file's text: one local "gpus" resource per id, `slots` each.
std::string resource_spec_json(const std::vector<std::string>& gpu_ids, unsigned slots);

// Writes the file for `gpu_ids`; with none, removes it (ctest then runs without resource allocation, as
// on a machine without GPUs).
void write_resource_spec(const std::filesystem::path& file, const std::vector<std::string>& gpu_ids, unsigned slots);

}  // namespace tessera::conformance
