// Bad input gets a typed exception at parallel_for_each, never a crash (PFE-3, PFE-4, PFE-10, PFE-12,
// ERR-1..ERR-5), and the next launch works.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

template <class Launch>
std::string message_of(Launch launch) {
  try {
    launch();
  } catch (const runtime_exception& e) {
    return e.what();
  }
  return "";
}

TEST(KernelException, ThrowInATiledKernelNamesTheThreadAndNestsTheOriginal) {
  try {
    parallel_for_each(extent<1>(64).tile<16>(), [](tiled_index<16> t) {
      if (t.global[0] == 37) throw std::runtime_error("boom");
    });
    FAIL() << "expected kernel_exception";
  } catch (const kernel_exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("std::runtime_error: boom"), std::string::npos) << what;
    EXPECT_NE(what.find("tile (2) local (5) global (37)"), std::string::npos) << what;
    EXPECT_THROW(e.rethrow_nested(), std::runtime_error);
  }
}

TEST(KernelException, ThrowInANonTiledKernelNamesThePoint) {
  const std::string what = message_of([] {
    parallel_for_each(extent<2>(4, 5), [](index<2> i) {
      if (i == index<2>(3, 1)) throw std::logic_error("bad point");
    });
  });
  EXPECT_NE(what.find("bad point"), std::string::npos) << what;
  EXPECT_NE(what.find("thread (3,1)"), std::string::npos) << what;
}

TEST(KernelException, TheLowestThreadsExceptionIsReportedWhenSeveralThrow) {
  const std::string what = message_of([] {
    parallel_for_each(extent<1>(256).tile<8>(), [](tiled_index<8> t) {
      if (t.global[0] % 50 == 7) throw std::runtime_error("at " + std::to_string(t.global[0]));
    });
  });
  EXPECT_NE(what.find("at 7 "), std::string::npos) << what;
}

void recurse_deeply(int depth, volatile char* sink) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(depth);
  *sink = frame[0];
  if (depth > 0) recurse_deeply(depth - 1, sink);
  *sink = frame[100];
}

TEST(StackOverflow, RunawayRecursionInAKernelIsAStackOverflowAndTheNextLaunchWorks) {
  const std::string what = message_of([] {
    parallel_for_each(extent<1>(4).tile<4>(), [](tiled_index<4> t) {
      volatile char sink = 0;
      if (t.local[0] == 2) recurse_deeply(1 << 20, &sink);
    });
  });
  EXPECT_NE(what.find("stack overflow in kernel code (tile (0) local (2)"), std::string::npos) << what;
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) {
    t.barrier.wait();
    v[t] = 1;
  });
  EXPECT_EQ(out, std::vector<int>(16, 1));
}

TEST(StackOverflow, IsTheStackOverflowType) {
  EXPECT_THROW(parallel_for_each(extent<1>(2).tile<2>(),
                                 [](tiled_index<2>) {
                                   volatile char sink = 0;
                                   recurse_deeply(1 << 20, &sink);
                                 }),
               stack_overflow);
}

TEST(InvalidDomain, NonDivisibleExtentThrowsAndNamesPadAndTruncate) {
  bool ran = false;
  const std::string what = message_of([&] { parallel_for_each(extent<1>(10).tile<4>(), [&](tiled_index<4>) { ran = true; }); });
  EXPECT_NE(what.find("not divisible"), std::string::npos) << what;
  EXPECT_NE(what.find("pad()"), std::string::npos) << what;
  EXPECT_FALSE(ran);
  EXPECT_THROW(parallel_for_each(extent<1>(10).tile<4>(), [](tiled_index<4>) {}), invalid_compute_domain);
}

TEST(InvalidDomain, ZeroAndNegativeExtentsThrow) {
  EXPECT_THROW(parallel_for_each(extent<1>(0), [](index<1>) {}), invalid_compute_domain);
  EXPECT_THROW(parallel_for_each(extent<2>(4, -4), [](index<2>) {}), invalid_compute_domain);
  EXPECT_THROW(parallel_for_each(extent<1>(0).tile<4>(), [](tiled_index<4>) {}), invalid_compute_domain);
}

