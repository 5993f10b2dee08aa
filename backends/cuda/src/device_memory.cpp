// Device copies of views' data (tessera/detail/data_home.hpp's device_mirror).
#include <tessera/cuda/runtime.hpp>

#include <cuda_runtime_api.h>

#include <mutex>
#include <set>
#include <utility>

namespace tessera::cuda::detail {
namespace {

// Whether `to` may read `from`'s memory directly, peer access enabled once per pair on first use.
bool peer_reachable(int to, int from) {
  static std::mutex mutex;
  static std::set<std::pair<int, int>> enabled, refused;
  std::lock_guard lock(mutex);
  const std::pair<int, int> pair{to, from};
  if (enabled.count(pair) != 0) return true;
  if (refused.count(pair) != 0) return false;
  int can = 0;
  if (cudaDeviceCanAccessPeer(&can, to, from) != cudaSuccess || can == 0) {
    cudaGetLastError();
    refused.insert(pair);
    return false;
  }
  use_device(to);
  const cudaError_t e = cudaDeviceEnablePeerAccess(from, 0);
  if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) {
    cudaGetLastError();
    refused.insert(pair);
    return false;
  }
  cudaGetLastError();  // clear cudaErrorPeerAccessAlreadyEnabled
  enabled.insert(pair);
  return true;
}

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
  // Device to device: within one GPU, or from another GPU with peer access. Both are ordered after the
  // work queued on either device's default stream and before the work queued after them, so no host
  // wait is needed (cudaMemcpyPeer is asynchronous to the host). Another backend's mirror, or a GPU
  // without peer access to this one: false, and the caller goes through the host.
  bool copy_from(const tessera::detail::device_mirror& source, std::size_t bytes) override {
    const auto* other = dynamic_cast<const cuda_mirror*>(&source);
    if (other == nullptr) return false;
    if (other->device_ == device_) {
      use_device(device_);
      check(cudaMemcpy(address_, other->address_, bytes, cudaMemcpyDeviceToDevice), "copying data within a device");
      return true;
    }
    if (!peer_reachable(device_, other->device_)) return false;
    use_device(device_);
    check(cudaMemcpyPeer(address_, device_, other->address_, other->device_, bytes), "copying data between two GPUs (peer copy)");
    return true;
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
