// Launches from several host threads at once are each checked and reported on their own: one thread
// launches a kernel with a tile_static race, another a correct kernel, many rounds, at the same time.
#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

constexpr int racy_line = __LINE__ + 8;  // the two racing lines of racy_round

// Every thread writes its slot, then reads its neighbour's with no barrier between: a race at two lines.
void racy_round(std::vector<int>& data) {
  array_view<int, 1> v(64, data);
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];
    v[t] = s[(t.local[0] + 1) % 64];
  });
  v.synchronize();
}

// The same exchange across a barrier: correct.
void clean_round(std::vector<int>& data) {
  array_view<int, 1> v(256, data);
  parallel_for_each(v.extent.tile<64>(), [=] restrict_amp (tiled_index<64> t) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    v[t] = s[(t.local[0] + 1) % 64];
  });
  v.synchronize();
}

TEST(ConcurrentLaunches, RacyAndCleanKernelsFromTwoHostThreadsAreEachReportedOnTheirOwn) {
  emulator::options saved = emulator::get_options();
  emulator::options o = saved;
  o.workers = 2;
  o.checks = emulator::check_mode::report;
  emulator::set_options(o);
  constexpr int rounds = 200;
  std::atomic<int> racy_reported{0}, racy_wrong_lines{0}, clean_reported{0}, clean_wrong{0};
  std::string first_problem;
  std::thread racy([&] {
    std::vector<int> data(64);
    for (int r = 0; r < rounds; ++r) {
      try {
        racy_round(data);
      } catch (const hazard_detected& e) {
        ++racy_reported;
        for (const auto& h : e.hazards()) {
          const std::string lines = h.first.site + " " + h.second.site;
          if (lines.find(":" + std::to_string(racy_line)) == std::string::npos &&
              lines.find(":" + std::to_string(racy_line + 1)) == std::string::npos)
            ++racy_wrong_lines;
        }
      }
    }
  });
  std::thread clean([&] {
    std::vector<int> data(256);
    for (int r = 0; r < rounds; ++r) {
      try {
        clean_round(data);
        for (int i = 0; i < 256; ++i)
          if (data[i] != (i / 64) * 64 + (i % 64 + 1) % 64) ++clean_wrong;
      } catch (const hazard_detected& e) {
        ++clean_reported;
        if (first_problem.empty()) first_problem = e.what();
      }
    }
  });
  racy.join();
  clean.join();
  emulator::set_options(saved);
  EXPECT_EQ(racy_reported.load(), rounds);
  EXPECT_EQ(racy_wrong_lines.load(), 0);
  EXPECT_EQ(clean_reported.load(), 0) << first_problem;
  EXPECT_EQ(clean_wrong.load(), 0);
}

}  // namespace
