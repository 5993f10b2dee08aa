// Rounds of the loops around a barrier, on the fiber path of a checked build (tessera_checked_kernels,
// compiled through tessera-phases --rounds where it is built): a barrier of a GPU tile is one call in one
// round of every loop around it, so threads that reach one `wait` in different rounds are at different
// barriers (BAR-6, BAR-7), though each waits there as often (tessera/emulator/loop_round.hpp).
#include "loop_rounds_kernels.hpp"

#include <tessera/amp.hpp>
#include <tessera/kernel_failures.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace tessera;

#define LOOP_ROUNDS_KERNELS TESSERA_SOURCE_DIR "/tests/checks/loop_rounds_kernels.hpp"

template <class Kernel>
std::string divergence_of(Kernel kernel) {
  try {
    kernel();
  } catch (const barrier_divergence& e) {
    return e.what();
  }
  return "no barrier_divergence";
}

TEST(LoopRounds, AContinueSomeThreadsTakeIsDivergenceNamingTheRounds) {
  if (!TESSERA_LOOP_ROUNDS_COUNTED) GTEST_SKIP() << "built without tessera-phases: the loops do not count their rounds";
  const std::string report = divergence_of([] { continue_in_a_different_round(16); });
  EXPECT_NE(report.find("4 threads wait at " LOOP_ROUNDS_KERNELS ":22 (wait) in round 2 of the loop at line 19: local (0) (4) (8) (12)"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("12 threads wait at " LOOP_ROUNDS_KERNELS ":22 (wait) in round 1 of the loop at line 19"), std::string::npos)
      << report;
}

// Uniform loops of every kind, nested, with barriers in them: the rounds agree in every phase.
void uniform_loops(std::vector<int>& out) {
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    int sum = 0;
    for (int i = 0; i < 3; ++i) {
      int j = 0;
      while (j < 2) {
        s[t.local[0]] = i + j + t.local[0];
        t.barrier.wait();
        sum += s[15 - t.local[0]];
        t.barrier.wait();
        ++j;
      }
    }
    int k = 0;
    do {
      if (k == 1) {
        ++k;
        continue;  // every thread: uniform
      }
      t.barrier.wait();
      ++k;
    } while (k < 3);
    const int steps[2] = {1, 2};
    for (int step : steps) {
      sum += step;
      t.barrier.wait();
    }
    v[t] = sum;
  });
  v.synchronize();
}

TEST(LoopRounds, UniformLoopsOfEveryKindAroundBarriersAreNoDivergence) {
  std::vector<int> out(32, 0);
  ASSERT_NO_THROW(uniform_loops(out));
  for (int g = 0; g < 32; ++g) {
    int want = 3;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) want += i + j + (15 - g % 16);
    EXPECT_EQ(out[g], want) << "global " << g;
  }
}

TEST(LoopRounds, ALaunchAfterADivergentOneCountsItsOwnRounds) {
  // The divergent tile's parked threads are unwound mid-loop: the next launch's threads start with no loop.
  ASSERT_NE(divergence_of([] { continue_in_a_different_round(16); }), "no barrier_divergence");
  std::vector<int> out(32, 0);
  EXPECT_NO_THROW(uniform_loops(out));
}

}  // namespace
