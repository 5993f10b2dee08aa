// See sample_input.hpp. Built in code, not read from results files, so the report tests do not depend on
// the results file format.
#include "sample_input.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace tessera::reports::testing {
namespace {

using conformance::case_record;
using conformance::case_status;
using conformance::case_timing;

case_timing timing(double median_ns) {
  case_timing t;
  t.samples_ns = {median_ns * 0.95, median_ns, median_ns * 1.2};
  t.median_ns = median_ns;
  t.min_ns = median_ns * 0.95;
  t.max_ns = median_ns * 1.2;
  return t;
}

case_record make_case(const std::string& family, const std::string& name, std::vector<std::string> clauses, case_status status,
                      int line) {
  case_record c;
  c.id = family + "." + name;
  c.family = family;
  c.name = name;
  c.clauses = std::move(clauses);
  c.expectation = "pass";
  c.status = status;
  c.file = "conformance/cases/" + family + "/" + name + ".cpp";
  c.line = line;
  c.configurations = {"workers 1 seed 7", "workers 4 seed 7"};
  c.seconds = 0.0125;
  return c;
}

conformance::run_results make_run(const std::string& backend, const std::string& device) {
  conformance::run_results r;
  r.backend = backend;
  r.device = device;
  r.machine = {"ci-host-1", "Debian 12", "AMD EPYC 7B13", 16, "GNU 12.2.0", backend == "cuda"};
  r.started = "2025-01-31T12:00:00Z";
  r.seed = 7;
  r.workers = backend == "emulator" ? 4 : 0;
  r.repeat = 3;
  r.seconds = backend == "emulator" ? 12.5 : 3.25;
  return r;
}

}  // namespace

report_input sample_input() {
  report_input in;
  in.clauses = {
      {"IDX-1", "core", "§4.1", "normative", "index<N> components, dimension 0 most significant"},
      {"TIDX-2", "core", "§4.4", "normative", "global, local, tile, tile_origin identities"},
      {"BAR-2", "core", "§4.5.3", "normative", "wait: rendezvous plus fence on all memory"},
      {"BAR-6", "core", "§4.5, §8.1.1", "normative", "every tile thread reaches the same barrier"},
      {"BAR-9", "core", "§8.1", "normative", "forward progress; spin only with a barrier"},
      {"TS-2", "core", "§2.4.3.5.1", "normative", "one tile_static instance per tile"},
      {"GEN-2", "ext", "§1.4", "normative", "namespace and public headers"},
  };

  conformance::run_results emu = make_run("emulator", "CPU emulator (4 workers)");
  conformance::run_results cuda = make_run("cuda", "NVIDIA H100 80GB HBM3");

  // 1. passes everywhere
  case_record worked = make_case("tiled_index", "worked_example_5x4", {"TIDX-2", "IDX-1"}, case_status::pass, 12);
  // 2. passes on the emulator, fails on cuda with a hostile message
  case_record reduction = make_case("barriers", "reduction_256", {"BAR-2"}, case_status::pass, 30);
  // 3. negative: the emulator reports divergence, cuda cannot (skipped)
  case_record divergent = make_case("barriers", "divergent_half_tile", {"BAR-6"}, case_status::pass, 44);
  divergent.negative = true;
  divergent.expectation = "throws tessera::barrier_divergence";
  divergent.diagnostic = "barrier divergence in tile (0) (BAR-6): the threads of a tile must all reach the same barrier";
  // 4. negative, the only case citing BAR-9
  case_record spin = make_case("barriers", "spin_without_barrier", {"BAR-9"}, case_status::pass, 60);
  spin.negative = true;
  spin.expectation = "hazard: spin-wait without a barrier";
  // 5. positive case for BAR-6 and BAR-2
  case_record scan = make_case("barriers", "tile_static_scan", {"BAR-6", "BAR-2"}, case_status::pass, 80);
  // 6. cites a clause the catalog lacks
  case_record stray = make_case("misc", "cites_unknown_clause", {"NOPE-1"}, case_status::pass, 5);

  emu.cases = {worked, reduction, divergent, spin, scan, stray};
  emu.cases[0].timing = timing(120e3);
  emu.cases[1].timing = timing(3.1e6);
  emu.cases[2].timing = timing(45e3);
  emu.cases[4].timing = timing(800e3);
  emu.cases[5].status = case_status::skip;
  emu.cases[5].message = "needs 64-bit atomics";

  cuda.cases = {worked, reduction, divergent, spin, scan, stray};
  cuda.cases[0].timing = timing(15e3);
  cuda.cases[1].status = case_status::fail;
  cuda.cases[1].message = hostile_message;
  cuda.cases[1].diagnostic = "output sum differs at [3]:\n  got <0x7f800000> & expected 1.5\n";
  cuda.cases[1].log = "\x1b[31mcuda-memcheck: 0 errors\x1b[0m\nline two\n";
  cuda.cases[1].timing = timing(40e3);
  cuda.cases[2].status = case_status::skip;
  cuda.cases[2].message = "barrier divergence is undefined behaviour on the GPU; checked on the emulator only";
  cuda.cases[3].status = case_status::skip;
  cuda.cases[3].message = "spin-waits hang a GPU; checked on the emulator only";
  cuda.cases[4].timing = timing(9e3);

  conformance::diff_result d;
  d.reference = "emulator";
  d.backend = "cuda";
  d.compared_cases = 3;
  d.compared_outputs = 5;
  conformance::mismatch m;
  m.case_id = hostile_case;
  m.output = "sum";
  m.count = 256;
  m.differing = 1;
  m.first_index = 3;
  m.reference_value = "1.5 (0x3fc00000)";
  m.backend_value = "inf (0x7f800000)";
  m.ulps = 1u << 30;
  m.bound = 4;
  m.message = "barriers.reduction_256: output sum differs at [3]: emulator 1.5 (0x3fc00000), cuda inf (0x7f800000), "
              "1073741824 ulps > 4; 1 of 256 elements differ";
  d.mismatches = {m};
  d.problems = {"barriers.reduction_256 passed on emulator only"};
  d.timings = {{"tiled_index.worked_example_5x4", 120e3, 15e3, 0.125}, {"barriers.tile_static_scan", 800e3, 9e3, 0.01125}};

  conformance::baseline_comparison b;
  b.baseline_file = "conformance/baselines/emulator.json";
  b.threshold = 0.5;
  b.regressions = {{"tiled_index.worked_example_5x4", 60e3, 110e3, 110.0 / 60.0}};

  in.runs = {emu, cuda};
  in.diffs = {d};
  in.baselines = {b};
  return in;
}

scratch_dir::scratch_dir(const std::string& name) {
  path_ = std::filesystem::temp_directory_path() / ("tessera-reports-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

scratch_dir::~scratch_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

int run_command(const std::string& command, std::string& output) {
  output.clear();
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return -1;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tessera::reports::testing
