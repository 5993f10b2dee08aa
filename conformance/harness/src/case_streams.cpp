#include "case_streams.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

namespace tessera::conformance {

std::vector<case_stream> split_cases(std::size_t cases, std::size_t streams) {
  const std::size_t n = std::max<std::size_t>(1, std::min(streams, cases));
  std::vector<case_stream> split;
  for (std::size_t s = 0; s < n; ++s) split.push_back({s, n});
  return split;
}

std::vector<std::size_t> cases_of(const case_stream& s, std::size_t cases) {
  std::vector<std::size_t> indices;
  for (std::size_t i = s.first; i < cases; i += std::max<std::size_t>(1, s.stride)) indices.push_back(i);
  return indices;
}

namespace {
std::optional<unsigned long> count_of(const std::string& how_many) {
  unsigned long n = 0;
  const auto [end, ec] = std::from_chars(how_many.data(), how_many.data() + how_many.size(), n);
  if (ec != std::errc() || end != how_many.data() + how_many.size() || n == 0) return std::nullopt;
  return n;
}
}  // namespace

std::string gpu_count_problem(const std::string& how_many) {
  return how_many == "all" || count_of(how_many) ? std::string() : "expected \"all\" or a positive number of GPUs, not \"" + how_many + "\"";
}

std::vector<stream_device> choose_devices(const std::vector<stream_device>& found, const std::string& how_many) {
  if (how_many == "all") return found;
  if (const std::string problem = gpu_count_problem(how_many); !problem.empty()) throw device_choice_error("--gpus: " + problem);
  const unsigned long n = *count_of(how_many);
  if (n > found.size())
    throw device_choice_error("--gpus " + how_many + ": this host has " + std::to_string(found.size()) + (found.size() == 1 ? " GPU" : " GPUs") +
                              "; pass --gpus all or a number up to " + std::to_string(found.size()));
  return std::vector<stream_device>(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(n));
}

}  // namespace tessera::conformance
