// The memory checks on instrumented kernels (tessera_checked_kernels): each buggy kernel must be
// reported with the right kind and the line of the access; each correct kernel must not be reported.
#include "findings.hpp"

#include <tessera/amp.hpp>
#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/hazards_json.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
using namespace tessera;
using namespace checks_test;
using tessera::index;

// --- buggy kernels ---------------------------------------------------------------------------------------

TEST(TileStaticHazards, UnsynchronizedSumIntoOneTileStaticVariableIsAWriteAfterWriteRace) {
  std::vector<float> in(64, 1.0f), out(4, 0.0f);
  array_view<const float, 1> a(64, in);
  array_view<float, 1> b(4, out);
  const int line = __LINE__ + 6;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static float total;
      if (t.local[0] == 0) total = 0;
      t.barrier.wait();
      total += a[t];  // every thread, no synchronization
      t.barrier.wait();
      if (t.local[0] == 0) b[t.tile] = total;
    });
  });
  EXPECT_TRUE(has(hs, "write after write", line) || has(hs, "read after write", line)) << describe(hs);
}

TEST(TileStaticHazards, ReadingANeighboursSlotWithoutABarrierIsAReadAfterWriteRace) {
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  const int line = __LINE__ + 5;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      tile_static int s[32];
      s[t.local[0]] = t.local[0];
      v[t] = s[(t.local[0] + 31) % 32];  // no barrier between the write and this read
    });
  });
  EXPECT_TRUE(has(hs, "read after write", line)) << describe(hs);
}

TEST(TileStaticHazards, OverwritingASlotAnotherThreadStillReadsIsAWriteAfterReadRace) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int line = __LINE__ + 7;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s[16];
      s[t.local[0]] = 1;
      t.barrier.wait();
      const int neighbour = s[(t.local[0] + 1) % 16];
      s[t.local[0]] = neighbour + 1;  // the neighbour may not have read it yet
      t.barrier.wait();
      v[t] = s[t.local[0]];
    });
  });
  EXPECT_TRUE(has(hs, "write after read", line)) << describe(hs);
}

TEST(TileStaticHazards, ExchangeAcrossAGlobalOnlyFenceIsARace) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int line = __LINE__ + 6;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s[16];
      s[t.local[0]] = t.local[0];
      t.barrier.wait_with_global_memory_fence();  // does not order tile_static memory (MEM-9)
      v[t] = s[15 - t.local[0]];
    });
  });
  EXPECT_TRUE(has(hs, "read after write", line)) << describe(hs);
}

// After a word's first read the next thread's read of it skips the checks' general path where every
// check takes it as a second reader (quiet_words.hpp): an unwritten word is not taken, and the second
// reader's own line is reported.
TEST(TileStaticHazards, AnUnwrittenWordReadByTwoThreadsIsReportedAtEachLine) {
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  const int first = __LINE__ + 5, second = first + 1;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
      tile_static int s[4];
      int x = 0;
      if (t.local[0] == 0) x = s[0];
      if (t.local[0] == 1) x = s[0] + 1;
      v[t] = x;
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", first)) << describe(hs);
  EXPECT_TRUE(has(hs, "uninitialized read", second)) << describe(hs);
}

// A word two threads read and a third writes in one interval: the race is found in every thread order,
// the second reader taken on the quiet words' path or not.
TEST(TileStaticHazards, AWriteAfterTwoReadersIsARaceInEveryOrder) {
  const auto saved = emulator::get_options();
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  for (std::uint64_t seed : {0u, 1u, 2u, 3u, 4u, 5u}) {
    auto o = saved;
    o.seed = seed;
    emulator::set_options(o);
    const auto hs = hazards_of([&] {
      parallel_for_each(v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) {
        tile_static int s[4];
        s[t.local[0]] = t.local[0];
        t.barrier.wait();
        int x = 0;
        if (t.local[0] < 2) x = s[3];
        if (t.local[0] == 3) s[3] = 7;
        v[t] = x;
      });
    });
    EXPECT_GE(count_kind(hs, "write after read") + count_kind(hs, "read after write"), 1) << "seed " << seed << ": " << describe(hs);
  }
  emulator::set_options(saved);
}

TEST(TileStaticHazards, ReadingTileStaticNoThreadWroteIsAnUninitializedRead) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const int line = __LINE__ + 6;  // the kernel line the finding must name
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      tile_static int s[8];
      if (t.local[0] < 4) s[t.local[0]] = 1;
      t.barrier.wait();
      v[t] = s[t.local[0]];  // slots 4..7 were never written
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", line)) << describe(hs);
}

