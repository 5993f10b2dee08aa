// Bad input and misbehaving kernels get a typed exception at parallel_for_each, never a crash, nothing
// runs when a launch is refused, and the next launch works (PFE-3, PFE-4, PFE-9, PFE-10, PFE-12,
// ERR-1..ERR-5, AV-8, ARR-6).
#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <exception>
#include <fstream>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <class Launch>
std::string message_of(Launch launch) {
  try {
    launch();
  } catch (const runtime_exception& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a runtime_exception";
  return "";
}

// A launch that must be refused: throws exactly E (not only a base of it), with a message, and runs
// no kernel thread.
template <class E, class Domain, class Kernel>
void expect_refused(const Domain& domain, const Kernel& kernel) {
  static std::atomic<int> ran;
  ran = 0;
  try {
    parallel_for_each(domain, [=] restrict_amp (auto i) {
      ran.fetch_add(1);
      kernel(i);
    });
    ADD_FAILURE() << "expected " << typeid(E).name();
  } catch (const runtime_exception& e) {
    EXPECT_EQ(typeid(e), typeid(E)) << e.what();
    EXPECT_GT(std::string(e.what()).size(), 20u);
  }
  EXPECT_EQ(ran.load(), 0) << "a refused launch must run nothing";
}

// ERR-1: a kernel throw becomes kernel_exception at the call site, naming the thread and the original,
// which is nested (std::rethrow_if_nested).
TEST(KernelException, ThrowInATiledKernelNamesTheThreadAndNestsTheOriginal) {
  try {
    parallel_for_each(extent<1>(64).tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.global[0] == 37) throw std::runtime_error("boom");
    });
    FAIL() << "expected kernel_exception";
  } catch (const kernel_exception& e) {
    const std::string what = e.what();
    EXPECT_TRUE(contains(what, "std::runtime_error: boom")) << what;
    EXPECT_TRUE(contains(what, "tile (2) local (5) global (37)")) << what;
    try {
      std::rethrow_if_nested(e);
      ADD_FAILURE() << "nothing nested";
    } catch (const std::runtime_error& original) {
      EXPECT_STREQ(original.what(), "boom");
    }
  }
}

TEST(KernelException, TwoDimensionalThreadIsNamedByItsTileLocalAndGlobalIndices) {
  const std::string what = message_of([] {
    parallel_for_each(extent<2>(8, 8).tile<4, 4>(), [=] restrict_amp (tiled_index<4, 4> t) {
      if (t.global == index<2>(6, 1)) throw std::invalid_argument("bad");
    });
  });
  EXPECT_TRUE(contains(what, "std::invalid_argument: bad")) << what;
  EXPECT_TRUE(contains(what, "tile (1,0) local (2,1) global (6,1)")) << what;
}

// ERR-1: the non-tiled form names the point.
TEST(KernelException, ThrowInANonTiledKernelNamesThePoint) {
  try {
    parallel_for_each(extent<2>(4, 5), [=] restrict_amp (index<2> i) {
      if (i == index<2>(3, 1)) throw std::logic_error("bad point");
    });
    FAIL() << "expected kernel_exception";
  } catch (const kernel_exception& e) {
    const std::string what = e.what();
    EXPECT_TRUE(contains(what, "bad point")) << what;
    EXPECT_TRUE(contains(what, "thread (3,1)")) << what;
    EXPECT_THROW(e.rethrow_nested(), std::logic_error);
  }
}

// Something that is not a std::exception is nested too.
TEST(KernelException, ANonStandardThrowIsNestedAsIs) {
  try {
    parallel_for_each(extent<1>(4).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
      if (t.local[0] == 1) throw 42;
    });
    FAIL() << "expected kernel_exception";
  } catch (const kernel_exception& e) {
    EXPECT_TRUE(contains(e.what(), "non-standard exception")) << e.what();
    try {
      std::rethrow_if_nested(e);
      ADD_FAILURE() << "nothing nested";
    } catch (int v) {
      EXPECT_EQ(v, 42);
    }
  }
}

