// Running one configuration of the benchmark as a child process with a time limit: a configuration that
// runs past it (Oclgrind on large sizes, a hazard kernel that spins forever) is killed and recorded as
// over the limit, so the whole benchmark stays bounded.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace peers {

struct child_result {
  bool started = false;     // false: the program could not be run (error holds why)
  bool timed_out = false;   // killed at the limit
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it (other than our kill at the limit)
  double seconds = 0;       // wall time
  std::string out, err;     // what it printed
  std::string error;
};

// Runs argv[0] (found on PATH when it has no slash) with argv, the environment plus `env`, stdout and
// stderr captured, in its own process group: at `limit_seconds` the whole group is killed (SIGKILL),
// Oclgrind's threads and anything the program started with it.
child_result run_child(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env,
                       double limit_seconds);

}  // namespace peers
