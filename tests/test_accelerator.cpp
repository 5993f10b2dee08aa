// accelerator and accelerator_view (ACC-1..ACC-9, PFE-1, PFE-8).
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

// ACC-1, ACC-3, ACC-9: get_all lists "cpu" and "emulator"; both are emulated devices (ACC-7).
TEST(Accelerator, ListsTheCpuAndTheEmulator) {
  bool cpu = false, emu = false;
  for (const auto& a : accelerator::get_all()) {
    EXPECT_FALSE(a.get_description().empty()) << a.get_device_path();
    if (a.get_device_path() == "cpu") {
      cpu = true;
      EXPECT_TRUE(a.get_is_emulated());
    }
    if (a.get_device_path() == "emulator") {
      emu = true;
      EXPECT_TRUE(a.get_is_emulated());
    }
  }
  EXPECT_TRUE(cpu);
  EXPECT_TRUE(emu);
  EXPECT_EQ(std::string(accelerator::cpu_accelerator), "cpu");
  EXPECT_EQ(std::string(accelerator::default_accelerator), "default");
}

// ACC-7, MATH-4: the emulator's properties.
TEST(Accelerator, TheEmulatorIsEmulatedAndSupportsDoubles) {
  const accelerator emu("emulator");
  EXPECT_TRUE(emu.get_is_emulated());
  EXPECT_TRUE(emu.get_supports_double_precision());
  EXPECT_TRUE(emu.get_supports_limited_double_precision());
  EXPECT_TRUE(emu.get_supports_cpu_shared_memory());
  EXPECT_FALSE(emu.get_has_display());
  EXPECT_EQ(emu.get_device_path(), "emulator");
}

// ACC-2, ERR-7: an unknown device path throws runtime_exception listing the known ones.
TEST(Accelerator, UnknownPathThrowsListingTheKnownOnes) {
  try {
    accelerator a("direct3d\\ref");
    FAIL();
  } catch (const runtime_exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("direct3d\\ref"), std::string::npos) << what;
    EXPECT_NE(what.find("emulator"), std::string::npos) << what;
    EXPECT_NE(what.find("cpu"), std::string::npos) << what;
  }
  EXPECT_THROW(accelerator(""), runtime_exception);
  EXPECT_THROW(accelerator("cuda:9999"), runtime_exception);
}

// ACC-2, ACC-8: accelerators compare equal when they are the same device; a view's copies are the same
// view; views made with create_view() are new views.
TEST(Accelerator, TheSameDeviceComparesEqualAndViewsCompareEqualToTheirCopies) {
  EXPECT_EQ(accelerator("emulator"), accelerator("emulator"));
  EXPECT_NE(accelerator("emulator"), accelerator("cpu"));
  const accelerator a("emulator");
  const accelerator a_copy = a;
  EXPECT_EQ(a_copy, a);
  EXPECT_EQ(accelerator("emulator").get_default_view(), accelerator("emulator").get_default_view());
  const auto view = accelerator("emulator").create_view();
  const auto copy = view;
  EXPECT_EQ(copy, view);
  EXPECT_FALSE(copy != view);
  const auto other = accelerator("emulator").create_view();
  EXPECT_NE(other, view);
  EXPECT_NE(view, accelerator("emulator").get_default_view());
  EXPECT_EQ(view.get_accelerator(), accelerator("emulator"));
  EXPECT_EQ(accelerator("cpu").get_default_view().get_accelerator(), accelerator("cpu"));
  EXPECT_EQ(view.get_queuing_mode(), queuing_mode::automatic);
}

// ACC-7: the version has the major number in the high 16 bits.
TEST(Accelerator, VersionPacksMajorInTheHighSixteenBits) {
  EXPECT_EQ(accelerator("emulator").get_version() >> 16, 1u);
  EXPECT_EQ(accelerator("emulator").get_default_view().get_version(), accelerator("emulator").get_version());
}