// C++ AMP has no atomic store: atomic_exchange into fresh tile_static memory, its result discarded, is a
// store, not a read of uninitialized memory.
TEST(TileStaticHazards, AtomicExchangeIntoFreshTileStaticIsAStoreNotAnUninitializedRead) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      tile_static int s[8];
      atomic_exchange(&s[t.local[0]], 2 * t.local[0]);
      t.barrier.wait();
      v[t] = s[7 - t.local[0]];
    });
    v.synchronize();
  });
  EXPECT_TRUE(hs.empty()) << describe(hs);
  EXPECT_EQ(out, (std::vector<int>{14, 12, 10, 8, 6, 4, 2, 0}));
}

TEST(TileStaticHazards, PlainStoreNextToAnAtomicIsARace) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int counter;
      if (t.local[0] == 0) counter = 0;
      t.barrier.wait();
      if (t.local[0] == 3) counter = 100;  // plain store
      else atomic_fetch_add(&counter, 1);
      t.barrier.wait();
      v[t] = counter;
    });
  });
  bool found = false;
  for (const auto& h : hs) found |= h.kind == "write next to atomic";
  EXPECT_TRUE(found) << describe(hs);
}

// --- correct kernels -------------------------------------------------------------------------------------

TEST(TileStaticHazards, TreeReductionWithBarriersIsClean) {
  std::vector<int> in(256, 1), out(1);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> b(1, out);
  EXPECT_NO_THROW(parallel_for_each(a.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) {
    tile_static int s[256];
    const int l = t.local[0];
    s[l] = a[t];
    t.barrier.wait();
    for (int stride = 128; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) b[0] = s[0];
  }));
  b.synchronize();
  EXPECT_EQ(out[0], 256);
}

// Writes and reads `n` values through a pointer to its caller's stack: the accesses are the hooks' (the
// array escapes), and private to the thread whose stack it is.
[[gnu::noinline]] int sum_of_locals(volatile int* values, int n, int seed) {
  for (int k = 0; k < n; ++k) values[k] = seed + k;
  int sum = 0;
  for (int k = 0; k < n; ++k) sum += values[k];
  return sum;
}

// Each thread's locals are its own, across barriers, in tiles of 4, then 1,024 (which makes the worker's
// stacks again, larger in number), then 64 threads: the checks find the running thread's stack from the
// address of its frame, and no access to a local is taken for another memory.
TEST(TileStaticHazards, LocalsAreEachThreadsOwnAsTheStacksAreMadeAgainForLargerTiles) {
  auto run = [](auto tile) {
    constexpr int n = decltype(tile)::value;
    std::vector<int> out(2 * n, 0);
    array_view<int, 1> v(2 * n, out);
    std::string message;
    const auto hs = hazards_of(
        [&] {
          parallel_for_each(v.extent.tile<n>(), [=] restrict_amp (tiled_index<n> t) {
            volatile int values[8];
            const int before = sum_of_locals(values, 8, t.global[0]);
            t.barrier.wait();
            v[t] = before + sum_of_locals(values, 8, 1);
          });
          v.synchronize();
        },
        &message);
    EXPECT_TRUE(hs.empty()) << n << " threads a tile: " << message;
    for (int g = 0; g < 2 * n; ++g) ASSERT_EQ(out[g], 8 * g + 28 + 36) << n << " threads a tile, thread " << g;
  };
  run(std::integral_constant<int, 4>{});
  run(std::integral_constant<int, 1024>{});
  run(std::integral_constant<int, 64>{});
}

TEST(TileStaticHazards, ExchangeAcrossATileStaticFenceIsClean) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0];
    t.barrier.wait_with_tile_static_memory_fence();
    v[t] = s[15 - t.local[0]];
  }));
  v.synchronize();
  EXPECT_EQ(out[0], 15);
}

TEST(TileStaticHazards, AtomicHistogramInTileStaticIsClean) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  EXPECT_NO_THROW(parallel_for_each(extent<1>(256).tile<256>(), [=] restrict_amp (tiled_index<256> t) {
    tile_static int bins[8];
    if (t.local[0] < 8) bins[t.local[0]] = 0;
    t.barrier.wait();
    atomic_fetch_add(&bins[t.local[0] % 8], 1);
    t.barrier.wait();
    if (t.local[0] < 8) v[t.local[0]] = bins[t.local[0]];
  }));
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(8, 32));
}

