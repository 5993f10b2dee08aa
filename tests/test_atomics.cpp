// The atomic functions (ATOM-1..ATOM-4, TS-9): every operation for int and unsigned int (plus float
// exchange), on global memory contended by every thread of many tiles running on several workers, and on
// tile_static memory contended by every thread of a tile. Each returns the old value; the results are
// exact.
#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <type_traits>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// ATOM-1: only int and unsigned int (and float for exchange).
template <class T>
concept has_fetch_add = requires(T* p) { atomic_fetch_add(p, T{}); };
template <class T>
concept has_exchange = requires(T* p) { atomic_exchange(p, T{}); };
template <class T>
concept has_compare_exchange = requires(T* p) { atomic_compare_exchange(p, p, T{}); };
template <class T>
concept has_fetch_inc = requires(T* p) { atomic_fetch_inc(p); };

TEST(Atomics, ExistOnlyForIntAndUnsignedAndFloatExchange) {
  static_assert(has_fetch_add<int> && has_fetch_add<unsigned int>);
  static_assert(!has_fetch_add<float> && !has_fetch_add<double> && !has_fetch_add<long long>);
  static_assert(has_exchange<int> && has_exchange<unsigned int> && has_exchange<float>);
  static_assert(!has_exchange<double>);
  static_assert(has_compare_exchange<int> && has_compare_exchange<unsigned int>);
  static_assert(!has_compare_exchange<float>);
  static_assert(has_fetch_inc<unsigned int> && !has_fetch_inc<float>);
  SUCCEED();
}

// Several workers, so tiles contend on global memory from different OS threads.
class AtomicsOnGlobalMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = emulator::get_options();
    emulator::set_workers(4);
  }
  void TearDown() override { emulator::set_options(saved_); }
  emulator::options saved_;
};

constexpr int tiles = 32, tile_size = 64, threads = tiles * tile_size;

// Runs op(&cell, global id) in every thread against one global cell that starts at `initial`; returns
// the final value and every thread's returned old value.
template <class T, class Op>
std::pair<T, std::vector<T>> contend_globally(T initial, Op op) {
  std::vector<T> cell(1, initial), old(threads);
  array_view<T, 1> c(1, cell), o(threads, old);
  parallel_for_each(extent<1>(threads).tile<tile_size>(), [=] restrict_amp (tiled_index<tile_size> t) {
    o[t] = op(&c[0], t.global[0]);
  });
  c.synchronize();
  o.synchronize();
  return {cell[0], old};
}

TEST_F(AtomicsOnGlobalMemory, FetchAddSumsExactlyAndReturnsDistinctOldValues) {
  auto [sum, old] = contend_globally<int>(5, [] restrict_amp (int* p, int g) { return atomic_fetch_add(p, g + 1); });
  EXPECT_EQ(sum, 5 + threads * (threads + 1) / 2);
  std::sort(old.begin(), old.end());
  EXPECT_EQ(std::adjacent_find(old.begin(), old.end()), old.end()) << "each add saw a different old value";
  EXPECT_EQ(old.front(), 5);
  auto [usum, uold] = contend_globally<unsigned>(0u, [] restrict_amp (unsigned* p, int) { return atomic_fetch_add(p, 3u); });
  EXPECT_EQ(usum, 3u * threads);
  std::sort(uold.begin(), uold.end());
  for (int k = 0; k < threads; ++k) ASSERT_EQ(uold[k], 3u * k);
}

TEST_F(AtomicsOnGlobalMemory, FetchSubSubtractsExactlyAndUnsignedWrapsAround) {
  EXPECT_EQ(contend_globally<int>(0, [] restrict_amp (int* p, int) { return atomic_fetch_sub(p, 2); }).first, -2 * threads);
  EXPECT_EQ(contend_globally<unsigned>(0u, [] restrict_amp (unsigned* p, int) { return atomic_fetch_sub(p, 1u); }).first,
            0u - static_cast<unsigned>(threads));
}