// When several threads throw, the lowest thread's exception is the one reported.
TEST(KernelException, TheLowestThreadsExceptionIsReportedWhenSeveralThrow) {
  const std::string what = message_of([] {
    parallel_for_each(extent<1>(256).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      if (t.global[0] % 50 == 7) throw std::runtime_error("at " + std::to_string(t.global[0]));
    });
  });
  EXPECT_TRUE(contains(what, "at 7 ")) << what;
}

void recurse_deeply(int depth, volatile char* sink) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(depth);
  *sink = frame[0];
  if (depth > 0) recurse_deeply(depth - 1, sink);
  *sink = frame[100];
}

// A kernel thread running past its stack is stack_overflow naming the thread; the next launch works.
TEST(StackOverflow, RunawayRecursionInAKernelIsAStackOverflowAndTheNextLaunchWorks) {
  const std::string what = message_of([] {
    parallel_for_each(extent<1>(4).tile<4>(), [=] restrict_amp (tiled_index<4> t) {
      volatile char sink = 0;
      if (t.local[0] == 2) recurse_deeply(1 << 20, &sink);
    });
  });
  EXPECT_TRUE(contains(what, "stack overflow in kernel code (tile (0) local (2)")) << what;
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
    t.barrier.wait();
    v[t] = 1;
  });
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(16, 1));
}

TEST(StackOverflow, IsTheStackOverflowType) {
  EXPECT_THROW(parallel_for_each(extent<1>(2).tile<2>(),
                                 [=] restrict_amp (tiled_index<2> t) {
                                   (void)t;
                                   volatile char sink = 0;
                                   recurse_deeply(1 << 20, &sink);
                                 }),
               stack_overflow);
}

// A local array larger than a kernel thread's stack (64 KiB by default), a byte of every page written, the
// deepest first. The stride comes from a variable the optimizer cannot see through: with constant indices
// clang keeps only the bytes touched (two of an array written at its ends alone), and no large frame is left.
volatile std::size_t page_stride = 4096;
[[gnu::noinline]] void use_a_large_local_array(int value, volatile int* sink) {
  volatile char big[96 * 1024];
  const std::size_t stride = page_stride;
  for (std::size_t at = 0; at < sizeof(big); at += stride) big[at] = static_cast<char>(value);
  *sink = big[sizeof(big) - stride];
}

// A large local array in one kernel thread is a stack overflow naming that thread, and the emulator keeps
// working: a launch with barriers afterwards is correct.
TEST(StackOverflow, ALargeLocalArrayInAKernelIsAStackOverflowAndTheNextLaunchWorks) {
  try {
    parallel_for_each(extent<1>(16).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      volatile int local_sink = 0;
      if (t.global[0] == 13) use_a_large_local_array(t.local[0], &local_sink);
      t.barrier.wait();
    });
    FAIL() << "expected stack_overflow";
  } catch (const stack_overflow& e) {
    EXPECT_TRUE(contains(e.what(), "tile (1) local (5) global (13)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "TESSERA_STACK_SIZE")) << e.what();
  }
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int x[32];
    x[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = x[31 - t.local[0]];
  });
  v.synchronize();
  for (int g = 0; g < 64; ++g) ASSERT_EQ(out[g], g / 32 * 32 + 31 - g % 32);
}

// When several threads of a tile overflow, the others of the phase still run after the first did, and the
// lowest is reported: the report does not depend on TESSERA_SEED (options.hpp), and the next launch works.
TEST(StackOverflow, ReportIsTheSameForEverySeedWhenSeveralThreadsOverflow) {
  const auto saved = emulator::get_options();
  std::string reference;
  for (std::uint64_t seed : {0u, 1u, 2u, 3u}) {
    emulator::set_seed(seed);
    const std::string what = message_of([] {
      parallel_for_each(extent<1>(8).tile<8>(), [=] restrict_amp (tiled_index<8> t) {
        volatile int local_sink = 0;
        use_a_large_local_array(t.local[0], &local_sink);
      });
    });
    if (seed == 0) reference = what;
    EXPECT_EQ(what, reference) << "seed " << seed;
  }
  EXPECT_TRUE(contains(reference, "tile (0) local (0) global (0)")) << reference;
  emulator::set_options(saved);
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { v[t] = t.local[0]; });
  v.synchronize();
  for (int g = 0; g < 16; ++g) EXPECT_EQ(out[g], g % 8);
}

