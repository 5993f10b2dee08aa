// accelerator::set_default("cpu") succeeds before the default is chosen, as in C++ AMP (ACC-6): the cpu
// accelerator is then the default, and a launch without a view throws as a launch on it does (PFE-10).
// The default is chosen once per process, so this program has its own executable.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;

TEST(SetDefaultCpu, MakesTheCpuTheDefaultAndLaunchesWithoutAViewThenThrow) {
  EXPECT_TRUE(accelerator::set_default(accelerator::cpu_accelerator));
  EXPECT_EQ(accelerator(), accelerator(accelerator::cpu_accelerator));
  EXPECT_EQ(accelerator(accelerator::default_accelerator).get_device_path(), "cpu");
  EXPECT_FALSE(accelerator::set_default("emulator"));  // chosen: later calls return false
  std::vector<int> data(8, 0);
  array_view<int, 1> v(8, data);
  try {
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] = 1; });
    FAIL() << "a launch on the default, the cpu accelerator, ran";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::strstr(e.what(), "is not supported on the selected accelerator \"CPU accelerator\""), nullptr) << e.what();
  }
  // The other accelerators still run kernels when named.
  parallel_for_each(accelerator("emulator").get_default_view(), v.extent, [=] restrict_amp (index<1> i) { v[i] = 2; });
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(8, 2));
}

}  // namespace