// ATOM-3: N threads doing fetch_inc get back a permutation of 0..N-1; fetch_dec mirrors it.
TEST_F(AtomicsOnGlobalMemory, FetchIncReturnsAPermutationAndFetchDecMirrorsIt) {
  for (int round = 0; round < 2; ++round) {
    auto [last, old] = round == 0
        ? contend_globally<int>(0, [] restrict_amp (int* p, int) { return atomic_fetch_inc(p); })
        : contend_globally<int>(threads, [] restrict_amp (int* p, int) { return atomic_fetch_dec(p) - 1; });
    EXPECT_EQ(last, round == 0 ? threads : 0);
    std::sort(old.begin(), old.end());
    for (int k = 0; k < threads; ++k) ASSERT_EQ(old[k], k) << "round " << round;
  }
  auto [u, uold] = contend_globally<unsigned>(10u, [] restrict_amp (unsigned* p, int) { return atomic_fetch_inc(p); });
  EXPECT_EQ(u, 10u + threads);
  EXPECT_EQ(*std::min_element(uold.begin(), uold.end()), 10u);
  EXPECT_EQ(contend_globally<unsigned>(5u, [] restrict_amp (unsigned* p, int) { return atomic_fetch_dec(p); }).first,
            5u - static_cast<unsigned>(threads));
}

TEST_F(AtomicsOnGlobalMemory, FetchMaxAndMinKeepTheExtremesWithSignedAndUnsignedOrder) {
  // Values scrambled so the extreme does not come last.
  auto scrambled = [] restrict_amp (int g) { return (g * 7919) % threads - threads / 2; };
  EXPECT_EQ(contend_globally<int>(INT_MIN, [=] restrict_amp (int* p, int g) { return atomic_fetch_max(p, scrambled(g)); }).first,
            threads / 2 - 1);
  EXPECT_EQ(contend_globally<int>(INT_MAX, [=] restrict_amp (int* p, int g) { return atomic_fetch_min(p, scrambled(g)); }).first,
            -threads / 2);
  // Unsigned order: 0x80000000u is larger than 1u (a signed comparison would say otherwise).
  EXPECT_EQ(contend_globally<unsigned>(1u, [] restrict_amp (unsigned* p, int g) {
              return atomic_fetch_max(p, g == 1000 ? 0x80000000u : static_cast<unsigned>(g));
            }).first,
            0x80000000u);
  EXPECT_EQ(contend_globally<unsigned>(0xFFFFFFFFu, [] restrict_amp (unsigned* p, int g) {
              return atomic_fetch_min(p, g == 77 ? 0x80000000u : 0x90000000u + static_cast<unsigned>(g));
            }).first,
            0x80000000u);
  // The old value returned is never beyond the final extreme, and the initial value is among them.
  auto [mx, old] = contend_globally<int>(-1, [] restrict_amp (int* p, int g) { return atomic_fetch_max(p, g); });
  EXPECT_EQ(mx, threads - 1);
  EXPECT_EQ(*std::min_element(old.begin(), old.end()), -1);
  EXPECT_LE(*std::max_element(old.begin(), old.end()), threads - 1);
}

TEST_F(AtomicsOnGlobalMemory, FetchAndOrXorCombineEveryThreadsBits) {
  EXPECT_EQ(contend_globally<int>(0, [] restrict_amp (int* p, int g) { return atomic_fetch_or(p, 1 << (g % 31)); }).first,
            INT_MAX);
  EXPECT_EQ(contend_globally<unsigned>(0xFFFFFFFFu, [] restrict_amp (unsigned* p, int g) {
              return atomic_fetch_and(p, ~(1u << (g % 32)));
            }).first,
            0u);
  EXPECT_EQ(contend_globally<int>(-1, [] restrict_amp (int* p, int g) { return atomic_fetch_and(p, g == 5 ? 0x0F0 : -1); }).first,
            0x0F0);
  // Every bit is flipped an even number of times (threads is a multiple of 64): the start value returns.
  EXPECT_EQ(contend_globally<unsigned>(0xA5A5A5A5u, [] restrict_amp (unsigned* p, int g) {
              return atomic_fetch_xor(p, 1u << (g % 32));
            }).first,
            0xA5A5A5A5u);
  EXPECT_EQ(contend_globally<int>(0, [] restrict_amp (int* p, int g) { return atomic_fetch_xor(p, g == 3 ? 6 : 0); }).first, 6);
}

