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
// A timed launch is parallel_for_each and synchronize on views over host vectors, inputs in place (the
// emulator computes in host memory; there is nothing to upload).
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
#include <stdexcept>

namespace {

using namespace tessera;

void launch(const peers::workload& w, long size, const peers::inputs& in, std::vector<float>& out) {
  const accelerator_view view = accelerator().get_default_view();
  const int n = static_cast<int>(size);
  switch (w.k) {
    case peers::kind::tile_average_2x2:
    case peers::kind::tile_average_16x16: {
      array_view<const float, 2> a(n, n, in.a);
      array_view<float, 2> b(n, n, out);
      b.discard_data();
      if (w.k == peers::kind::tile_average_2x2) tessera::kernels::tile_average<2>(view, a, b);
      else tessera::kernels::tile_average<16>(view, a, b);
      b.synchronize();
      break;
    }
    case peers::kind::matmul_16x16: {
      array_view<const float, 2> a(n, n, in.a), b(n, n, in.b);
      array_view<float, 2> c(n, n, out);
      c.discard_data();
      tessera::kernels::tiled_matmul<16, float>(view, a, b, c);
      c.synchronize();
      break;
    }
    case peers::kind::reduction_256: {
      array_view<const float, 1> a(n, in.a);
      array_view<float, 1> partial(static_cast<int>(out.size()), out);
      partial.discard_data();
      tessera::kernels::tile_reduce<256, tessera::kernels::sum_op, float>(view, a, partial);
      partial.synchronize();
      break;
    }
  }
}

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
    const peers::inputs in = peers::make_inputs(w, size);
    const std::vector<float> want = peers::oracle(w, size, in);
    std::vector<float> got(peers::output_count(w, size));
    const peers::timed t = peers::time_launches(
        [&] {
          std::fill(got.begin(), got.end(), std::numeric_limits<float>::quiet_NaN());
          const double s = bench::seconds([&] { launch(w, size, in, got); });
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
