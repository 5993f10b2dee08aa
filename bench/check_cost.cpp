// What the emulator's checks cost: each kernel of check_cost_kernels.hpp built plainly and run with the
// checks switched off (the baseline); built plainly in the default mode (report: the checks are on, but
// an uninstrumented kernel should pay nothing for them, ratio 1.0); built with the instrumentation but
// TESSERA_CHECKS=off (what an instrumented build costs when checks are switched off); and built with it
// and checked (report mode, every check on); and, where tessera-phases is built, on the checked compiled
// path (the instrumentation and tessera-phases --checked: the kernels checked in tile loops), in the same run.
// Each round runs them in turn; the table gives medians over the rounds and ratios to the baseline.
// The last columns: each checked launch's accesses (every instrumented load, store and atomic) and what one
// costs a core (the checked time on every worker over them). Targets: checked within 30x of plain, at most
// 10 ns of a core per checked access. Results must agree exactly (same code, same order of additions).
#include "check_cost_kernels.hpp"
#include "machine.hpp"

#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/options.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using tessera::emulator::check_mode;

struct variant {
  const char* name;
  bench::kernels k;
  check_mode mode;
  bool checked = false;  // instrumented and checked: its accesses and their cost are printed
};

void set_mode(check_mode m) {
  tessera::emulator::options o = tessera::emulator::get_options();
  o.checks = m;
  tessera::emulator::set_options(o);
}

void row(const char* kernel, const std::vector<variant>& variants, int rounds,
         const std::function<void(const bench::kernels&, std::vector<float>&)>& run) {
  std::vector<std::vector<double>> times(variants.size());
  std::vector<std::vector<float>> results(variants.size());
  std::vector<std::uint64_t> accesses(variants.size());  // by each variant's last launch
  for (int r = 0; r < rounds; ++r)
    for (std::size_t v = 0; v < variants.size(); ++v) {
      set_mode(variants[v].mode);
      times[v].push_back(bench::seconds([&] { run(variants[v].k, results[v]); }));
      accesses[v] = tessera::emulator::last_launch_counters().accesses;
    }
  for (std::size_t v = 1; v < variants.size(); ++v)
    if (results[v] != results[0]) {
      std::fprintf(stderr, "%s: the %s build computed a different result\n", kernel, variants[v].name);
      std::exit(1);
    }
  const double base = bench::median(times[0]);
  std::printf("%-34s", kernel);
  for (std::size_t v = 0; v < variants.size(); ++v)
    std::printf(" %10.1f ms (%5.2fx)", bench::median(times[v]) * 1e3, bench::median(times[v]) / base);
  // A checked access's cost to a core: a checked launch's time on every worker, over the accesses its
  // kernel made (each instrumented load, store and atomic, its own stack's included).
  for (std::size_t v = 0; v < variants.size(); ++v) {
    if (!variants[v].checked) continue;
    const double ns = accesses[v] == 0 ? 0.0
                                       : bench::median(times[v]) * tessera::emulator::effective_workers() * 1e9 /
                                             static_cast<double>(accesses[v]);
    std::printf(" %12.1fM %8.1f", static_cast<double>(accesses[v]) / 1e6, ns);
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  std::vector<variant> variants{{"plain, checks off", bench::plain_kernels(), check_mode::off},
                                {"plain, default mode", bench::plain_kernels(), check_mode::report},
                                {"instrumented, checks off", bench::checked_kernels(), check_mode::off},
                                {"instrumented, checked", bench::checked_kernels(), check_mode::report, true}};
#if TESSERA_BENCH_PHASED_CHECKED
  variants.push_back({"compiled path, checked", bench::phased_checked_kernels(), check_mode::report, true});
#endif
  std::printf("the cost of the emulator's checks, same run, medians of %d rounds\n", rounds);
  std::printf("machine: %s; workers: %u\n", bench::machine().c_str(), tessera::emulator::effective_workers());
  std::printf("build: %s\n", bench::build().c_str());
  std::printf("%-34s %22s %22s %22s %22s", "kernel", "plain, checks off", "plain, default mode", "instrumented, off", "checked");
#if TESSERA_BENCH_PHASED_CHECKED
  std::printf(" %22s", "compiled, checked");
#endif
  std::printf(" %13s %8s", "accesses", "ns/acc.");
#if TESSERA_BENCH_PHASED_CHECKED
  std::printf(" %13s %8s", "compiled acc.", "ns/acc.");
#else
  std::printf("  (compiled path, checked: not built, tessera-phases needs Clang's LibTooling)");
#endif
  std::printf("\n");

  const int n = 256;
  std::vector<float> a(n * n), b(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = static_cast<float>(i % 17) * 0.5f;
    b[i] = static_cast<float>(i % 13) * 0.25f;
  }
  row("16x16 tiled matmul, 256x256", variants, rounds, [&](const bench::kernels& k, std::vector<float>& c) {
    c.assign(n * n, 0);
    k.matmul(n, a, b, c);
  });

  std::vector<float> in(1 << 20);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 101);
  row("256-wide reduction, 2^20 floats", variants, rounds, [&](const bench::kernels& k, std::vector<float>& sums) {
    sums.assign(in.size() / 256, 0);
    k.reduction(in, sums);
  });

  const int m = 1024;
  std::vector<float> image(m * m);
  for (int i = 0; i < m * m; ++i) image[i] = static_cast<float>(i % 31) * 0.125f;
  row("2x2 tile average, 1024x1024", variants, rounds, [&](const bench::kernels& k, std::vector<float>& out) {
    out.assign(m * m, 0);
    k.tile_average(m, image, out);
  });
  return 0;
}
