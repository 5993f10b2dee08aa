// The cases of a run spread over the devices of a host: one stream of cases per device, each run by its
// own supervised child on that device, all at once.
//
// Case k goes to stream k mod N (interleaved, not in blocks): neighbouring cases are mostly of one family
// and cost alike, so interleaving evens out the streams' time without timing anything beforehand, and the
// assignment depends only on the number of cases and streams (the same at every run).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::conformance {

// A device a stream runs on: its path ("cuda:1", what TESSERA_DEFAULT_ACCELERATOR names) and its name.
struct stream_device {
  std::string path;
  std::string name;
};

// The cases first, first + stride, first + 2 * stride, ... of a run.
struct case_stream {
  std::size_t first = 0;
  std::size_t stride = 1;
};

// min(streams, cases) streams (one when there are no cases), each with at least one case when there are any;
// every case in exactly one, stream sizes differing by at most one.
std::vector<case_stream> split_cases(std::size_t cases, std::size_t streams);

// The case indices of `s` in a run of `cases`, in the order the stream runs them.
std::vector<std::size_t> cases_of(const case_stream& s, std::size_t cases);

// A --gpus value that cannot be met: names the value, what was found, and what to pass instead.
class device_choice_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What is wrong with a --gpus value ("all" or a positive number), or nothing.
std::string gpu_count_problem(const std::string& how_many);

// The devices `how_many` asks for among `found` (in their order): "all", or a positive number of the first.
std::vector<stream_device> choose_devices(const std::vector<stream_device>& found, const std::string& how_many);

}  // namespace tessera::conformance
