// The model is a layer, not half of a cycle: a program that links tessera_model and no backend builds,
// lists only the "cpu" accelerator, and a launch says that no backend runs it instead of failing to link.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {
using namespace tessera;

TEST(ModelAlone, ListsOnlyTheHostMemoryDevice) {
  const std::vector<accelerator> all = accelerator::get_all();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].get_device_path(), accelerator::cpu_accelerator);
  EXPECT_THROW(accelerator(accelerator::emulator_accelerator), runtime_exception);
}

TEST(ModelAlone, ALaunchWithNoBackendLinkedThrowsUnsupportedFeature) {
  std::vector<int> data(8);
  array_view<int, 1> v(8, data);
  try {
    parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { v[t] = 1; });
    FAIL() << "expected unsupported_feature";
  } catch (const unsupported_feature& e) {
    EXPECT_NE(std::string(e.what()).find("cannot run kernels"), std::string::npos) << e.what();
  }
}

}  // namespace