TEST(InvalidDomain, MoreThan1024ThreadsPerTileThrows) {
  EXPECT_THROW(parallel_for_each(extent<1>(1025).tile<1025>(), [](tiled_index<1025>) {}), invalid_compute_domain);
  EXPECT_THROW(parallel_for_each(extent<3>(2, 2, 257).tile<2, 2, 257>(), [](tiled_index<2, 2, 257>) {}),
               invalid_compute_domain);
}

TEST(InvalidDomain, RankThreeTileWithD0Over64Throws) {
  EXPECT_THROW(parallel_for_each(extent<3>(128, 2, 2).tile<128, 2, 2>(), [](tiled_index<128, 2, 2>) {}),
               invalid_compute_domain);
}

TEST(InvalidDomain, MoreThan65535TilesInADimensionThrows) {
  EXPECT_THROW(parallel_for_each(extent<1>(65536).tile<1>(), [](tiled_index<1>) {}), invalid_compute_domain);
}

TEST(Limits, TheLargestAllowedShapesRun) {
  std::vector<int> count(1, 0);
  array_view<int, 1> c(1, count);
  parallel_for_each(extent<1>(1024).tile<1024>(), [=](tiled_index<1024>) { atomic_fetch_inc(&c[0]); });
  parallel_for_each(extent<2>(32, 32).tile<32, 32>(), [=](tiled_index<32, 32>) { atomic_fetch_inc(&c[0]); });
  parallel_for_each(extent<3>(64, 4, 4).tile<64, 4, 4>(), [=](tiled_index<64, 4, 4>) { atomic_fetch_inc(&c[0]); });
  parallel_for_each(extent<1>(65535).tile<1>(), [=](tiled_index<1>) { atomic_fetch_inc(&c[0]); });
  EXPECT_EQ(count[0], 1024 * 3 + 65535);
}

TEST(Accelerators, LaunchOnTheCpuAcceleratorThrowsUnsupportedFeature) {
  const auto cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  EXPECT_THROW(parallel_for_each(cpu, extent<1>(4), [](index<1>) {}), unsupported_feature);
}

TEST(NestedLaunch, LaunchingFromKernelCodeIsRefused) {
  try {
    parallel_for_each(extent<1>(2).tile<2>(), [](tiled_index<2>) { parallel_for_each(extent<1>(2), [](index<1>) {}); });
    FAIL() << "expected a refusal";
  } catch (const kernel_exception& e) {
    EXPECT_NE(std::string(e.what()).find("called from kernel code"), std::string::npos) << e.what();
  }
}

TEST(OutOfBounds, HostIndexingOutsideTheExtentThrowsNamingIndexAndExtent) {
  std::vector<int> data(6);
  array_view<int, 2> v(2, 3, data);
  try {
    (void)v(1, 3);
    FAIL();
  } catch (const out_of_bounds& e) {
    EXPECT_NE(std::string(e.what()).find("index (1,3) is outside the array_view's extent (2,3)"), std::string::npos) << e.what();
  }
}

TEST(OutOfBounds, KernelIndexingOutsideTheExtentThrowsNamingTheThread) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  try {
    parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) { v[t.global[0] + 1] = 0; });
    FAIL();
  } catch (const out_of_bounds& e) {
    EXPECT_NE(std::string(e.what()).find("index (16)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("local (15)"), std::string::npos) << e.what();
  }
}

TEST(Errors, EveryErrorIsARuntimeExceptionWithAMessage) {
  try {
    parallel_for_each(extent<1>(3).tile<2>(), [](tiled_index<2>) {});
  } catch (const runtime_exception& e) {
    EXPECT_GT(std::string(e.what()).size(), 20u);
    EXPECT_EQ(e.get_error_code(), static_cast<unsigned>(error_code::invalid_argument));
  }
}

}  // namespace