// PFE-3, TEXT-6: a tiled extent not divisible by its tile throws invalid_compute_domain naming the fix.
// The memory areas of this process (lines of /proc/self/maps).
std::size_t memory_areas() {
  std::ifstream maps("/proc/self/maps");
  std::size_t n = 0;
  for (std::string line; std::getline(maps, line);) ++n;
  return n;
}

// Whether this kernel makes guard pages inside a mapping (MADV_GUARD_INSTALL, Linux 6.13).
bool kernel_has_guard_pages() {
  const long page = 4096;
  void* m = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return false;
  const bool has = madvise(m, page, 102 /* MADV_GUARD_INSTALL */) == 0;
  munmap(m, 2 * page);
  return has;
}

// A worker's fiber stacks take a few of the process's memory areas, not two a stack: a host of many cores
// running tiles of 1,024 threads on each would otherwise exhaust vm.max_map_count (65,530 areas by default)
// and fail to start its threads. A stack size of its own makes the worker's stacks anew here.
TEST(FiberStacks, ATileOf1024ThreadsAddsAFewMemoryAreasNotTwoAStack) {
  if (!kernel_has_guard_pages()) GTEST_SKIP() << "this kernel has no guard pages inside a mapping (MADV_GUARD_INSTALL, Linux 6.13)";
  const emulator::options saved = emulator::get_options();
  emulator::options o = saved;
  o.workers = 1;
  o.stack_bytes = 72 * 1024;
  emulator::set_options(o);
  const std::size_t before = memory_areas();
  std::vector<int> out(1024, 0);
  array_view<int, 1> v(1024, out);
  parallel_for_each(v.extent.tile<1024>(), [=] restrict_amp (tiled_index<1024> t) {
    t.barrier.wait();  // every thread on a fiber of its own
    v[t] = 1;
  });
  const std::size_t after = memory_areas();
  emulator::set_options(saved);
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(1024, 1));
  EXPECT_LT(after, before + 64) << before << " memory areas before the launch, " << after << " after";
}