// PFE-1, PFE-8, ACC-8: a launch on an explicit view runs there, tiled and not, in submission order.
TEST(Accelerator, LaunchOnAnExplicitViewRunsThere) {
  std::vector<int> out(8, 0);
  array_view<int, 1> v(8, out);
  const auto view = accelerator("emulator").create_view(queuing_mode::immediate);
  parallel_for_each(view, v.extent, [=] restrict_amp (index<1> i) { v[i] = 4; });
  v.synchronize();
  parallel_for_each(view, v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] += t.local[0]; });
  v.synchronize();
  view.wait();
  EXPECT_EQ(out, (std::vector<int>{4, 5, 6, 7, 4, 5, 6, 7}));
  EXPECT_EQ(view.get_queuing_mode(), queuing_mode::immediate);
  const auto dflt = accelerator("emulator").get_default_view();
  parallel_for_each(dflt, extent<2>(2, 4).tile<2, 2>(), [=] restrict_amp (tiled_index<2, 2> t) {
    v[t.global[0] * 4 + t.global[1]] *= 10;
  });
  v.synchronize();
  dflt.flush();
  dflt.wait();
  EXPECT_EQ(out, (std::vector<int>{40, 50, 60, 70, 40, 50, 60, 70}));
}

// ACC-3, ACC-6: the default accelerator is chosen as a compute device, never the cpu; "default" names it;
// once chosen, set_default returns false, for "cpu" too (that set_default("cpu") before then succeeds, as
// in C++ AMP, tests/test_set_default_cpu.cpp pins in a process of its own). An unknown path names no
// device: runtime_exception, before and after the default was chosen.
TEST(Accelerator, SetDefaultRefusesUnknownPathsWithAnExceptionAndReturnsFalseOnceChosen) {
  EXPECT_THROW(accelerator::set_default("no-such-device"), runtime_exception);
  (void)accelerator();  // the default is chosen now
  EXPECT_THROW(accelerator::set_default("no-such-device"), runtime_exception);
  EXPECT_FALSE(accelerator::set_default("cpu"));
  EXPECT_FALSE(accelerator::set_default("emulator"));
}

TEST(Accelerator, TheDefaultIsAComputeDeviceNeverTheCpu) {
  EXPECT_NE(accelerator().get_device_path(), "cpu");
  EXPECT_EQ(accelerator("default"), accelerator());
  EXPECT_FALSE(accelerator::set_default("emulator"));  // already chosen by the calls above
  EXPECT_EQ(accelerator().get_default_view(), accelerator().get_default_view());
}

// ACC-7, ARR-5, ACC-10: both spellings of access_type name the same values; an access_type_auto array
// takes the accelerator's default, after which the default can no longer be set (that it can be set
// once before, and what a device without CPU shared memory refuses, tests/test_default_cpu_access.cpp
// pins in a process of its own).
TEST(Accelerator, AutoArraysTakeTheDefaultCpuAccessTypeWhichThenStaysFixed) {
  static_assert(access_type_none == access_type::none && access_type_read == access_type::read &&
                access_type_write == access_type::write && access_type_read_write == access_type::read_write &&
                access_type_auto == access_type::automatic);
  // The qualified spelling of C++ AMP's unscoped enumerators.
  static_assert(access_type::access_type_read_write == access_type_read_write &&
                access_type::access_type_auto == access_type_auto && access_type::access_type_none == access_type_none &&
                access_type::access_type_read == access_type_read && access_type::access_type_write == access_type_write);
  const accelerator emu("emulator");
  array<int, 1> a(4, emu.get_default_view());
  const access_type taken = a.get_cpu_access_type();
  EXPECT_EQ(taken, emu.get_default_cpu_access_type());
  EXPECT_FALSE(emu.set_default_cpu_access_type(taken == access_type_read ? access_type_write : access_type_read));
  EXPECT_EQ(emu.get_default_cpu_access_type(), taken);
}

}  // namespace
