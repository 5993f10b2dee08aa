// main() of the test programs that tessera_add_kernel_tests() builds (TesseraHelpers.cmake), one per
// backend. The backend's device comes from TESSERA_DEFAULT_ACCELERATOR, which the function sets for each
// test; on a machine without that device the program prints one line saying why and exits 77, which
// CTest reports as skipped. Listing the tests (test discovery) needs no device.
//
// TESSERA_SANITIZER_TOOL=racecheck|memcheck (the cuda-racecheck.* and cuda-memcheck.* tests): the
// program runs itself again under NVIDIA's compute-sanitizer with that tool, and a finding fails the
// test; without compute-sanitizer it exits 77 with the reason.
#include <tessera/accelerator.hpp>

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

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

std::string compute_sanitizer() {
  if (const char* env = std::getenv("TESSERA_COMPUTE_SANITIZER"); env != nullptr && *env != '\0')
    return access(env, X_OK) == 0 ? std::string(env) : std::string();
#if defined(TESSERA_CUDA_BIN_DIR)
  if (const std::string beside = std::string(TESSERA_CUDA_BIN_DIR) + "/compute-sanitizer"; access(beside.c_str(), X_OK) == 0) return beside;
#endif
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && access((d + "/compute-sanitizer").c_str(), X_OK) == 0) return d + "/compute-sanitizer";
  }
  return {};
}

// Runs this program again under compute-sanitizer; returns only when it cannot.
int rerun_under_sanitizer(const char* tool, int argc, char** argv) {
  const std::string sanitizer = compute_sanitizer();
  if (sanitizer.empty()) {
    std::printf("SKIP: compute-sanitizer not found (beside nvcc, on PATH, or $TESSERA_COMPUTE_SANITIZER) for the %s run\n", tool);
    return 77;
  }
  setenv("TESSERA_UNDER_SANITIZER", "1", 1);
  std::vector<std::string> args{sanitizer, "--tool", tool, "--error-exitcode", "1", "--check-exit-code", "yes"};
  if (std::string(tool) == "memcheck") args.insert(args.end(), {"--padding", "256"});  // an access just past one allocation
  // This program's own path, resolved here: "/proc/self/exe" would name the sanitizer in its process.
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    std::printf("cannot find this program's path to run it under compute-sanitizer: %s\n", std::strerror(errno));
    return 1;
  }
  self[n] = '\0';
  args.push_back(self);
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  std::vector<char*> raw;
  for (auto& a : args) raw.push_back(a.data());
  raw.push_back(nullptr);
  std::fflush(stdout);
  execv(sanitizer.c_str(), raw.data());
  std::printf("cannot start %s: %s\n", sanitizer.c_str(), std::strerror(errno));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // The arguments as given: InitGoogleTest removes its own flags (--gtest_filter), which a run under the
  // sanitizer must pass on.
  std::vector<char*> given(argv, argv + argc);
  int given_count = argc;
  ::testing::InitGoogleTest(&argc, argv);
  if (!listing_tests()) {
    if (const std::string why = missing_device(); !why.empty()) {
      std::printf("SKIP: %s\n", why.c_str());
      return 77;
    }
    const char* tool = std::getenv("TESSERA_SANITIZER_TOOL");
    if (tool != nullptr && *tool != '\0' && std::getenv("TESSERA_UNDER_SANITIZER") == nullptr) return rerun_under_sanitizer(tool, given_count, given.data());
  }
  return RUN_ALL_TESTS();
}
