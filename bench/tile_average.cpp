// The 2x2 tile average of a 2048x2048 float matrix on the emulator, next to a plain serial loop that
// computes the same result, in the same run. Every 2x2 tile's four elements go through tile_static
// memory and one barrier; each element of the tile gets the tile's average (the shared kernel
// tessera::kernels::tile_average<2>, tessera/kernels/tile_average.hpp). The emulator's results are
// checked equal to the loop's (bit for bit: both add the four elements in the same order, row by row).
//
// Each round times the loop, the emulator with 1 worker and the emulator with the default worker count
// (one per hardware thread), in turn; the table gives the medians over the rounds. Headline: emulator
// time / serial loop time.
#include "machine.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>
#include <tessera/kernels/tile_average.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int n = 2048;
constexpr int rounds = 7;

void serial(const std::vector<float>& in, std::vector<float>& out) {
  for (int r = 0; r < n; r += 2)
    for (int c = 0; c < n; c += 2) {
      const float avg = (in[r * n + c] + in[r * n + c + 1] + in[(r + 1) * n + c] + in[(r + 1) * n + c + 1]) / 4;
      out[r * n + c] = out[r * n + c + 1] = out[(r + 1) * n + c] = out[(r + 1) * n + c + 1] = avg;
    }
}

void emulated(const tessera::accelerator_view& view, const std::vector<float>& in, std::vector<float>& out) {
  using namespace tessera;
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  tessera::kernels::tile_average<2>(view, a, b);
  b.synchronize();
}

}  // namespace

int main() {
  const tessera::accelerator_view view = tessera::accelerator(tessera::accelerator::emulator_accelerator).get_default_view();
  tessera::emulator::set_workers(0);
  tessera::emulator::set_seed(0);
  const unsigned default_workers = tessera::emulator::effective_workers();
  std::vector<unsigned> worker_counts{1};
  if (default_workers != 1) worker_counts.push_back(default_workers);
  const tessera::emulator::options o = tessera::emulator::get_options();

  std::vector<float> in(n * n), expect(n * n), got(n * n);
  for (int k = 0; k < n * n; ++k) in[k] = static_cast<float>(k % 1013) * 0.25f;

  std::printf("2x2 tile average of a %dx%d float matrix: the emulator vs a plain serial loop, same run\n", n, n);
  std::printf("machine: %s\n", bench::machine().c_str());
  std::printf("build: %s\n", bench::build().c_str());
  std::printf("emulator: 1 worker and %u (the default, one per hardware thread), seed %llu, memory checks option %s "
              "(kernel not instrumented)\n",
              default_workers, static_cast<unsigned long long>(o.seed), o.checks == tessera::emulator::check_mode::off ? "off" : "on");
  std::printf("%d tiles of 4 threads; median of %d rounds\n\n", (n / 2) * (n / 2), rounds);

  // Every emulator run, the warm-up included, is checked against the serial loop's result.
  auto run_checked = [&](unsigned workers) {
    tessera::emulator::set_workers(workers);
    std::fill(got.begin(), got.end(), -1.0f);
    const double t = bench::seconds([&] { emulated(view, in, got); });
    if (got != expect) {
      std::printf("FAIL: with %u worker(s) the emulator's result differs from the serial loop's\n", workers);
      std::exit(1);
    }
    return t;
  };
  serial(in, expect);  // warm-up
  for (unsigned w : worker_counts) run_checked(w);

  std::vector<double> base;
  std::vector<std::vector<double>> emu(worker_counts.size());
  for (int k = 0; k < rounds; ++k) {
    base.push_back(bench::seconds([&] { serial(in, expect); }));
    for (std::size_t i = 0; i < worker_counts.size(); ++i) emu[i].push_back(run_checked(worker_counts[i]));
  }

  const double b = bench::median(base);
  const double tiles = static_cast<double>(n / 2) * (n / 2);
  std::printf("| run | time (ms) | **time / serial loop** | ns per tile |\n|---|---:|---:|---:|\n");
  std::printf("| serial loop | %.2f | **1.0** | %.2f |\n", b * 1e3, b * 1e9 / tiles);
  for (std::size_t i = 0; i < worker_counts.size(); ++i) {
    const double t = bench::median(emu[i]);
    std::printf("| emulator, %u worker%s | %.1f | **%.0f** | %.0f |\n", worker_counts[i], worker_counts[i] == 1 ? "" : "s",
                t * 1e3, t / b, t * 1e9 / tiles);
  }
  std::printf("\nresults equal to the serial loop's: yes (every run, bit for bit)\n");
}