TEST(TileStaticHazards, TwoThreadsWritingDifferentFieldsOfOneStructIsClean) {
  struct pair {
    int a, b;
  };
  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  EXPECT_NO_THROW(parallel_for_each(extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
    tile_static pair p;
    if (t.local[0] == 0) p.a = 1;
    else p.b = 2;
    t.barrier.wait();
    v[t] = t.local[0] == 0 ? p.b : p.a;
  }));
  v.synchronize();
  EXPECT_EQ(out, (std::vector<int>{2, 1}));
}

TEST(TileStaticHazards, ManyThreadsReadingOneValueIsClean) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int broadcast;
    if (t.local[0] == 0) broadcast = 42;
    t.barrier.wait();
    v[t] = broadcast;
  }));
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(64, 42));
}

// --- words many threads read -------------------------------------------------------------------------------
// Once two threads read a tile_static word in an interval and nobody wrote it, further reads skip the
// checks' shadows (a quiet word, emulator/src/checks/quiet_words.hpp). These pin what must still be
// found around such reads; at seed 0 a tile's threads run in the order of their numbers.

TEST(QuietWords, AStoreAfterManyThreadsReadAWordIsAWriteAfterReadAndTheReadsAfterItReadAfterWrite) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int read_line = __LINE__ + 7;
  const int write_line = read_line + 1;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s;
      if (t.local[0] == 0) s = 1;
      t.barrier.wait();
      v[t] = s;  // threads 0-6 make the word quiet; 8-15 read after thread 7's store
      if (t.local[0] == 7) s = 2;
    });
  });
  EXPECT_TRUE(has(hs, "write after read", write_line)) << describe(hs);
  EXPECT_TRUE(has(hs, "read after write", read_line)) << describe(hs);
}

TEST(QuietWords, AWordQuietInOneIntervalIsWatchedAgainInTheNext) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int write_line = __LINE__ + 9;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s;
      if (t.local[0] == 0) s = 1;
      t.barrier.wait();
      int x = s;  // every thread: the word is quiet in this interval
      t.barrier.wait();
      if (t.local[0] == 0) x += s;  // the only read of the next interval...
      if (t.local[0] == 5) s = 3;   // ...races with this store
      v[t] = x;
    });
  });
  EXPECT_TRUE(has(hs, "write after read", write_line)) << describe(hs);
}

TEST(QuietWords, AWordQuietInOneTileIsUninitializedInTheNextTileOnTheWorker) {
  std::vector<int> out(16 * 64);
  array_view<int, 1> v(16 * 64, out);
  const int read_line = __LINE__ + 6;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s;
      if (t.local[0] == 0 && t.tile[0] % 2 == 0) s = t.tile[0];  // odd tiles never store it
      t.barrier.wait();
      v[t] = s;
    });
  });
  EXPECT_TRUE(has(hs, "uninitialized read", read_line)) << describe(hs);
}

TEST(QuietWords, AStoreToOneByteOfAQuietWordRacesWithTheWholeWordsLaterReads) {
  std::vector<int> out(16);
  array_view<int, 1> v(16, out);
  const int read_line = __LINE__ + 6;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int s;
      if (t.local[0] == 0) s = 0;
      t.barrier.wait();
      v[t] = s;  // threads 10-15 read after thread 9 stored one of the word's bytes
      if (t.local[0] == 9) reinterpret_cast<unsigned char*>(&s)[1] = 1;
    });
  });
  EXPECT_TRUE(has(hs, "read after write", read_line)) << describe(hs);
}

TEST(TileStaticHazards, ChecksOffReportsNothing) {
  const auto saved = emulator::get_options();
  auto off = saved;
  off.checks = emulator::check_mode::off;
  emulator::set_options(off);
  std::vector<int> out(32);
  array_view<int, 1> v(32, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    tile_static int s[32];
    s[t.local[0]] = 1;
    v[t] = s[(t.local[0] + 1) % 32];
  }));
  emulator::set_options(saved);
}

// Which access of a race comes first depends on the thread order, so the seed may change a report; the
// worker count never does, and every seed finds the race.
TEST(TileStaticHazards, ReportsAreTheSameAtEveryWorkerCountAndEverySeedFindsTheRace) {
  const auto saved = emulator::get_options();
  auto run = [] {
    std::vector<int> out(256);
    array_view<int, 1> v(256, out);
    try {
      parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
        tile_static int s[32];
        s[t.local[0]] = t.local[0];
        v[t] = s[(t.local[0] + 5) % 32];
      });
    } catch (const hazard_detected& e) {
      return std::string(e.what());
    }
    return std::string("no report");
  };
  auto o = saved;
  for (std::uint64_t seed : {0ull, 3ull, 11ull}) {
    o.workers = 1;
    o.seed = seed;
    emulator::set_options(o);
    const std::string reference = run();
    EXPECT_NE(reference.find("TESSERA_SEED=" + std::to_string(seed)), std::string::npos) << reference;
    EXPECT_TRUE(reference.find("read after write") != std::string::npos ||
                reference.find("write after read") != std::string::npos)
        << reference;
    for (unsigned w : {2u, 8u}) {
      o.workers = w;
      emulator::set_options(o);
      EXPECT_EQ(run(), reference) << w << " workers, seed " << seed;
    }
  }
  emulator::set_options(saved);
}