// ATOM-3: exchange returns the old value; together with the final value, the returned values are the
// initial value plus every value written, each exactly once.
TEST_F(AtomicsOnGlobalMemory, ExchangeHandsEveryValueOnExactlyOnceForIntUnsignedAndFloat) {
  {
    auto [last, old] = contend_globally<int>(-1, [] restrict_amp (int* p, int g) { return atomic_exchange(p, g); });
    old.push_back(last);
    std::sort(old.begin(), old.end());
    for (int k = 0; k <= threads; ++k) ASSERT_EQ(old[k], k - 1);
  }
  {
    auto [last, old] = contend_globally<unsigned>(0xFFFFFFFFu, [] restrict_amp (unsigned* p, int g) {
      return atomic_exchange(p, static_cast<unsigned>(g));
    });
    old.push_back(last);
    std::sort(old.begin(), old.end());
    for (int k = 0; k < threads; ++k) ASSERT_EQ(old[k], static_cast<unsigned>(k));
    EXPECT_EQ(old.back(), 0xFFFFFFFFu);
  }
  {
    auto [last, old] = contend_globally<float>(-0.5f, [] restrict_amp (float* p, int g) {
      return atomic_exchange(p, static_cast<float>(g) + 0.25f);
    });
    old.push_back(last);
    std::sort(old.begin(), old.end());
    EXPECT_EQ(old[0], -0.5f);
    for (int k = 0; k < threads; ++k) ASSERT_EQ(old[k + 1], static_cast<float>(k) + 0.25f);
  }
}

// ATOM-4: a compare-exchange loop that increments a counter gives an exact count; it relies on the
// value read being written back into *expected.
TEST_F(AtomicsOnGlobalMemory, CompareExchangeLoopCountsExactly) {
  auto [count, tries] = contend_globally<int>(0, [] restrict_amp (int* p, int) {
    int expected = 0;  // deliberately stale: the first failure tells us the real value
    int attempts = 1;
    while (!atomic_compare_exchange(p, &expected, expected + 1)) ++attempts;
    return attempts;
  });
  EXPECT_EQ(count, threads);
  EXPECT_GT(*std::max_element(tries.begin(), tries.end()), 1) << "a stale expected value must make the CAS fail";
  auto [ucount, utries] = contend_globally<unsigned>(100u, [] restrict_amp (unsigned* p, int) {
    unsigned expected = 0;
    while (!atomic_compare_exchange(p, &expected, expected + 2u)) {
    }
    return expected;
  });
  EXPECT_EQ(ucount, 100u + 2u * threads);
  std::sort(utries.begin(), utries.end());
  for (int k = 0; k < threads; ++k) ASSERT_EQ(utries[k], 100u + 2u * k) << "expected holds the value replaced";
}

// ATOM-4: compare_exchange always writes the value it read into *expected and returns whether it stored.
TEST(Atomics, CompareExchangeWritesTheValueItReadIntoExpected) {
  int x = 5, expected = 3;
  EXPECT_FALSE(atomic_compare_exchange(&x, &expected, 9));
  EXPECT_EQ(expected, 5);
  EXPECT_EQ(x, 5);
  EXPECT_TRUE(atomic_compare_exchange(&x, &expected, 9));
  EXPECT_EQ(expected, 5);
  EXPECT_EQ(x, 9);
  unsigned u = 7u, ue = 0u;
  EXPECT_FALSE(atomic_compare_exchange(&u, &ue, 1u));
  EXPECT_EQ(ue, 7u);
  EXPECT_TRUE(atomic_compare_exchange(&u, &ue, 1u));
  EXPECT_EQ(u, 1u);
}

