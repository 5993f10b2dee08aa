// A checked-kernel program linked with -fsanitize=thread (tests/CMakeLists.txt builds this file so, at
// compile and link time): libtsan's runtime then answers the instrumentation hooks instead of the
// emulator's, and no check would see kernel memory. The first checked launch must say so, with the fix,
// instead of running with every check silently off.
#include <tessera/amp.hpp>
#include <tessera/emulator/options.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {
using namespace tessera;

// A read-after-write race the checks report when their hooks are the ones called.
void racy_exchange(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
    tile_static int s[16];
    s[t.local[0]] = t.local[0];
    v[t] = s[15 - t.local[0]];
  });
}

TEST(LibtsanRuntime, CheckedLaunchUnderLibtsanIsRefusedNamingTheFix) {
  std::vector<int> out(16, -1);
  array_view<int, 1> v(16, out);
  try {
    racy_exchange(v);
    FAIL() << "the launch ran with libtsan's hooks in place of the checks'";
  } catch (const unsupported_feature& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("libtsan"), std::string::npos) << m;
    EXPECT_NE(m.find("link without -fsanitize=thread"), std::string::npos) << m;
    EXPECT_NE(m.find("tessera_checked_kernels adds the compile flags only"), std::string::npos) << m;
  }
  EXPECT_EQ(out, std::vector<int>(16, -1));  // refused before any kernel code ran
}

}  // namespace
