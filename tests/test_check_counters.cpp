// The checks' counters in a program whose kernels are not instrumented: a launch with the checks on is
// counted, and the summary says that it saw no access, rather than looking like a clean checked run.
#include <tessera/amp.hpp>
#include <tessera/emulator/check_counters.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;
namespace emu = tessera::emulator;

TEST(CheckCounters, AnUninstrumentedKernelIsCountedAsALaunchThatSawNoAccess) {
  emu::options saved = emu::get_options();
  emu::options o = saved;
  o.checks = emu::check_mode::report;
  emu::set_options(o);
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[t] = t.global[0]; });
  const emu::check_counters c = emu::last_launch_counters();
  emu::set_options(saved);
  EXPECT_EQ(c.launches, 1u);
  EXPECT_EQ(c.accesses, 0u);
  EXPECT_EQ(emu::summary(c), "checked 0 accesses in 1 launch, 0 findings");
}

// The checks have nothing to see in an uninstrumented kernel: its launch is neither set up for them at
// every tile nor run in the further thread orders TESSERA_SEEDS asks for.
TEST(CheckCounters, AnUninstrumentedKernelRunsOnceWhateverOrdersTheChecksAskFor) {
  emu::options saved = emu::get_options();
  emu::options o = saved;
  o.checks = emu::check_mode::report;
  o.seeds = 3;
  emu::set_options(o);
  std::atomic<int> runs{0};
  std::atomic<int>* counter = &runs;  // host memory: this kernel is not checked
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    v[t] = t.global[0];
    counter->fetch_add(1);
  });
  const emu::check_counters c = emu::last_launch_counters();
  emu::set_options(saved);
  EXPECT_EQ(runs.load(), 64);
  EXPECT_EQ(c.launches, 1u);
  EXPECT_EQ(c.accesses, 0u);
}

TEST(CheckCounters, ALaunchWithTheChecksOffIsNotCounted) {
  emu::options saved = emu::get_options();
  emu::options o = saved;
  o.checks = emu::check_mode::off;
  emu::set_options(o);
  const emu::check_counters before = emu::process_counters();
  std::vector<int> out(64);
  array_view<int, 1> v(64, out);
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = i[0]; });
  const emu::check_counters after = emu::process_counters();
  emu::set_options(saved);
  EXPECT_EQ(after.launches, before.launches);
}

}  // namespace