// ATOM-3: every fetch operation returns the old value and stores old op operand.
TEST(Atomics, EveryOperationReturnsTheOldValueAndStoresTheResult) {
  int i = 12;
  EXPECT_EQ(atomic_fetch_add(&i, 3), 12);
  EXPECT_EQ(i, 15);
  EXPECT_EQ(atomic_fetch_sub(&i, 5), 15);
  EXPECT_EQ(i, 10);
  EXPECT_EQ(atomic_fetch_max(&i, 4), 10);
  EXPECT_EQ(i, 10);
  EXPECT_EQ(atomic_fetch_max(&i, 40), 10);
  EXPECT_EQ(i, 40);
  EXPECT_EQ(atomic_fetch_min(&i, -3), 40);
  EXPECT_EQ(i, -3);
  EXPECT_EQ(atomic_fetch_and(&i, 0xFF), -3);
  EXPECT_EQ(i, 0xFD);
  EXPECT_EQ(atomic_fetch_or(&i, 0x100), 0xFD);
  EXPECT_EQ(i, 0x1FD);
  EXPECT_EQ(atomic_fetch_xor(&i, 0x1F0), 0x1FD);
  EXPECT_EQ(i, 0x00D);
  EXPECT_EQ(atomic_fetch_inc(&i), 0xD);
  EXPECT_EQ(atomic_fetch_dec(&i), 0xE);
  EXPECT_EQ(atomic_exchange(&i, 77), 0xD);
  EXPECT_EQ(i, 77);
  unsigned u = 1u;
  EXPECT_EQ(atomic_fetch_sub(&u, 2u), 1u);
  EXPECT_EQ(u, 0xFFFFFFFFu);
  EXPECT_EQ(atomic_fetch_min(&u, 0x7FFFFFFFu), 0xFFFFFFFFu);
  EXPECT_EQ(u, 0x7FFFFFFFu);
  float f = 1.0f;
  EXPECT_EQ(atomic_exchange(&f, 2.5f), 1.0f);
  EXPECT_EQ(f, 2.5f);
}

