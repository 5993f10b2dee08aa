// What a results file says about the machine that made it: enough to tell whether two runs' timings
// can be compared, and for a reader of the report.
#include <tessera/conformance/results.hpp>

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <thread>

namespace tessera::conformance {

namespace {
std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  return "unknown CPU";
}

std::string os_name() {
  std::ifstream in("/etc/os-release");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("PRETTY_NAME=", 0) == 0) {
      std::string v = line.substr(12);
      if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
      return v;
    }
  utsname u{};
  return uname(&u) == 0 ? std::string(u.sysname) + " " + u.release : "unknown OS";
}
}  // namespace

machine_info this_machine(std::string compiler, bool cuda) {
  machine_info m;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) m.host = host;
  m.os = os_name();
  m.cpu = cpu_model();
  m.cores = std::thread::hardware_concurrency();
  m.compiler = std::move(compiler);
  m.cuda = cuda;
  return m;
}

}  // namespace tessera::conformance