// tile_static variables live in each thread's static TLS, which a thread made by pthread keeps at the top
// of its stack's mapping: a thread's own stack (tile loops run there) must not take them in. A launch made
// from a thread other than the program's first runs its tiles there at one worker, and a race in one tile
// of many is a pool thread's to find at several.
TEST(TileStaticHazards, ARaceIsFoundOnEveryThreadThatRunsTiles) {
  const auto saved = emulator::get_options();
  const int read_line = __LINE__ + 8;  // the kernel line the finding must name
  auto racy_last_tile = [](int tiles) {
    std::vector<int> out(16 * static_cast<std::size_t>(tiles));
    array_view<int, 1> v(16 * tiles, out);
    return hazards_of([&] {
      parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
        tile_static int s[16];
        s[t.local[0]] = t.local[0];
        if (t.tile[0] == tiles - 1) v[t] = s[(t.local[0] + 1) % 16];  // the last tile reads before the barrier
        t.barrier.wait();
        if (t.tile[0] != tiles - 1) v[t] = s[(t.local[0] + 1) % 16];
      });
    });
  };
  auto o = saved;
  o.workers = 1;
  emulator::set_options(o);
  std::vector<hazard_detected::hazard> from_other_thread;
  std::thread([&] { from_other_thread = racy_last_tile(4); }).join();
  EXPECT_TRUE(has(from_other_thread, "read after write", read_line)) << describe(from_other_thread);
  o.workers = 8;
  emulator::set_options(o);
  const auto on_pool = racy_last_tile(64);
  EXPECT_TRUE(has(on_pool, "read after write", read_line)) << describe(on_pool);
  emulator::set_options(saved);
}

}  // namespace

namespace global_memory {
using namespace tessera;
using tessera::index;

bool has_kind(const std::vector<hazard_detected::hazard>& hs, const std::string& kind, const std::string& memory) {
  for (const auto& h : hs)
    if (h.kind == kind && h.memory == memory) return true;
  return false;
}

TEST(GlobalMemoryHazards, ExchangeThroughGlobalMemoryAcrossATileStaticOnlyFenceIsARace) {
  std::vector<int> scratch(32), out(32);
  array_view<int, 1> s(32, scratch), v(32, out);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      s[t] = t.local[0];
      t.barrier.wait_with_tile_static_memory_fence();  // does not order global memory (MEM-9)
      v[t] = s[31 - t.local[0]];
    });
  });
  EXPECT_TRUE(has_kind(hs, "read after write", "global")) << (hs.empty() ? "none" : hs[0].kind);
}

TEST(GlobalMemoryHazards, ExchangeThroughGlobalMemoryAcrossAGlobalFenceIsClean) {
  std::vector<int> scratch(64), out(64);
  array_view<int, 1> s(64, scratch), v(64, out);
  EXPECT_NO_THROW(parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    s[t] = t.local[0];
    t.barrier.wait_with_global_memory_fence();
    v[t] = s[t.tile_origin[0] + 31 - t.local[0]];
  }));
  s.synchronize();
  v.synchronize();
  EXPECT_EQ(out[0], 31);
}

TEST(GlobalMemoryHazards, ATileReadingWhatAnotherTileWroteIsARaceBetweenTilesEvenAfterWaiting) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      if (t.tile[0] == 0 && t.local[0] == 0) v[0] = 7;
      t.barrier.wait();  // orders threads of one tile only (BAR-11)
      if (t.tile[0] == 1 && t.local[0] == 0) v[33] = v[0];
    });
  });
  ASSERT_TRUE(has_kind(hs, "race between tiles", "global"));
  for (const auto& h : hs)
    if (h.kind == "race between tiles") {
      EXPECT_NE(h.first.thread.find("tile (0)"), std::string::npos) << h.first.thread;
      EXPECT_NE(h.second.thread.find("tile (1)"), std::string::npos) << h.second.thread;
      EXPECT_EQ(h.first.kind, "write");
      EXPECT_EQ(h.second.kind, "read");
    }
}

