// main() of the test programs that tessera_add_kernel_tests() builds (TesseraHelpers.cmake), one per
// backend. The backend's device comes from TESSERA_DEFAULT_ACCELERATOR, which the function sets for each
// test; on a machine without that device the program prints one line saying why and exits 77, which
// CTest reports as skipped. Listing the tests (test discovery) needs no device.
#include <tessera/accelerator.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

bool listing_tests() {
#if defined(GTEST_FLAG_GET)
  return GTEST_FLAG_GET(list_tests);
#else
  return ::testing::GTEST_FLAG(list_tests);
#endif
}

// Empty when the accelerator named in TESSERA_DEFAULT_ACCELERATOR exists here (or none is named).
std::string missing_device() {
  const char* wanted = std::getenv("TESSERA_DEFAULT_ACCELERATOR");
  if (wanted == nullptr || *wanted == '\0') return {};
  std::string present;
  for (const tessera::accelerator& a : tessera::accelerator::get_all()) {
    if (a.get_device_path() == wanted) return {};
    present += (present.empty() ? "" : ", ") + a.get_device_path();
  }
  return std::string("no accelerator \"") + wanted + "\" on this machine (present: " + present + ")";
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (!listing_tests()) {
    if (const std::string why = missing_device(); !why.empty()) {
      std::printf("SKIP: %s\n", why.c_str());
      return 77;
    }
  }
  return RUN_ALL_TESTS();
}
