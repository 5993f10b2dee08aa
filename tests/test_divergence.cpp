// Barrier divergence (BAR-6, BAR-7, BAR-8, MEM-8, U1) is reported as barrier_divergence naming the tile,
// the barrier call sites and the threads at each, never a hang; the process goes on.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

barrier_divergence catch_divergence(const std::function<void()>& launch) {
  try {
    launch();
  } catch (const barrier_divergence& e) {
    return e;
  }
  ADD_FAILURE() << "expected barrier_divergence";
  return barrier_divergence("", "", {});
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string site(int line, const char* call = "wait") {
  return "test_divergence.cpp:" + std::to_string(line) + " (" + call + ")";
}

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// BAR-6: half of a tile skips a wait(); the report names the wait's file:line and both groups of threads.
TEST(Divergence, HalfATileSkippingAWaitIsReportedWithTheWaitsLineAndBothGroups) {
  const int wait_line = __LINE__ + 4;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      if (t.local[0] % 2 == 0) {
        t.barrier.wait();
      }
    });
  });
  const std::string what = e.what();
  EXPECT_TRUE(contains(what, "test_divergence.cpp:" + std::to_string(wait_line))) << what;
  EXPECT_TRUE(contains(what, "4 threads wait at")) << what;
  EXPECT_TRUE(contains(what, "4 threads reached the end of the kernel")) << what;
  EXPECT_TRUE(contains(what, "BAR-6")) << what;
  EXPECT_EQ(e.tile(), "(0)");
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_TRUE(ends_with(e.groups()[0].site, site(wait_line))) << e.groups()[0].site;
  EXPECT_EQ(e.groups()[0].locals, (std::vector<std::string>{"(0)", "(2)", "(4)", "(6)"}));
  EXPECT_EQ(e.groups()[1].site, "end of kernel");
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(1)", "(3)", "(5)", "(7)"}));
}

// BAR-6: every thread waits, but at two different call sites.
TEST(Divergence, ThreadsWaitingAtTwoDifferentBarriersNameBothCallSites) {
  const int first = __LINE__ + 4, second = first + 2;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<2>(4, 4).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
      if (t.local[1] < 2) {
        t.barrier.wait();
      } else {
        t.barrier.wait();
      }
    });
  });
  const std::string what = e.what();
  EXPECT_TRUE(contains(what, ":" + std::to_string(first) + " (wait)")) << what;
  EXPECT_TRUE(contains(what, ":" + std::to_string(second) + " (wait)")) << what;
  EXPECT_TRUE(contains(what, "(0,0) (0,1) (1,0)")) << what;
  EXPECT_FALSE(contains(what, "end of the kernel")) << what;
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_TRUE(ends_with(e.groups()[0].site, site(first))) << e.groups()[0].site;
  EXPECT_EQ(e.groups()[0].locals,
            (std::vector<std::string>{"(0,0)", "(0,1)", "(1,0)", "(1,1)", "(2,0)", "(2,1)", "(3,0)", "(3,1)"}));
  EXPECT_TRUE(ends_with(e.groups()[1].site, site(second))) << e.groups()[1].site;
  EXPECT_EQ(e.groups()[1].locals,
            (std::vector<std::string>{"(0,2)", "(0,3)", "(1,2)", "(1,3)", "(2,2)", "(2,3)", "(3,2)", "(3,3)"}));
}

// BAR-6: two barrier variants on one line are two different barriers (any tile_barrier method counts).
TEST(Divergence, TwoBarrierVariantsAtOneSiteAreDifferentBarriers) {
  const int line = __LINE__ + 3;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(4).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
      if (t.local[0] == 0) t.barrier.wait(); else t.barrier.wait_with_global_memory_fence();
    });
  });
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_TRUE(ends_with(e.groups()[0].site, site(line, "wait"))) << e.groups()[0].site;
  EXPECT_EQ(e.groups()[0].locals, (std::vector<std::string>{"(0)"}));
  EXPECT_TRUE(ends_with(e.groups()[1].site, site(line, "wait_with_global_memory_fence"))) << e.groups()[1].site;
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(1)", "(2)", "(3)"}));
}

// BAR-6, BAR-7: a loop whose trip count depends on the (non-uniform) local index.
TEST(Divergence, LoopTripCountDependingOnTheLocalIndexIsReported) {
  const int line = __LINE__ + 3;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(6).tile<6>(), [=] restrict_amp (tiled_index<6> t) {
      for (int i = 0; i < t.local[0] % 3; ++i) t.barrier.wait();
    });
  });
  EXPECT_TRUE(contains(e.what(), "test_divergence.cpp:" + std::to_string(line))) << e.what();
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_EQ(e.groups()[0].site, "end of kernel");
  EXPECT_EQ(e.groups()[0].locals, (std::vector<std::string>{"(0)", "(3)"}));
  EXPECT_TRUE(ends_with(e.groups()[1].site, site(line))) << e.groups()[1].site;
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(1)", "(2)", "(4)", "(5)"}));
}