// Reads of a view of const elements are not recorded for races when no writable view of the launch shares
// its memory (nothing the kernel can store meets them); a writable view of the same array makes them count.
TEST(GlobalMemoryHazards, ReadingThroughAConstViewWhatAnotherTileStoresThroughAWritableViewOfTheSameArrayIsARace) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  array_view<const int, 1> in = v;
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      // `in` used first, so that it is the first captured view: the shared bytes are classified as its
      const int seen = t.tile[0] == 1 && t.local[0] == 0 ? in[0] : 0;
      if (t.tile[0] == 0 && t.local[0] == 0) v[0] = 7;
      if (t.tile[0] == 1 && t.local[0] == 0) v[33] = seen;
    });
  });
  ASSERT_TRUE(has_kind(hs, "race between tiles", "global")) << describe(hs);
}

TEST(GlobalMemoryHazards, EveryTileReadingAConstInputOtherTilesReadIsClean) {
  std::vector<int> input(64, 3), output(64, 0);
  array_view<const int, 1> in(64, input);
  array_view<int, 1> out(64, output);
  EXPECT_NO_THROW(parallel_for_each(out.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    int sum = 0;
    for (int i = 0; i < 64; ++i) sum += in[i];  // every tile reads every element
    out[t] = sum;
  }));
  out.synchronize();
  EXPECT_EQ(output, std::vector<int>(64, 192));
}

TEST(GlobalMemoryHazards, EveryThreadIncrementingOneCounterWithoutAtomicsIsReported) {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  const auto hs = hazards_of([&] {
    parallel_for_each(extent<1>(128).tile<32>(), [=] restrict_amp (tiled_index<32> t) {
      (void)t;
      c[0] += 1;
    });
  });
  EXPECT_TRUE(has_kind(hs, "race between tiles", "global"));
  EXPECT_TRUE(has_kind(hs, "read after write", "global") || has_kind(hs, "write after read", "global") ||
              has_kind(hs, "write after write", "global"));
}

TEST(GlobalMemoryHazards, AtomicCounterFromEveryTileIsClean) {
  std::vector<int> counter(1, 0);
  array_view<int, 1> c(1, counter);
  EXPECT_NO_THROW(parallel_for_each(extent<1>(128).tile<32>(), [=] restrict_amp (tiled_index<32> t) {
    (void)t;
    atomic_fetch_add(&c[0], 1);
  }));
  c.synchronize();
  EXPECT_EQ(counter[0], 128);
}

TEST(GlobalMemoryHazards, EveryTileReadingSharedInputAndWritingItsOwnOutputIsClean) {
  std::vector<float> in(16, 2.0f), out(256, 0.0f);
  array_view<const float, 1> a(16, in);
  array_view<float, 1> b(256, out);
  EXPECT_NO_THROW(parallel_for_each(b.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { b[t] = a[t.local] * t.tile[0]; }));
  b.synchronize();
  EXPECT_EQ(out[255], 30.0f);
}

// Two launches from one call site may pass the checks the same addresses (the launch's structure, the
// kernel's copy) and other views: nothing the checks keep of one launch's views may reach the next. The
// second launch here swaps the first's buffers, and the race on its first view is named as that view's.
TEST(GlobalMemoryHazards, ALaunchFromTheCallSiteOfTheLastIsCheckedWithItsOwnViews) {
  std::vector<int> p(64, 1), q(64, 2);
  array_view<int, 1> vp(64, p), vq(64, q);
  auto step = [](array_view<int, 1> a, array_view<int, 1> b) {
    return hazards_of([&] {
      parallel_for_each(a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
        tile_static int s[16];
        s[t.local[0]] = 1;  // each tile's first access: tile_static memory
        if (t.local[0] < 2) a[t.tile_origin[0]] = s[t.local[0]];  // threads 0 and 1 of a tile store one word
        t.barrier.wait();
        b[t] = 2;
      });
    });
  };
  step(vp, vq);
  const auto hs = step(vq, vp);
  ASSERT_FALSE(hs.empty());
  for (const auto& h : hs) EXPECT_NE(h.location.find("of captured view 1 "), std::string::npos) << describe(hs);
}

