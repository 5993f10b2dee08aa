// accelerator and accelerator_view (ACC-1..ACC-9).
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TEST(Accelerator, ListsTheCpuAndTheEmulator) {
  bool cpu = false, emu = false;
  for (const auto& a : accelerator::get_all()) {
    cpu |= a.get_device_path() == "cpu";
    emu |= a.get_device_path() == "emulator";
  }
  EXPECT_TRUE(cpu);
  EXPECT_TRUE(emu);
  EXPECT_TRUE(accelerator("emulator").get_is_emulated());
  EXPECT_TRUE(accelerator("emulator").get_supports_double_precision());
}

TEST(Accelerator, UnknownPathThrowsListingTheKnownOnes) {
  try {
    accelerator a("direct3d\\ref");
    FAIL();
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("emulator"), std::string::npos) << e.what();
  }
}

TEST(Accelerator, TheSameDeviceComparesEqualAndSharesItsDefaultView) {
  EXPECT_EQ(accelerator("emulator"), accelerator("emulator"));
  EXPECT_NE(accelerator("emulator"), accelerator("cpu"));
  EXPECT_EQ(accelerator("emulator").get_default_view(), accelerator("emulator").get_default_view());
  const auto view = accelerator("emulator").create_view();
  const auto copy = view;
  EXPECT_EQ(copy, view);
  EXPECT_NE(view, accelerator("emulator").get_default_view());
  EXPECT_EQ(view.get_accelerator(), accelerator("emulator"));
}

TEST(Accelerator, VersionPacksMajorInTheHighSixteenBits) {
  EXPECT_EQ(accelerator("emulator").get_version() >> 16, 1u);
}

TEST(Accelerator, LaunchOnAnExplicitViewRunsThere) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  const auto view = accelerator("emulator").create_view(queuing_mode::immediate);
  parallel_for_each(view, v.extent, [=](index<1> i) { v[i] = 4; });
  parallel_for_each(view, v.extent.tile<4>(), [=](tiled_index<4> t) { v[t] += t.local[0]; });
  view.wait();
  EXPECT_EQ(out, (std::vector<int>{4, 5, 6, 7, 4, 5, 6, 7}));
  EXPECT_EQ(view.get_queuing_mode(), queuing_mode::immediate);
}

TEST(Accelerator, TheDefaultIsAComputeDeviceNeverTheCpu) {
  EXPECT_NE(accelerator().get_device_path(), "cpu");
  EXPECT_FALSE(accelerator::set_default("emulator"));  // already chosen by the calls above
}

}  // namespace