TEST(InvalidDomain, NonDivisibleExtentThrowsNamesPadAndTruncateAndRunsNothing) {
  const std::string what = message_of([] { parallel_for_each(extent<1>(10).tile<4>(), [=] restrict_amp (tiled_index<4> t) { (void)t; }); });
  EXPECT_TRUE(contains(what, "not divisible")) << what;
  EXPECT_TRUE(contains(what, "pad()")) << what;
  EXPECT_TRUE(contains(what, "truncate()")) << what;
  expect_refused<invalid_compute_domain>(extent<1>(10).tile<4>(), [=] restrict_amp (tiled_index<4> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<2>(16, 20).tile<8, 8>(), [=] restrict_amp (tiled_index<8, 8> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<3>(4, 4, 6).tile<2, 2, 4>(), [=] restrict_amp (tiled_index<2, 2, 4> t) { (void)t; });
}

// PFE-12 (project decision, docs in compute_domain.hpp): zero and negative extents are refused.
TEST(InvalidDomain, ZeroExtentThrowsAndRunsNothing) {
  expect_refused<invalid_compute_domain>(extent<1>(0), [=] restrict_amp (index<1> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<2>(4, 0), [=] restrict_amp (index<2> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<1>(0).tile<4>(), [=] restrict_amp (tiled_index<4> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<1>(3).tile<4>().truncate(), [=] restrict_amp (tiled_index<4> t) { (void)t; });
}

TEST(InvalidDomain, NegativeExtentThrowsAndRunsNothing) {
  expect_refused<invalid_compute_domain>(extent<2>(4, -4), [=] restrict_amp (index<2> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<1>(-8).tile<4>(), [=] restrict_amp (tiled_index<4> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<3>(2, -2, 2).tile<2, 2, 2>(), [=] restrict_amp (tiled_index<2, 2, 2> t) { (void)t; });
  EXPECT_TRUE(contains(message_of([] { parallel_for_each(extent<2>(4, -4), [=] restrict_amp (index<2> t) { (void)t; }); }), "negative"));
}

// PFE-4: a tile's own limits (at most 1024 threads, D0 at most 64 at rank 3) are template arguments and
// are refused when the launch compiles (tests/compile_fail, cases 9 to 13). The tile count depends on the
// extent, so it is the limit a launch checks at run time: at most 65535 tiles in any dimension.
TEST(InvalidDomain, MoreThan65535TilesInADimensionThrowsAndRunsNothing) {
  expect_refused<invalid_compute_domain>(extent<1>(65536).tile<1>(), [=] restrict_amp (tiled_index<1> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<2>(1, 65536 * 2).tile<1, 2>(), [=] restrict_amp (tiled_index<1, 2> t) { (void)t; });
  expect_refused<invalid_compute_domain>(extent<3>(1, 1, 65536).tile<1, 1, 1>(), [=] restrict_amp (tiled_index<1, 1, 1> t) { (void)t; });
}

// PFE-4: the largest allowed shapes run.
TEST(Limits, TheLargestAllowedShapesRun) {
  std::vector<int> count(1, 0);
  array_view<int, 1> c(1, count);
  parallel_for_each(extent<1>(1024).tile<1024>(), [=] restrict_amp (tiled_index<1024> t) {
    (void)t;
    atomic_fetch_inc(&c[0]);
  });
  c.synchronize();
  parallel_for_each(extent<2>(32, 32).tile<32, 32>(), [=] restrict_amp (tiled_index<32, 32> t) {
    (void)t;
    atomic_fetch_inc(&c[0]);
  });
  c.synchronize();
  parallel_for_each(extent<3>(64, 4, 4).tile<64, 4, 4>(), [=] restrict_amp (tiled_index<64, 4, 4> t) {
    (void)t;
    atomic_fetch_inc(&c[0]);
  });
  c.synchronize();
  parallel_for_each(extent<1>(65535).tile<1>(), [=] restrict_amp (tiled_index<1> t) {
    (void)t;
    atomic_fetch_inc(&c[0]);
  });
  c.synchronize();
  EXPECT_EQ(count[0], 1024 * 3 + 65535);
  EXPECT_EQ(limits::max_threads_per_tile, 1024);
  EXPECT_EQ(limits::max_tiles_per_dimension, 65535);
  EXPECT_EQ(limits::max_tile_dim0_rank3, 64);
}

// PFE-10, ERR-5: the cpu accelerator stores data only; launching on it is unsupported_feature.
TEST(Accelerators, LaunchOnTheCpuAcceleratorThrowsUnsupportedFeatureAndRunsNothing) {
  const auto cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  static std::atomic<int> ran;  // static: a kernel captures nothing by reference
  ran = 0;
  EXPECT_THROW(parallel_for_each(cpu, extent<1>(4), [=] restrict_amp (index<1> i) { ran.fetch_add(1 + 0 * i[0]); }),
               unsupported_feature);
  EXPECT_THROW(parallel_for_each(cpu, extent<1>(4).tile<4>(), [=] restrict_amp (tiled_index<4> t) { ran.fetch_add(1 + 0 * t.local[0]); }),
               unsupported_feature);
  EXPECT_EQ(ran.load(), 0);
}

// There is no nested parallelism: a launch from kernel code is refused.
TEST(NestedLaunch, LaunchingFromKernelCodeIsRefused) {
  try {
    parallel_for_each(extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
      (void)t;
      parallel_for_each(extent<1>(2), [=] restrict_amp (index<1> i) { (void)i; });
    });
    FAIL() << "expected a refusal";
  } catch (const kernel_exception& e) {
    EXPECT_TRUE(contains(e.what(), "called from kernel code")) << e.what();
  }
}

// AV-8, ARR-6: out-of-bounds indexing on the host throws out_of_bounds naming index and extent.
TEST(OutOfBounds, HostIndexingOutsideTheExtentThrowsNamingIndexAndExtent) {
  std::vector<int> data(6);
  array_view<int, 2> v(2, 3, data);
  try {
    (void)v(1, 3);
    FAIL();
  } catch (const out_of_bounds& e) {
    EXPECT_TRUE(contains(e.what(), "index (1,3) is outside the extent (2,3) of a tessera::array_view<int, 2>")) << e.what();
  }
  EXPECT_THROW((void)v[2], out_of_bounds);         // projection on dimension 0
  EXPECT_THROW((void)v[index<2>(-1, 0)], out_of_bounds);
  array<int, 1> a(4);
  EXPECT_THROW((void)a[index<1>(4)], out_of_bounds);
}

// AV-8: inside a kernel the launch throws out_of_bounds naming the index and the thread.
TEST(OutOfBounds, TiledKernelIndexingOutsideTheExtentThrowsNamingTheThread) {
  std::vector<int> data(16);
  array_view<int, 1> v(16, data);
  try {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[t.global[0] + 1] = 0; });
    FAIL();
  } catch (const out_of_bounds& e) {
    EXPECT_TRUE(contains(e.what(), "index (16)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "extent (16)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "tile (0) local (15) global (15)")) << e.what();
  }
}

TEST(OutOfBounds, NonTiledKernelIndexingOutsideTheExtentThrowsNamingThePoint) {
  std::vector<int> data(12);
  array_view<int, 2> v(3, 4, data);
  try {
    parallel_for_each(v.extent, [=] restrict_amp (index<2> i) { v(i[0], i[1] + (i == index<2>(2, 3) ? 1 : 0)) = 1; });
    FAIL();
  } catch (const out_of_bounds& e) {
    EXPECT_TRUE(contains(e.what(), "index (2,4)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "thread (2,3)")) << e.what();
  }
}

// ERR-2: every error is a runtime_exception with a message and an HRESULT-style code.
TEST(Errors, EveryErrorIsARuntimeExceptionWithAMessageAndACode) {
  try {
    parallel_for_each(extent<1>(3).tile<2>(), [=] restrict_amp (tiled_index<2> t) { (void)t; });
    FAIL() << "expected invalid_compute_domain";
  } catch (const runtime_exception& e) {
    EXPECT_GT(std::string(e.what()).size(), 20u);
    EXPECT_EQ(e.get_error_code(), static_cast<unsigned>(error_code::invalid_argument));
  }
  try {
    parallel_for_each(accelerator("cpu").get_default_view(), extent<1>(1), [=] restrict_amp (index<1> t) { (void)t; });
    FAIL() << "expected unsupported_feature";
  } catch (const runtime_exception& e) {
    EXPECT_EQ(e.get_error_code(), static_cast<unsigned>(error_code::not_implemented));
  }
  static_assert(std::is_base_of_v<runtime_exception, kernel_exception>);
  static_assert(std::is_base_of_v<std::nested_exception, kernel_exception>);
  static_assert(std::is_base_of_v<runtime_exception, stack_overflow>);
  static_assert(std::is_base_of_v<runtime_exception, out_of_bounds>);
  static_assert(std::is_base_of_v<runtime_exception, invalid_compute_domain>);
  static_assert(std::is_base_of_v<runtime_exception, unsupported_feature>);
  static_assert(std::is_base_of_v<std::exception, runtime_exception>);
}

}  // namespace