// The cross-tile table's arrays are kept from launch to launch and only the parts a launch wrote are zeroed
// again: here the first launch records reads of a view (every tile reads its own words), the second stores
// to the same words from other tiles. A read recorded by the first launch and left in the arrays would make
// the second's stores a race with it. 65,536 words: arrays of that size are kept mappings, not heap blocks.
TEST(GlobalMemoryHazards, WhatALaunchRecordedIsGoneForTheNextLaunch) {
  constexpr int n = 65536;
  std::vector<int> data(n, 1), sums(n / 256, 0);
  array_view<int, 1> v(n, data), s(n / 256, sums);
  for (int round = 0; round < 2; ++round) {
    const auto reads = hazards_of([&] {
      parallel_for_each(v.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) {
        if (t.local[0] == 0) s[t.tile[0]] = v[t];  // reads of v, recorded as the tile's
      });
    });
    EXPECT_TRUE(reads.empty()) << describe(reads);
    const auto stores = hazards_of([&] {
      parallel_for_each(v.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) { v[(t.global[0] + 256) % n] = 2; });
    });
    EXPECT_TRUE(stores.empty()) << "round " << round << ": " << describe(stores);
  }
}

// A view of const elements whose memory no writable view shares is read-only for the launch: its reads are
// not recorded. A store through a const_cast still is, and two tiles storing to one word race.
TEST(GlobalMemoryHazards, StoresThroughAConstCastIntoAReadOnlyViewRaceBetweenTiles) {
  std::vector<int> data(64, 0);
  array_view<const int, 1> v(64, data);
  const auto hs = hazards_of([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.local[0] == 0) const_cast<int&>(v[0]) = t.tile[0];
    });
  });
  ASSERT_FALSE(hs.empty());
  EXPECT_EQ(hs.front().kind, "race between tiles") << describe(hs);
}

TEST(GlobalMemoryHazards, RaceBetweenTilesIsReportedTheSameAtEveryWorkerCount) {
  const auto saved = emulator::get_options();
  auto run = [] {
    std::vector<int> data(256, 0);
    array_view<int, 1> v(256, data);
    try {
      parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[(t.global[0] + 16) % 256] = v[t] + 1; });
    } catch (const hazard_detected& e) {
      return std::string(e.what());
    }
    return std::string("no report");
  };
  auto o = saved;
  o.workers = 1;
  emulator::set_options(o);
  const std::string reference = run();
  EXPECT_NE(reference.find("race between tiles"), std::string::npos) << reference;
  for (unsigned w : {2u, 8u}) {
    o.workers = w;
    emulator::set_options(o);
    EXPECT_EQ(run(), reference) << w << " workers";
  }
  emulator::set_options(saved);
}

// Each of 4,096 words is written by one tile and read by the tile before it, the two often running at
// once on different workers: the first of the two to touch the word records it without a lock, the second
// makes the word's entry in the launch's table. Every word's race is recorded (one raw finding a word,
// merged into one report), whichever tile came first, at every worker count.
TEST(GlobalMemoryHazards, EveryWordTwoTilesRaceOnIsRecordedWhicheverTileTouchesItFirst) {
  const auto saved = emulator::get_options();
  constexpr int tiles = 4096;
  auto raw_findings = [] {
    std::vector<int> data(tiles * 16, 0);
    array_view<int, 1> v(tiles * 16, data);
    const auto hs = hazards_of([&] {
      parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
        if (t.local[0] == 0) v[t.tile_origin] = 1;                                 // its own word
        if (t.local[0] == 1) v[t.global] = v[((t.tile[0] + 1) % tiles) * 16];  // the next tile's word
      });
    });
    EXPECT_EQ(count_kind(hs, "race between tiles"), 1) << describe(hs);
    const emulator::check_counters c = emulator::last_launch_counters();
    return c.findings + c.merged;
  };
  auto o = saved;
  for (unsigned w : {1u, 2u, 8u, 16u})
    for (int round = 0; round < 3; ++round) {
      o.workers = w;
      emulator::set_options(o);
      EXPECT_EQ(raw_findings(), std::uint64_t{tiles}) << w << " workers, round " << round;
    }
  emulator::set_options(saved);
}

// The launch's tables of which tile touched each word are kept for the next launch of the same sizes
// (emulator/src/checks/zeroed_memory.hpp), zeroed when the launch ends, in parts on every worker where
// there are several: a launch must see nothing of the last one's tiles, at any worker count. Here each
// word is written by one tile in each launch, a different one each time: a word still owned by the
// last launch's tile would be reported as a race between two tiles.
TEST(GlobalMemoryHazards, ALaunchSeesNothingOfTheTilesOfTheLaunchBeforeIt) {
  const auto saved = emulator::get_options();
  constexpr int words = 1 << 18;  // a megabyte: tables large enough to be mapped, and zeroed in parts
  std::vector<int> data(words, 0);
  array_view<int, 1> v(words, data);
  auto o = saved;
  for (unsigned w : {1u, 2u, 8u}) {
    o.workers = w;
    emulator::set_options(o);
    for (int shift : {0, 256, 512, 1024}) {
      EXPECT_NO_THROW(parallel_for_each(v.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) {
        v[(t.global[0] + shift) % words] = shift;
      })) << w << " workers, tiles shifted by " << shift;
    }
    // And a race is still found in the kept tables.
    const auto hs = hazards_of([&] {
      parallel_for_each(v.extent.tile<256>(), [=] restrict_amp (tiled_index<256> t) { v[t.local[0]] = t.tile[0]; });
    });
    EXPECT_EQ(count_kind(hs, "race between tiles"), 1) << w << " workers: " << describe(hs);
  }
  emulator::set_options(saved);
  v.synchronize();
}

}  // namespace global_memory