// TS-9, ATOM-2: every operation on tile_static memory, contended by all 256 threads of each tile; the
// tile_static cells are initialised before a barrier and read after one.
TEST(AtomicsOnTileStatic, EveryOperationIsExactPerTile) {
  constexpr int n = 256, tile_count = 4, ops = 11;
  std::vector<int> ints(tile_count * ops), incs(tile_count * n);
  std::vector<unsigned> uints(tile_count * ops);
  std::vector<float> floats(tile_count);
  array_view<int, 2> vi(tile_count, ops, ints), vinc(tile_count, n, incs);
  array_view<unsigned, 2> vu(tile_count, ops, uints);
  array_view<float, 1> vf(tile_count, floats);
  parallel_for_each(extent<1>(tile_count * n).tile<n>(), [=] restrict_amp (tiled_index<n> t) {
    tile_static int si[ops];
    tile_static unsigned su[ops];
    tile_static float sf;
    const int l = t.local[0];
    if (l == 0) {
      const int init_i[ops] = {0, 0, INT_MIN, INT_MAX, -1, 0, 0, 0, 0, -1, 0};
      const unsigned init_u[ops] = {0u, 0u, 0u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0u, 0xFFu, n, 0u, 0u, 0u};
      for (int k = 0; k < ops; ++k) {
        si[k] = init_i[k];
        su[k] = init_u[k];
      }
      sf = -1.0f;
    }
    t.barrier.wait();
    atomic_fetch_add(&si[0], l);
    atomic_fetch_sub(&si[1], l);
    atomic_fetch_max(&si[2], l - 100);
    atomic_fetch_min(&si[3], l - 100);
    atomic_fetch_and(&si[4], ~(1 << (l % 31)));
    atomic_fetch_or(&si[5], 1 << (l % 31));
    atomic_fetch_xor(&si[6], l == 9 ? 0x55 : 0);
    vinc(t.tile[0], l) = atomic_fetch_inc(&si[7]);
    atomic_fetch_dec(&si[8]);
    atomic_exchange(&si[9], l);
    int expected = 0;
    while (!atomic_compare_exchange(&si[10], &expected, expected + 1)) {
    }
    atomic_fetch_add(&su[0], static_cast<unsigned>(l));
    atomic_fetch_sub(&su[1], 1u);
    atomic_fetch_max(&su[2], l == 17 ? 0x80000000u : static_cast<unsigned>(l));
    atomic_fetch_min(&su[3], 0x80000000u + static_cast<unsigned>(l));
    atomic_fetch_and(&su[4], ~(1u << (l % 32)));
    atomic_fetch_or(&su[5], 1u << (l % 32));
    atomic_fetch_xor(&su[6], l < 8 ? (1u << l) : 0u);
    atomic_fetch_dec(&su[7]);
    atomic_fetch_inc(&su[8]);
    atomic_exchange(&su[9], static_cast<unsigned>(l) + 1000u);
    unsigned uexpected = 0u;
    while (!atomic_compare_exchange(&su[10], &uexpected, uexpected + 3u)) {
    }
    atomic_exchange(&sf, static_cast<float>(l) * 0.5f);
    t.barrier.wait();
    if (l < ops) {
      vi(t.tile[0], l) = si[l];
      vu(t.tile[0], l) = su[l];
    }
    if (l == 0) vf[t.tile[0]] = sf;
  });
  vi.synchronize();
  vinc.synchronize();
  vu.synchronize();
  vf.synchronize();
  for (int tile = 0; tile < tile_count; ++tile) {
    const int* r = &ints[tile * ops];
    EXPECT_EQ(r[0], n * (n - 1) / 2);
    EXPECT_EQ(r[1], -n * (n - 1) / 2);
    EXPECT_EQ(r[2], n - 1 - 100);
    EXPECT_EQ(r[3], -100);
    EXPECT_EQ(r[4], INT_MIN);  // bits 0..30 cleared, the sign bit kept
    EXPECT_EQ(r[5], INT_MAX);
    EXPECT_EQ(r[6], 0x55);
    EXPECT_EQ(r[7], n);
    EXPECT_EQ(r[8], -n);
    EXPECT_GE(r[9], 0);
    EXPECT_LT(r[9], n);
    EXPECT_EQ(r[10], n);
    const unsigned* u = &uints[tile * ops];
    EXPECT_EQ(u[0], static_cast<unsigned>(n * (n - 1) / 2));
    EXPECT_EQ(u[1], 0u - n);
    EXPECT_EQ(u[2], 0x80000000u);
    EXPECT_EQ(u[3], 0x80000000u);
    EXPECT_EQ(u[4], 0u);
    EXPECT_EQ(u[5], 0xFFFFFFFFu);
    EXPECT_EQ(u[6], 0u);  // 0xFF with bits 0..7 flipped once each
    EXPECT_EQ(u[7], 0u);
    EXPECT_EQ(u[8], static_cast<unsigned>(n));
    EXPECT_GE(u[9], 1000u);
    EXPECT_LT(u[9], 1000u + n);
    EXPECT_EQ(u[10], 3u * n);
    EXPECT_GE(floats[tile], 0.0f);
    EXPECT_EQ(floats[tile], static_cast<float>(static_cast<int>(floats[tile] * 2)) * 0.5f);
    std::vector<int> got(incs.begin() + tile * n, incs.begin() + (tile + 1) * n);
    std::sort(got.begin(), got.end());
    for (int k = 0; k < n; ++k) ASSERT_EQ(got[k], k) << "tile " << tile;
  }
}

}  // namespace
