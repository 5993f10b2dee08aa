// Where the checks report an atomic that its implementation performs in a loop (atomic_fetch_max and
// atomic_fetch_min load, then compare-exchange). GCC may keep such a function out of line, as it does in
// large translation units (the conformance cases'); the report must still name the kernel's line, not the
// standard library's or Tessera's header line that performs the access. This file is compiled with GCC's
// inlining heuristics off (tests/CMakeLists.txt), which is what such a unit gets once GCC's inlining
// budget runs out: only what is declared inline is inlined.
#include "findings.hpp"

#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace {
using namespace tessera;
using namespace checks_test;

TEST(OutOfLineAtomics, APlainStoreNextToAnAtomicMinimumNamesBothKernelLines) {
  std::vector<int> hd(64, 1000);
  array_view<int, 1> d(64, hd);
  const int store_line = __LINE__ + 3, atomic_line = __LINE__ + 4;
  const auto hs = hazards_of([&] {
    parallel_for_each(d.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      if (t.local[0] == 0) d[t.tile_origin[0]] = 0;
      atomic_fetch_min(&d[t.tile_origin[0]], t.local[0] + 1);
    });
  });
  ASSERT_FALSE(hs.empty());
  for (const auto& h : hs) {
    EXPECT_EQ(h.kind, "write next to atomic") << describe(hs);
    EXPECT_TRUE(at_line(h.first.site, store_line) || at_line(h.first.site, atomic_line)) << describe(hs);
    EXPECT_TRUE(at_line(h.second.site, store_line) || at_line(h.second.site, atomic_line)) << describe(hs);
  }
}

TEST(OutOfLineAtomics, AnAtomicMaximumOnUnsetTileStaticNamesTheKernelLine) {
  std::vector<int> in(64), out(4, 0);
  for (int i = 0; i < 64; ++i) in[i] = (i * 13) % 50;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> best(4, out);
  const int atomic_line = __LINE__ + 4;
  const auto hs = hazards_of([&] {
    parallel_for_each(a.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      tile_static int largest;  // nobody sets it
      atomic_fetch_max(&largest, a[t]);
      t.barrier.wait();
      if (t.local[0] == 0) best[t.tile] = largest;
    });
  });
  ASSERT_EQ(hs.size(), 1u) << describe(hs);
  EXPECT_EQ(hs[0].kind, "uninitialized read") << describe(hs);
  EXPECT_TRUE(at_line(hs[0].first.site, atomic_line)) << describe(hs);
}

}  // namespace