namespace budget_and_json {
using namespace tessera;

TEST(TileStaticBudget, TouchingMoreThan32KiBOfTileStaticIsReported) {
  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  try {
    parallel_for_each(v.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
      tile_static int big[9000];  // 36000 bytes
      big[t.local[0] * 8999] = 1;
      t.barrier.wait();
      v[t] = big[t.local[0] * 8999];
    });
    FAIL() << "expected hazard_detected";
  } catch (const hazard_detected& e) {
    bool found = false;
    for (const auto& h : e.hazards()) found |= h.kind == "tile_static over budget";
    EXPECT_TRUE(found) << e.what();
  }
}

TEST(HazardReport, IsAlsoAvailableAsJson) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  try {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) {
      tile_static int s[8];
      s[t.local[0]] = 1;
      v[t] = s[7 - t.local[0]];
    });
    FAIL() << "expected hazard_detected";
  } catch (const hazard_detected& e) {
    const std::string j = emulator::hazards_json(e);
    EXPECT_EQ(j.front(), '[');
    EXPECT_NE(j.find("\"kind\":\"read after write\""), std::string::npos) << j;
    EXPECT_NE(j.find("\"memory\":\"tile_static\""), std::string::npos) << j;
    EXPECT_NE(j.find("test_memory_hazards.cpp:"), std::string::npos) << j;
  }
}

}  // namespace budget_and_json

namespace plain_store_next_to_atomic {
using namespace tessera;

// A plain store and an atomic by two threads of one interval race, whatever order the threads ran in:
// each kernel below is run at several seeds (thread orders) and worker counts, and must be reported as
// "write next to atomic" between the same two lines every time (which of them comes first may differ).

class EverySeed : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = emulator::get_options(); }
  void TearDown() override { emulator::set_options(saved_); }

  // At every configuration, the findings of `kinds` name exactly the lines line_a and line_b.
  template <class Launch>
  void expect_pair_at_every_seed(const Launch& launch, const std::set<std::string>& kinds, int line_a, int line_b) {
    const std::set<std::pair<int, int>> want{{std::min(line_a, line_b), std::max(line_a, line_b)}};
    for (unsigned workers : {1u, 2u})
      for (std::uint64_t seed : {0ull, 1ull, 2ull, 3ull, 4ull, 5ull, 6ull, 7ull, 11ull, 12345ull}) {
        emulator::options o = saved_;
        o.workers = workers;
        o.seed = seed;
        emulator::set_options(o);
        const auto hs = hazards_of(launch);
        std::set<std::pair<int, int>> got;
        for (const auto& h : hs)
          if (kinds.count(h.kind) != 0) {
            const int a = line_of(h.first.site), b = line_of(h.second.site);
            got.insert({std::min(a, b), std::max(a, b)});
          }
        EXPECT_EQ(got, want) << "workers " << workers << ", seed " << seed << ":\n" << describe(hs);
      }
  }

  template <class Launch>
  void expect_clean_at_every_seed(const Launch& launch) {
    for (unsigned workers : {1u, 2u})
      for (std::uint64_t seed : {0ull, 1ull, 2ull, 3ull, 7ull, 12345ull}) {
        emulator::options o = saved_;
        o.workers = workers;
        o.seed = seed;
        emulator::set_options(o);
        const auto hs = hazards_of(launch);
        EXPECT_TRUE(hs.empty()) << "workers " << workers << ", seed " << seed << ":\n" << describe(hs);
      }
  }

  static int line_of(const std::string& site) {
    const auto colon = site.rfind(':');
    return colon == std::string::npos ? -1 : std::stoi(site.substr(colon + 1));
  }

  emulator::options saved_;
};

TEST_F(EverySeed, PlainStoreBeforeOwnAtomicIsReportedAtEverySeed) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  const int store_line = __LINE__ + 6;
  const int atomic_line = store_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int count;
          if (t.local[0] == 0) count = 0;
          atomic_fetch_inc(&count);
          t.barrier.wait();
          v[t] = count;
        });
      },
      {"write next to atomic"}, store_line, atomic_line);
}

