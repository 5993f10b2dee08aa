// How the emulator's speed grows with its worker count: the same launches at 1, 2, 4, ... workers up to
// every hardware thread, in one run, each speed-up against 1 worker measured in the same run.
//
// Workloads (bench/README.md): the 2x2 tile average of a 2048x2048 float matrix (a million 4-thread
// tiles: the per-tile cost dominates), the 16x16 tiled matrix multiply of 512x512 floats (1024 tiles of
// 256 threads: barrier crossings dominate), both plain kernels in the checks' default mode, and the same
// matrix multiply of 256x256 built with the checks' instrumentation and checked (the checks' bookkeeping
// dominates). Every round runs each worker count once, in turn; the table gives medians, and every result
// is compared with the 1-worker result (they must be equal: the emulator is deterministic).
// Goals: >= 12x on 16 cores and >= 1.8x on 2 cores for the tile average and the matrix multiply.
// `bench_scaling --large` also times the checked matrix multiply of 2048x2048 on every worker.
#include "check_cost_kernels.hpp"
#include "machine.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>
#include <tessera/kernels/tile_average.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int rounds = 5;

struct workload {
  std::string name;
  tessera::emulator::check_mode mode;
  std::function<void(std::vector<float>&)> run;  // one launch, its result in the vector
};

std::vector<unsigned> worker_counts() {
  const unsigned all = std::thread::hardware_concurrency() > 0 ? std::thread::hardware_concurrency() : 1;
  std::vector<unsigned> counts;
  for (unsigned w = 1; w < all; w *= 2) counts.push_back(w);
  counts.push_back(all);
  return counts;
}

void measure(const workload& w, const std::vector<unsigned>& counts) {
  tessera::emulator::options o = tessera::emulator::get_options();
  o.checks = w.mode;
  tessera::emulator::set_options(o);
  std::vector<float> reference, got;
  tessera::emulator::set_workers(1);
  w.run(reference);  // warm-up and the result every other run must equal
  std::vector<std::vector<double>> times(counts.size());
  for (int r = 0; r < rounds; ++r)
    for (std::size_t i = 0; i < counts.size(); ++i) {
      tessera::emulator::set_workers(counts[i]);
      times[i].push_back(bench::seconds([&] { w.run(got); }));
      if (got != reference) {
        std::printf("FAIL: %s with %u workers differs from the 1-worker result\n", w.name.c_str(), counts[i]);
        std::exit(1);
      }
    }
  const double one = bench::median(times[0]);
  std::printf("| %s |", w.name.c_str());
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const double t = bench::median(times[i]);
    std::printf(" %.1f ms (**%.2fx**) |", t * 1e3, one / t);
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  using tessera::emulator::check_mode;
  const std::vector<unsigned> counts = worker_counts();
  tessera::emulator::set_seed(0);
  std::printf("emulator scaling: time per launch and speed-up against 1 worker, same run, medians of %d rounds\n", rounds);
  std::printf("machine: %s\n", bench::machine().c_str());
  std::printf("build: %s\n\n", bench::build().c_str());
  std::printf("| workload |");
  for (unsigned c : counts) std::printf(" %u worker%s |", c, c == 1 ? "" : "s");
  std::printf("\n|---|");
  for (std::size_t i = 0; i < counts.size(); ++i) std::printf("---:|");
  std::printf("\n");

  constexpr int avg_n = 2048;
  std::vector<float> avg_in(avg_n * avg_n);
  for (int k = 0; k < avg_n * avg_n; ++k) avg_in[k] = static_cast<float>(k % 1013) * 0.25f;
  auto tile_average = [&](std::vector<float>& out) {
    using namespace tessera;
    out.assign(avg_n * avg_n, 0);
    array_view<const float, 2> a(avg_n, avg_n, avg_in);
    array_view<float, 2> b(avg_n, avg_n, out);
    tessera::kernels::tile_average<2>(accelerator().get_default_view(), a, b);
    b.synchronize();
  };
  auto matmul_of = [](int n, bench::kernels k) {
    auto a = std::make_shared<std::vector<float>>(n * n), b = std::make_shared<std::vector<float>>(n * n);
    for (int i = 0; i < n * n; ++i) {
      (*a)[i] = static_cast<float>(i % 17) * 0.5f;
      (*b)[i] = static_cast<float>(i % 13) * 0.25f;
    }
    return [n, k, a, b](std::vector<float>& c) {
      c.assign(n * n, 0);
      k.matmul(n, *a, *b, c);
    };
  };
  measure({"2x2 tile average, 2048x2048, default mode", check_mode::report, tile_average}, counts);
  measure({"16x16 matmul, 512x512, default mode", check_mode::report, matmul_of(512, bench::plain_kernels())}, counts);
  measure({"16x16 matmul, 256x256, checked", check_mode::report, matmul_of(256, bench::checked_kernels())}, counts);
  std::printf("\ngoal: >= 12x on 16 cores, >= 1.8x on 2 cores (tile average and plain matmul)\n");

  // --large: the checked 16x16 matmul of 2048x2048 once, on every worker (a GPU race checker's workload:
  // NVIDIA's compute-sanitizer racecheck took 140 s for the same algorithm on an H100).
  if (argc > 1 && std::string(argv[1]) == "--large") {
    constexpr int n = 2048;
    tessera::emulator::options o = tessera::emulator::get_options();
    o.checks = check_mode::report;
    o.workers = 0;
    tessera::emulator::set_options(o);
    std::vector<float> c;
    auto run = matmul_of(n, bench::checked_kernels());
    const double t = bench::seconds([&] { run(c); });
    std::printf("\nchecked 16x16 matmul, %dx%d, %u workers: %.1f s (compute-sanitizer racecheck on an H100: 140 s)\n", n, n,
                tessera::emulator::effective_workers(), t);
  }
}
