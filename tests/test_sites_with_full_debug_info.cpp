// Reports name the kernel's line in a build with full debug information (-g, as Debug and RelWithDebInfo
// builds have): there GCC places a kernel lambda's call operator, and what is inlined into it, inside the
// DIE of the function that writes the lambda, whose own code does not hold the failing instruction. The
// other unit tests are built with -g1, where the same functions sit at the top of the compile unit.
#include <tessera/amp.hpp>
#include <tessera/kernel_failures.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace tessera;

TEST(SitesWithFullDebugInfo, AnOutOfBoundsReadIsNamedAtTheKernelsLine) {
  std::vector<int> data(64), result(64);
  array_view<const int, 1> in(64, data);
  array_view<int, 1> out(64, result);
  const int kernel_line = __LINE__ + 3;
  try {
    parallel_for_each(in.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) {
      out[t] = in[t.global[0] + 1];  // the last thread reads past the end
    });
    FAIL() << "no out_of_bounds";
  } catch (const out_of_bounds& e) {
    const std::string expected = std::string(__FILE__) + ":" + std::to_string(kernel_line);
    EXPECT_NE(std::string(e.what()).find(" at " + expected + " "), std::string::npos) << e.what();
  }
}

}  // namespace
