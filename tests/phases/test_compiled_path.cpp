// The emulator's compiled path (tessera_phased_kernels): this file's kernels are rewritten into tile loops
// or coroutines at build time (tests/phases/golden pins which form each kernel takes); fiber_twins.cpp runs the same kernels on fibers. Results, thread orders and reports must
// agree; what differs on purpose (a thread's locals need no stack) is pinned too.
#include "fiber_twins.hpp"
#include "phases_kernels.hpp"
#include "../checks/loop_rounds_kernels.hpp"

#include <tessera/emulator/options.hpp>
#include <tessera/kernel_failures.hpp>

#include <gtest/gtest.h>

#include <numeric>
#include <string>

namespace {

#define TESSERA_PHASES_KERNELS TESSERA_SOURCE_DIR "/tests/phases/phases_kernels.hpp"

// Runs `body` with the emulator's worker count and thread-order seed set, then puts them back.
template <class Body>
void with_options(unsigned workers, std::uint64_t seed, Body body) {
  const tessera::emulator::options saved = tessera::emulator::get_options();
  tessera::emulator::options o = saved;
  o.workers = workers;
  o.seed = seed;
  tessera::emulator::set_options(o);
  body();
  tessera::emulator::set_options(saved);
}

// The message of the kernel failure `launch` throws.
template <class Failure, class Launch>
std::string failure_of(Launch launch) {
  try {
    launch();
  } catch (const Failure& f) {
    return f.what();
  }
  ADD_FAILURE() << "no failure of the expected type";
  return {};
}

TEST(CompiledPath, TileSumsEqualTheFiberPathsAtEveryWorkerCount) {
  const int n = 64;
  std::vector<int> input(n * n);
  std::iota(input.begin(), input.end(), -1000);
  const std::vector<int> reference = fiber_twins::tile_sums(input, n);
  for (unsigned workers : {1u, 2u, 3u})
    with_options(workers, 0, [&] { EXPECT_EQ(tile_sums(input, n), reference) << workers << " workers"; });
  // The first tile's sum, worked out here.
  int first = 0;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) first += input[r * n + c];
  EXPECT_EQ(reference[0], first);
}

TEST(CompiledPath, ThreadsRunInTheFiberPathsOrderAtEverySeed) {
  for (std::uint64_t seed : {0ull, 7ull, 12345ull})
    for (unsigned workers : {1u, 2u})
      with_options(workers, seed, [&] {
        const std::vector<int> compiled = run_order(5);
        EXPECT_EQ(compiled, fiber_twins::run_order(5)) << "seed " << seed << ", " << workers << " workers";
        if (seed == 0) EXPECT_EQ(compiled[64 + 10], 10) << "seed 0 runs every phase in local-index order";
        else EXPECT_NE(std::vector<int>(compiled.begin(), compiled.begin() + 64), std::vector<int>(compiled.begin() + 64, compiled.begin() + 128))
          << "other seeds reorder each phase";
      });
}

TEST(CompiledPath, BarrierDivergenceIsReportedAsOnTheFiberPath) {
  const std::string compiled = failure_of<tessera::barrier_divergence>([] { threads_that_skip_the_barrier(3); });
  EXPECT_EQ(compiled, failure_of<tessera::barrier_divergence>([] { fiber_twins::threads_that_skip_the_barrier(3); }));
  EXPECT_NE(compiled.find("3 threads wait at " TESSERA_PHASES_KERNELS ":60"), std::string::npos) << compiled;
  EXPECT_NE(compiled.find("5 threads reached the end of the kernel"), std::string::npos) << compiled;
}

TEST(CompiledPath, TwoBarriersOnOneLineAreTwoBarriers) {
  // Each rewritten wait records its own line and column. (The fiber path tells them apart by their machine
  // code, which an optimizing compiler may merge into one call unless the build keeps both, as
  // tessera_checked_kernels does.)
  const std::string compiled = failure_of<tessera::barrier_divergence>([] { two_barriers_on_one_line(); });
  EXPECT_NE(compiled.find("4 threads wait at " TESSERA_PHASES_KERNELS ":70:"), std::string::npos) << compiled;
}

