// A kernel that writes far outside any allocation must surface as accelerator_view_removed, naming the
// CUDA error, at the next point where the host waits for the device; never as a crash. (Its own program:
// a fault leaves the CUDA context unusable for the rest of the process.)
#include <tessera/amp.hpp>
#include <tessera/cuda/runtime.hpp>

#include <cstdio>
#include <string>
#include <vector>

int main() {
  if (const std::string why = tessera::cuda::unavailable_reason(); !why.empty()) {
    std::printf("SKIP: %s; GPU tests need an NVIDIA GPU and driver\n", why.c_str());
    return 77;
  }
  std::vector<int> data(16, 0);
  tessera::array_view<int, 1> v(16, data);
  const auto gpu = tessera::accelerator("cuda:0").get_default_view();
  try {
    tessera::parallel_for_each(gpu, v.extent, [=] restrict_amp (tessera::index<1> i) {
      v.data()[i[0] + (1 << 30)] = 1;  // 4 GiB past the buffer: an illegal address
    });
    v.synchronize();
    std::printf("FAIL: the fault was not reported\n");
    return 1;
  } catch (const tessera::accelerator_view_removed& e) {
    const std::string what = e.what();
    std::printf("reported: %s\n", e.what());
    return what.find("cudaError") != std::string::npos ? 0 : 1;
  }
}
