// Case isolation: the executor's cases run in a child process (this executable again, --child), one
// after another; the parent only watches. With several devices there is one such stream of cases per
// device, all running at once (case_streams.hpp says which cases each gets), each child started with
// TESSERA_DEFAULT_ACCELERATOR naming its device; on the emulator, as many streams as the run asks for.
// When a case crashes, aborts or hangs past its time limit, the parent records that case as failed (with
// the signal or the limit, and what it printed), starts a new child at the next case, and the run goes on.
//
// Protocol on the child's descriptor 3: "start <index>" before each case, "done <json>" after it
// (results.hpp's case line). The child's stdout and stderr go to the parent, which keeps them per case.
#pragma once

#include "case_streams.hpp"

#include <tessera/conformance/case_info.hpp>
#include <tessera/conformance/results.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tessera::conformance {

struct supervision {
  std::string executable;               // this program
  std::vector<std::string> child_args;  // the run's settings, passed on to every child
  double timeout_seconds = 120;         // per case
  std::filesystem::path blobs;          // where children write large outputs
  // One stream of cases per device, each record saying which device ran it; empty: `streams` streams in
  // this process's environment, records naming no device (the emulator).
  std::vector<stream_device> devices;
  std::size_t streams = 1;
};

// Runs `selected` in children, calling `done` once for each case: in order with one stream, in the
// order they finish with several.
void run_supervised(const std::vector<const case_info*>& selected, const supervision& how,
                    const std::function<void(std::size_t index, case_record)>& done);

// The child's side (--child FROM --child-stride N): runs selected[FROM], selected[FROM + N], ... and
// reports on descriptor 3.
inline constexpr int protocol_fd = 3;

}  // namespace tessera::conformance