TEST(CompiledPath, AFailingThreadIsNamedAsOnTheFiberPath) {
  // The lowest failing thread of the first failing tile, whatever the order threads ran in.
  for (std::uint64_t seed : {0ull, 3ull}) {
    with_options(2, seed, [&] {
      const std::string compiled = failure_of<tessera::out_of_bounds>([] { reads_out_of_bounds(); });
      const std::string fiber = failure_of<tessera::out_of_bounds>([] { fiber_twins::reads_out_of_bounds(); });
      for (const std::string& report : {compiled, fiber}) {
        EXPECT_NE(report.find("index (1013) is outside the extent (32)"), std::string::npos) << report;
        EXPECT_NE(report.find("tile (1) local (5) global (13)"), std::string::npos) << report;
      }
    });
  }
}

TEST(CompiledPath, AThreadsLocalsLiveInItsFrameNotOnAFiberStack) {
  // 512 KiB of locals across a barrier: on the compiled path they live in the thread's coroutine frame;
  // a fiber's 64 KiB stack overflows (the fiber path reports it: TESSERA_STACK_SIZE is its remedy).
  const std::vector<int> sums = large_locals();
  for (int g = 0; g < 8; ++g) {
    int expected = 0;
    for (int i = 0; i < 128 * 1024; i += 1024) expected += i ^ g;
    EXPECT_EQ(sums[g], expected) << "thread " << g;
  }
  failure_of<tessera::stack_overflow>([] { fiber_twins::large_locals(); });
}

TEST(CompiledPath, LocalsKeptAcrossBarriersInTileLoopsAreEachThreadsOwn) {
  for (std::uint64_t seed : {0ull, 5ull})
    for (int rounds : {0, 1, 3})
      with_options(2, seed, [&] {
        const std::vector<int> compiled = kept_locals(4, rounds);
        EXPECT_EQ(compiled, fiber_twins::kept_locals(4, rounds)) << "seed " << seed << ", " << rounds << " rounds";
        // Thread 5 of tile 0, worked out here: its neighbours' values each round.
        int left = 0, right = 0;
        for (int r = 0; r < rounds; ++r) {
          left += 4 * 3 + r;
          right += 6 * 3 + r;
        }
        EXPECT_EQ(compiled[5], 5 * 3 + (rounds > 1 ? 2 * left - right : 0)) << rounds << " rounds";
      });
}

TEST(CompiledPath, AThreadFailingAfterALoopHeaderInTileLoopsIsNamedAsOnTheFiberPath) {
  // Tile loops run the statements before the loop's header for every thread, then those after it: thread 9
  // fails first, and the tile still ends with the phase, naming thread 2.
  for (std::uint64_t seed : {0ull, 11ull})
    with_options(1, seed, [&] {
      const std::string compiled = failure_of<tessera::out_of_bounds>([] { fails_on_both_sides_of_a_loop_header(); });
      EXPECT_EQ(compiled, failure_of<tessera::out_of_bounds>([] { fiber_twins::fails_on_both_sides_of_a_loop_header(); }));
      EXPECT_NE(compiled.find("index (200) is outside the extent (16)"), std::string::npos) << compiled;
      EXPECT_NE(compiled.find("local (2)"), std::string::npos) << compiled;
    });
}

TEST(CompiledPath, AKernelWaitingInAHelperStaysOnTheFiberPath) {
  const std::vector<int> out = neighbour_through_helper(4);
  EXPECT_EQ(out, fiber_twins::neighbour_through_helper(4));
  EXPECT_EQ(out[0], 3);
  EXPECT_EQ(out[31], 0);
}

TEST(CompiledPath, ABarrierReachedInTwoRoundsOfItsLoopIsDivergence) {
  // The kernel the checked fiber path's test runs too (tests/checks/test_loop_rounds.cpp): the same report.
  const std::string compiled = failure_of<tessera::barrier_divergence>([] { continue_in_a_different_round(16); });
  EXPECT_NE(compiled.find("4 threads wait at " TESSERA_SOURCE_DIR "/tests/checks/loop_rounds_kernels.hpp:22 (wait) in round 2 of the loop at "
                          "line 19: local (0) (4) (8) (12)"),
            std::string::npos)
      << compiled;
  EXPECT_NE(compiled.find("12 threads wait at " TESSERA_SOURCE_DIR "/tests/checks/loop_rounds_kernels.hpp:22 (wait) in round 1"),
            std::string::npos)
      << compiled;
}

}  // namespace