TEST_F(EverySeed, PlainStoreAfterOwnAtomicIsReportedAtEverySeed) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  const int atomic_line = __LINE__ + 8;
  const int store_line = atomic_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int count;
          if (t.local[0] == 0) count = 0;
          t.barrier.wait();
          atomic_fetch_inc(&count);
          if (t.local[0] == 0) count = 100;
          t.barrier.wait();
          v[t] = count;
        });
      },
      {"write next to atomic"}, atomic_line, store_line);
}

// Two threads: at some seeds thread 1's atomic runs before thread 0's atomic and store, so thread 0's
// own atomic is the last atomic before its store.
TEST_F(EverySeed, PlainStoreAfterOwnAtomicInATwoThreadTileIsReportedAtEverySeed) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  const int atomic_line = __LINE__ + 8;
  const int store_line = atomic_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<2>(), [=] restrict_amp (tiled_index<2> t) {
          tile_static int count;
          if (t.local[0] == 0) count = 0;
          t.barrier.wait();
          atomic_fetch_inc(&count);
          if (t.local[0] == 0) count = 100;
          t.barrier.wait();
          v[t] = count;
        });
      },
      {"write next to atomic"}, atomic_line, store_line);
}

TEST_F(EverySeed, GlobalCounterPlainStoreBeforeOwnAtomicIsReportedAtEverySeed) {
  std::vector<int> counts(4, 0), out(64);
  array_view<int, 1> c(4, counts), v(64, out);
  const int store_line = __LINE__ + 5;
  const int atomic_line = store_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          if (t.local[0] == 0) c[t.tile[0]] = 0;
          atomic_fetch_inc(&c[t.tile[0]]);
          v[t] = t.local[0];
        });
      },
      {"write next to atomic"}, store_line, atomic_line);
}

// An atomic that is the kernel's last statement: the compiler could make its call a tail call, and the
// report would name Tessera's code (the frame the kernel returns to) instead of the kernel's line.
TEST_F(EverySeed, AtomicAsTheKernelsLastStatementIsReportedAtItsOwnLine) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  const int store_line = __LINE__ + 6;
  const int atomic_line = store_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int count;
          if (t.local[0] == 0) count = 0;
          atomic_fetch_inc(&count);
        });
      },
      {"write next to atomic"}, store_line, atomic_line);
}

// One tile of two threads: at some seeds thread 1's atomic runs before thread 0's atomic and store.
TEST_F(EverySeed, GlobalCounterPlainStoreAfterOwnAtomicIsReportedAtEverySeed) {
  std::vector<int> counts(1, 0);
  array_view<int, 1> c(1, counts);
  const int atomic_line = __LINE__ + 5;
  const int store_line = atomic_line + 1;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(extent<1>(2).tile<2>(), [=] restrict_amp (tiled_index<2> t) {
          atomic_fetch_inc(&c[0]);
          if (t.local[0] == 0) c[0] = 100;
        });
      },
      {"write next to atomic"}, atomic_line, store_line);
}

// A plain read by another thread and a thread's plain store race even when the writer's own atomic
// follows its store (read after write, or write after read when the reader runs first).
TEST_F(EverySeed, ReadAfterAPlainStoreFollowedByTheWritersOwnAtomicIsReportedAtEverySeed) {
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  const int store_line = __LINE__ + 9;
  const int read_line = store_line + 3;
  expect_pair_at_every_seed(
      [&] {
        parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
          tile_static int count;
          if (t.local[0] == 0) count = 0;
          t.barrier.wait();
          if (t.local[0] == 0) {
            count = 5;
            atomic_fetch_inc(&count);
          }
          if (t.local[0] == 1) v[t] = count;
        });
      },
      {"read after write", "write after read"}, store_line, read_line);
}

TEST_F(EverySeed, PlainInitBarrierThenAtomicsIsCleanAtEverySeed) {
  std::vector<int> out(64);
  std::vector<int> counts(4, 7);
  array_view<int, 1> v(64, out);
  array_view<int, 1> c(4, counts);
  expect_clean_at_every_seed([&] {
    parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int count;
      if (t.local[0] == 0) {
        count = 0;
        c[t.tile[0]] = 0;
      }
      t.barrier.wait();
      atomic_fetch_inc(&count);
      atomic_fetch_inc(&c[t.tile[0]]);
      t.barrier.wait();
      v[t] = count;
    });
    v.synchronize();
    c.synchronize();
  });
  EXPECT_EQ(out, std::vector<int>(64, 16));
}

}  // namespace plain_store_next_to_atomic
