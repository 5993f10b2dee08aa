// data_home: the home location of an array's or array_view's data on the host (AV-12).
//
// Every view that aliases the same data shares one home through a shared_ptr, so copies of a view are
// shallow (AV-1) and the home lives until the last view or array goes. A home either borrows host memory
// (a view over a std::vector or a pointer) or owns a buffer (an array, or a view built from an extent
// alone). Backends that keep copies elsewhere (a GPU) hang their state off the home.
#pragma once

#include <cstddef>
#include <memory>

namespace tessera::detail {

class data_home {
 public:
  // Borrow `bytes` bytes of host memory at `host`.
  data_home(void* host, std::size_t bytes) noexcept : host_(host), bytes_(bytes) {}
  // Own a fresh buffer of `bytes` bytes; its contents are undefined until written (AV-3).
  explicit data_home(std::size_t bytes) : owned_(new std::byte[bytes]), host_(owned_.get()), bytes_(bytes) {}

  data_home(const data_home&) = delete;
  data_home& operator=(const data_home&) = delete;

  void* host() const noexcept { return host_; }
  std::size_t bytes() const noexcept { return bytes_; }
  bool owns_storage() const noexcept { return owned_ != nullptr; }

 private:
  std::unique_ptr<std::byte[]> owned_;
  void* host_;
  std::size_t bytes_;
};

}  // namespace tessera::detail
