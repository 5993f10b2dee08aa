// home_handle: a counted reference to a data_home that a kernel can carry.
//
// Views are captured by value into kernel arguments, which a GPU launch copies bit for bit; views are
// also copied inside kernel code (projections). So the handle is one pointer: host code counts
// references, device code only copies the pointer and never dereferences it.
#pragma once

#include <tessera/detail/config.hpp>
#include <tessera/detail/data_home.hpp>

namespace tessera::detail {

class home_handle {
 public:
  home_handle() noexcept = default;
  // Adopts a freshly made home (its count starts at one).
  explicit home_handle(data_home* adopted) noexcept : home_(adopted) {}

  TESSERA_NOT_CHECKED TESSERA_HD home_handle(const home_handle& o) noexcept : home_(o.home_) {
#if !TESSERA_DEVICE_PASS
    if (home_) home_->retain();
#endif
  }
  TESSERA_NOT_CHECKED TESSERA_HD home_handle(home_handle&& o) noexcept : home_(o.home_) { o.home_ = nullptr; }
  TESSERA_NOT_CHECKED TESSERA_HD home_handle& operator=(home_handle&& o) noexcept {
    if (this != &o) {
#if !TESSERA_DEVICE_PASS
      if (home_) home_->release();
#endif
      home_ = o.home_;
      o.home_ = nullptr;
    }
    return *this;
  }
  TESSERA_NOT_CHECKED TESSERA_HD home_handle& operator=(const home_handle& o) noexcept {
#if !TESSERA_DEVICE_PASS
    if (o.home_) o.home_->retain();
    if (home_) home_->release();
#endif
    home_ = o.home_;
    return *this;
  }
  TESSERA_NOT_CHECKED TESSERA_HD ~home_handle() {
#if !TESSERA_DEVICE_PASS
    if (home_) home_->release();
#endif
  }

  data_home* get() const noexcept { return home_; }
  data_home* operator->() const noexcept { return home_; }
  // Asked by the views' bookkeeping in kernel code, compiled without the checks' instrumentation.
  TESSERA_NOT_CHECKED explicit operator bool() const noexcept { return home_ != nullptr; }

 private:
  data_home* home_ = nullptr;
};

}  // namespace tessera::detail