// BAR-6: a return taken by some threads before a barrier counts as divergence; the tile that does it is
// named.
TEST(Divergence, EarlyReturnBeforeABarrierIsReportedForTheTileThatDoesIt) {
  const int line = __LINE__ + 4;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.tile[0] == 2 && t.local[0] == 5) return;
      t.barrier.wait();
    });
  });
  EXPECT_EQ(e.tile(), "(2)");
  EXPECT_TRUE(contains(e.what(), "barrier divergence in tile (2)")) << e.what();
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_TRUE(ends_with(e.groups()[0].site, site(line))) << e.groups()[0].site;
  EXPECT_EQ(e.groups()[0].locals.size(), 15u);
  EXPECT_EQ(e.groups()[1].site, "end of kernel");
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(5)"}));
}

// BAR-6: divergence after several uniform barriers is reported at the barrier where it happens.
TEST(Divergence, DivergenceAfterSeveralUniformBarriersNamesTheLaterBarrier) {
  const int line = __LINE__ + 5;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      for (int i = 0; i < 3; ++i) t.barrier.wait();
      if (t.local[0] < 7) {
        t.barrier.wait_with_tile_static_memory_fence();
      }
    });
  });
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_TRUE(ends_with(e.groups()[0].site, site(line, "wait_with_tile_static_memory_fence"))) << e.groups()[0].site;
  EXPECT_EQ(e.groups()[0].locals.size(), 7u);
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(7)"}));
}

// The report names tiles and threads of a 3-D launch by their 3-D indices.
TEST(Divergence, ThreeDimensionalTileAndThreadsAreNamedByTheirIndices) {
  const auto e = catch_divergence([] {
    parallel_for_each(extent<3>(4, 2, 4).tile<2, 2, 2>(), [=] restrict_amp (tiled_index<2, 2, 2> t) {
      if (t.tile == index<3>(1, 0, 1) && t.local == index<3>(0, 1, 1)) return;
      t.barrier.wait();
    });
  });
  EXPECT_EQ(e.tile(), "(1,0,1)");
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(0,1,1)"}));
}

// BAR-7: a loop bound broadcast through tile_static right after a barrier is tile-uniform: accepted.
TEST(Divergence, UniformLoopBoundBroadcastThroughTileStaticIsAccepted) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int rounds;
    if (t.local[0] == 0) rounds = 3 + t.tile[0];
    t.barrier.wait();
    const int n = rounds;
    for (int i = 0; i < n; ++i) t.barrier.wait();
    v[t] = n;
  }));
  v.synchronize();
  EXPECT_EQ(out[0], 3);
  EXPECT_EQ(out[31], 4);
}

// BAR-7: tiled_index::tile is uniform, so a barrier under a condition on the tile is not divergence;
// neither are branches on the local index that contain no barrier.
TEST(Divergence, BarriersUnderTileUniformConditionsAndBarrierFreeBranchesAreAccepted) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    if (t.tile[0] % 2 == 0) t.barrier.wait();
    int x = 0;
    if (t.local[0] % 3 == 0) x = 1;
    else x = 2;
    t.barrier.wait();
    v[t] = x;
  }));
  v.synchronize();
  EXPECT_EQ(out[3], 1);
  EXPECT_EQ(out[4], 2);
}

// The process continues: a launch after a divergent one runs normally.
TEST(Divergence, TheNextLaunchAfterADivergentOneRunsNormally) {
  EXPECT_THROW(parallel_for_each(extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
                 if (t.local[0] == 3) t.barrier.wait();
               }),
               barrier_divergence);
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    t.barrier.wait();
    v[t] = 1;
  });
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(8, 1));
}

// A helper that waits, called from both branches of a data-dependent `if`: every thread waits at the
// helper's line, but from two places, and on a GPU those are two barriers (BAR-6). Both the copy the
// compiler inlines into each branch and one out-of-line helper are told apart.
[[gnu::always_inline]] restrict_amp inline void wait_in_inlined_helper(const tiled_index<8>& t) { t.barrier.wait(); }
[[gnu::noinline]] restrict_amp void wait_in_outlined_helper(const tiled_index<8>& t) { t.barrier.wait(); }

