// Barrier divergence (BAR-6, BAR-8, U1) is reported with the call sites and threads, never a hang.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

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

TEST(Divergence, HalfATileSkippingAWaitIsReportedWithTheWaitsLineAndBothGroups) {
  int wait_line = 0;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<1>(8).tile<8>(), [&wait_line](tiled_index<8> t) {
      if (t.local[0] % 2 == 0) {
        wait_line = __LINE__ + 1;
        t.barrier.wait();
      }
    });
  });
  const std::string what = e.what();
  EXPECT_NE(what.find("test_divergence.cpp:" + std::to_string(wait_line)), std::string::npos) << what;
  EXPECT_NE(what.find("end of the kernel"), std::string::npos) << what;
  ASSERT_EQ(e.groups().size(), 2u);
  EXPECT_EQ(e.groups()[0].locals, (std::vector<std::string>{"(0)", "(2)", "(4)", "(6)"}));
  EXPECT_EQ(e.groups()[1].site, "end of kernel");
  EXPECT_EQ(e.groups()[1].locals, (std::vector<std::string>{"(1)", "(3)", "(5)", "(7)"}));
  EXPECT_EQ(e.tile(), "(0)");
}

TEST(Divergence, ThreadsWaitingAtTwoDifferentBarriersNameBothCallSites) {
  int first = 0, second = 0;
  const auto e = catch_divergence([&] {
    parallel_for_each(extent<2>(4, 4).tile<4, 4>(), [&](tiled_index<4, 4> t) {
      if (t.local[1] < 2) {
        first = __LINE__ + 1;
        t.barrier.wait();
      } else {
        second = __LINE__ + 1;
        t.barrier.wait();
      }
    });
  });
  const std::string what = e.what();
  EXPECT_NE(what.find(":" + std::to_string(first) + " (wait)"), std::string::npos) << what;
  EXPECT_NE(what.find(":" + std::to_string(second) + " (wait)"), std::string::npos) << what;
  EXPECT_NE(what.find("(0,0) (0,1) (1,0)"), std::string::npos) << what;
}

TEST(Divergence, TwoBarrierVariantsAtOneSiteAreDifferentBarriers) {
  EXPECT_THROW(parallel_for_each(extent<1>(4).tile<4>(),
                                 [](tiled_index<4> t) {
                                   if (t.local[0] == 0) t.barrier.wait(); else t.barrier.wait_with_global_memory_fence();
                                 }),
               barrier_divergence);
}

TEST(Divergence, LoopTripCountDependingOnTheLocalIndexIsReported) {
  EXPECT_THROW(parallel_for_each(extent<1>(16).tile<16>(),
                                 [](tiled_index<16> t) {
                                   for (int i = 0; i < t.local[0] % 3; ++i) t.barrier.wait();
                                 }),
               barrier_divergence);
}

TEST(Divergence, EarlyReturnBeforeABarrierIsReportedForTheTileThatDoesIt) {
  const auto e = catch_divergence([] {
    parallel_for_each(extent<1>(64).tile<16>(), [](tiled_index<16> t) {
      if (t.tile[0] == 2 && t.local[0] == 5) return;
      t.barrier.wait();
    });
  });
  EXPECT_EQ(e.tile(), "(2)");
}

TEST(Divergence, UniformLoopBoundBroadcastThroughTileStaticIsAccepted) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) {
    tile_static int rounds;
    if (t.local[0] == 0) rounds = 3 + t.tile[0];
    t.barrier.wait();
    const int n = rounds;
    for (int i = 0; i < n; ++i) t.barrier.wait();
    v[t] = n;
  }));
  EXPECT_EQ(out[0], 3);
  EXPECT_EQ(out[31], 4);
}

TEST(Divergence, TheNextLaunchAfterADivergentOneRunsNormally) {
  EXPECT_THROW(parallel_for_each(extent<1>(8).tile<8>(), [](tiled_index<8> t) {
                 if (t.local[0] == 3) t.barrier.wait();
               }),
               barrier_divergence);
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) {
    t.barrier.wait();
    v[t] = 1;
  });
  EXPECT_EQ(out, std::vector<int>(8, 1));
}

TEST(Divergence, ParkedThreadsAreUnwoundSoTheirDestructorsRun) {
  static std::atomic<int> destroyed{0};
  struct guard {
    ~guard() { destroyed.fetch_add(1); }
  };
  destroyed = 0;
  EXPECT_THROW(parallel_for_each(extent<1>(8).tile<8>(), [](tiled_index<8> t) {
                 guard g;
                 if (t.local[0] != 0) t.barrier.wait();
               }),
               barrier_divergence);
  EXPECT_EQ(destroyed.load(), 8);
}

}  // namespace
