// The Tessera side of the benchmark: one workload at one size on the emulator, timed and checked against
// the serial oracle, the result printed as one JSON object. The driver runs it as a child process with a
// time limit. This file is built twice: bench_peers_tessera (plain, run with TESSERA_CHECKS=off) and
// bench_peers_tessera_checked (tessera_checked_kernels: every load and store of the kernels is watched,
// run with TESSERA_CHECKS=report); each program is its own build, so the shared kernels' instantiations
// cannot be merged across the two. Built by nvcc as well (bench_peers_tessera_cuda), it runs the same
// kernels on the default accelerator, a GPU: bench/sanitizer runs that one under compute-sanitizer.
//
//   bench_peers_tessera --workload matmul_16x16 --size 256 [--budget 2]
//
// A timed launch is the kernel's parallel_for_each and the wait for it, on views made once over host
// vectors (class workload_views); moving the output back is not timed, as on the OpenCL side.
#include "timing.hpp"
#include "workloads.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>
#include <tessera/kernels/matmul.hpp>
#include <tessera/kernels/reduction.hpp>
#include <tessera/kernels/tile_average.hpp>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>

namespace {

using namespace tessera;

// One workload's views, made once, as the OpenCL runner makes its buffers once: the inputs move to the
// device's memory on the first (warm-up) launch and stay there; the output is discarded before each launch
// and brought back after it, outside the timed part.
class workload_views {
 public:
  workload_views(const peers::workload& w, long size, const peers::inputs& in, std::vector<float>& out)
      : w_(w),
        n_(static_cast<int>(size)),
        a_(w.k == peers::kind::reduction_256 ? extent<2>(1, n_) : extent<2>(n_, n_), in.a),
        out_(w.k == peers::kind::reduction_256 ? extent<2>(1, static_cast<int>(out.size())) : extent<2>(n_, n_), out) {
    if (w.k == peers::kind::matmul_16x16) b_.emplace(n_, n_, in.b);
  }

  // One launch, waited for: what is timed.
  void launch() {
    const accelerator_view view = accelerator().get_default_view();
    out_.discard_data();
    switch (w_.k) {
      case peers::kind::tile_average_2x2: tessera::kernels::tile_average<2>(view, a_, out_); break;
      case peers::kind::tile_average_16x16: tessera::kernels::tile_average<16>(view, a_, out_); break;
      case peers::kind::matmul_16x16: tessera::kernels::tiled_matmul<16, float>(view, a_, *b_, out_); break;
      case peers::kind::reduction_256: tessera::kernels::tile_reduce<256, tessera::kernels::sum_op, float>(view, a_[0], out_[0]); break;
    }
    view.wait();
  }
  // The launch's output in the host vector.
  void bring_back() { out_.synchronize(); }

 private:
  const peers::workload& w_;
  int n_;
  array_view<const float, 2> a_;
  std::optional<array_view<const float, 2>> b_;  // the second matrix: matmul only
  array_view<float, 2> out_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Runs one benchmark workload on Tessera's emulator and prints the result as JSON."};
  std::string workload_id;
  long size = 0;
  double budget = 2;
  app.add_option("--workload", workload_id, "tile_average_2x2, tile_average_16x16, matmul_16x16, reduction_256")->required();
  app.add_option("--size", size, "N (matrices N x N) or the number of floats (reduction)")->required()->check(CLI::PositiveNumber);
  app.add_option("--budget", budget, "Seconds of launches to repeat within after the first")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  nlohmann::json result;
  result["device"] = accelerator().get_device_path();
#ifndef __CUDACC__
  const tessera::emulator::options o = tessera::emulator::get_options();
  result["checks"] = o.checks == tessera::emulator::check_mode::off ? "off" : o.checks == tessera::emulator::check_mode::stop ? "stop" : "report";
  result["workers"] = tessera::emulator::effective_workers();
#endif
#ifdef TESSERA_PEERS_CHECKED
  result["instrumented"] = true;
#else
  result["instrumented"] = false;
#endif
  try {
    const peers::workload& w = peers::workload_named(workload_id);
    // The serial work around the launches, timed too: bench/sanitizer compares whole processes, which
    // include it on both sides.
    peers::inputs in;
    result["inputs_seconds"] = bench::seconds([&] { in = peers::make_inputs(w, size); });
    std::vector<float> want;
    result["oracle_seconds"] = bench::seconds([&] { want = peers::oracle(w, size, in); });
    std::vector<float> got(peers::output_count(w, size));
    workload_views views(w, size, in, got);
    const peers::timed t = peers::time_launches(
        [&] {
          std::fill(got.begin(), got.end(), std::numeric_limits<float>::quiet_NaN());
          const double s = bench::seconds([&] { views.launch(); });
          views.bring_back();
          std::string first;
          if (const std::size_t bad = peers::mismatches(got, want, first))
            throw std::runtime_error(std::to_string(bad) + " results differ from the serial oracle; " + first);
          return s;
        },
        budget);
    result.update(peers::to_json(t));
    result["ok"] = true;
  } catch (const std::exception& e) {
    result["ok"] = false;
    result["error"] = e.what();
  }
  std::cout << result.dump() << std::endl;
  return result["ok"].get<bool>() ? 0 : 1;
}