template <class Helper>
void expect_branches_reported(Helper helper, const char* name) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const int even_line = __LINE__ + 7;
  const auto e = catch_divergence([&] {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      // Stores before and after each call keep the compiler from merging the two calls into one (which
      // a GPU's compiler could do too, and then there would be one barrier).
      if (t.local[0] % 2 == 0) {
        v[t] = 1;
        helper(t);
        v[t] += 10;
      } else {
        v[t] = 2;
        helper(t);
        v[t] += 20;
      }
    });
  });
  const std::string what = e.what();
  ASSERT_EQ(e.groups().size(), 2u) << name << ": " << what;
  EXPECT_TRUE(contains(what, "called from")) << name << ": " << what;
  EXPECT_TRUE(contains(what, "test_divergence.cpp:" + std::to_string(even_line))) << name << ": " << what;
  EXPECT_TRUE(contains(what, "test_divergence.cpp:" + std::to_string(even_line + 4))) << name << ": " << what;
}

TEST(Divergence, AHelperThatWaitsCalledFromBothBranchesIsDivergence) {
  expect_branches_reported([=] restrict_amp (tiled_index<8> t) { wait_in_inlined_helper(t); }, "inlined helper");
  expect_branches_reported([=] restrict_amp (tiled_index<8> t) { wait_in_outlined_helper(t); }, "out-of-line helper");
}

// Six branches calling one helper that waits: more places in one phase than a barrier lists as its threads
// arrive (the first arrival's and four more), so the phase's end looks at every waiting thread; each place
// is a barrier and a group of the report.
[[gnu::noinline]] restrict_amp void wait_for_twelve(const tiled_index<12>& t) { t.barrier.wait(); }

TEST(Divergence, AHelperThatWaitsCalledFromSixBranchesIsSixBarriers) {
  std::vector<int> out(12);
  array_view<int, 1> v(12, out);
  const auto e = catch_divergence([&] {
    parallel_for_each(v.extent.tile<12>(), [=] restrict_amp (tiled_index<12> t) {
      switch (t.local[0] % 6) {  // distinct stores around each call keep the compiler from merging them
        case 0: v[t] = 1; wait_for_twelve(t); v[t] += 10; break;
        case 1: v[t] = 2; wait_for_twelve(t); v[t] += 20; break;
        case 2: v[t] = 3; wait_for_twelve(t); v[t] += 30; break;
        case 3: v[t] = 4; wait_for_twelve(t); v[t] += 40; break;
        case 4: v[t] = 5; wait_for_twelve(t); v[t] += 50; break;
        default: v[t] = 6; wait_for_twelve(t); v[t] += 60; break;
      }
    });
  });
  EXPECT_EQ(e.groups().size(), 6u) << e.what();
}

// Two barrier calls on one line, one in each branch of a data-dependent `if`: one line, two barriers.
// The waits are told apart by their columns (the line tables' columns), and the report names both.
TEST(Divergence, TwoWaitsOnOneLineInTheTwoBranchesAreDivergence) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const int line = __LINE__ + 3;
  const auto e = catch_divergence([&] {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      if (t.local[0] < 4) { v[t] = 1; t.barrier.wait(); v[t] += 10; } else { v[t] = 2; t.barrier.wait(); v[t] += 20; }
    });
  });
  const std::string what = e.what();
  ASSERT_EQ(e.groups().size(), 2u) << what;
  EXPECT_EQ(e.groups()[0].locals.size(), 4u) << what;
  EXPECT_TRUE(contains(what, "test_divergence.cpp:" + std::to_string(line) + ":")) << what;
}

// The same helper called twice by every thread, one call after the other: two barriers in a row, no
// divergence.
TEST(Divergence, AHelperThatWaitsCalledTwiceByEveryThreadIsNotDivergence) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
    wait_in_outlined_helper(t);
    v[t] = 1;
    wait_in_outlined_helper(t);
    wait_in_inlined_helper(t);
    v[t] += 1;
    wait_in_inlined_helper(t);
  }));
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(8, 2));
}

// The threads parked at a barrier when divergence is found are unwound, so their destructors run.
TEST(Divergence, ParkedThreadsAreUnwoundSoTheirDestructorsRun) {
  static std::atomic<int> destroyed{0};
  struct guard {
    ~guard() { destroyed.fetch_add(1); }
  };
  destroyed = 0;
  EXPECT_THROW(parallel_for_each(extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
                 guard g;
                 if (t.local[0] != 0) t.barrier.wait();
               }),
               barrier_divergence);
  EXPECT_EQ(destroyed.load(), 8);
}

// Every error type is a runtime_exception (ERR-2): a catch-all handler sees divergence too.
TEST(Divergence, IsAKernelFailureAndARuntimeException) {
  try {
    parallel_for_each(extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
      if (t.local[0] == 0) t.barrier.wait();
    });
    FAIL() << "expected barrier_divergence";
  } catch (const kernel_failure& e) {
    EXPECT_NE(dynamic_cast<const barrier_divergence*>(&e), nullptr);
    EXPECT_NE(dynamic_cast<const runtime_exception*>(&e), nullptr);
  }
}

}  // namespace
