// Device copies of views' data (tessera/detail/data_home.hpp's device_mirror).
#include <tessera/cuda/runtime.hpp>

#include <cuda_runtime_api.h>

namespace tessera::cuda::detail {
namespace {

class cuda_mirror final : public tessera::detail::device_mirror {
 public:
  cuda_mirror(int device, std::size_t bytes) : device_(device) {
    use_device(device);
    check(cudaMalloc(&address_, bytes), "allocating device memory for an array or array_view");
  }
  ~cuda_mirror() override {
    cudaSetDevice(device_);
    cudaFree(address_);
  }
  void* address() const noexcept override { return address_; }
  int device() const noexcept override { return device_; }
  // Copies on the default stream are ordered after every launch queued before them, so these are also
  // the points where an earlier asynchronous kernel fault is reported.
  void upload(const void* host, std::size_t bytes) override {
    use_device(device_);
    check(cudaMemcpy(address_, host, bytes, cudaMemcpyHostToDevice), "copying a view's data to the device");
  }
  void download(void* host, std::size_t bytes) const override {
    use_device(device_);
    check(cudaMemcpy(host, address_, bytes, cudaMemcpyDeviceToHost), "copying a view's data back to the host");
  }

 private:
  int device_;
  void* address_ = nullptr;
};

}  // namespace

std::unique_ptr<tessera::detail::device_mirror> make_mirror(int device, std::size_t bytes) {
  return std::make_unique<cuda_mirror>(device, bytes);
}

}  // namespace tessera::cuda::detail
