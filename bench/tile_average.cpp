// The 2x2 tile average of a 2048x2048 matrix on the emulator, next to a plain serial loop computing the
// same result in the same run (and checked equal to it).
#include "machine.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <cstdio>
#include <vector>

namespace {

constexpr int n = 2048;

void serial(const std::vector<float>& in, std::vector<float>& out) {
  for (int r = 0; r < n; r += 2)
    for (int c = 0; c < n; c += 2) {
      const float avg = (in[r * n + c] + in[r * n + c + 1] + in[(r + 1) * n + c] + in[(r + 1) * n + c + 1]) / 4;
      out[r * n + c] = out[r * n + c + 1] = out[(r + 1) * n + c] = out[(r + 1) * n + c + 1] = avg;
    }
}

void emulated(const std::vector<float>& in, std::vector<float>& out) {
  using namespace tessera;
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  parallel_for_each(a.extent.tile<2, 2>(), [=](tiled_index<2, 2> t) {
    tile_static float s[2][2];
    s[t.local[0]][t.local[1]] = a[t];
    t.barrier.wait();
    b[t] = (s[0][0] + s[0][1] + s[1][0] + s[1][1]) / 4;
  });
}

}  // namespace

int main() {
  std::vector<float> in(n * n), expect(n * n), got(n * n);
  for (int k = 0; k < n * n; ++k) in[k] = static_cast<float>(k % 1013) * 0.25f;
  std::printf("2x2 tile average of a %dx%d float matrix (median of 5)\nmachine: %s\n\n", n, n, bench::machine().c_str());
  const double base = bench::median_seconds(5, [&] { serial(in, expect); });
  std::printf("| run | time (ms) | time / serial loop |\n|---|---:|---:|\n| serial loop | %.2f | 1.00 |\n", base * 1e3);
  const unsigned default_workers = tessera::emulator::effective_workers();
  for (unsigned workers : {1u, default_workers}) {
    tessera::emulator::set_workers(workers);
    std::fill(got.begin(), got.end(), -1.0f);
    const double t = bench::median_seconds(5, [&] { emulated(in, got); });
    if (got != expect) {
      std::printf("FAIL: the emulator's result differs from the serial loop's\n");
      return 1;
    }
    std::printf("| emulator, %u worker%s | %.2f | %.1f |\n", workers, workers == 1 ? "" : "s", t * 1e3, t / base);
    if (default_workers == 1) break;
  }
}
