// data_home: the home location of an array's or array_view's data, and where its current copy is.
//
// Every view that aliases the same data shares one home (AV-12), so copies of a view are shallow (AV-1).
// A home either borrows host memory (a view over a std::vector or a pointer) or owns a host buffer (an
// array, or a view built from an extent alone). A backend with memory of its own (a GPU) attaches a
// device_mirror; the home then tracks which copies are current and moves whole buffers between them:
// lazily before a launch uses the data, and back on host access, synchronize() or the last view's
// destruction (AV-4, AV-13). discard_data() skips the next copy-in; refresh() declares the host copy the
// current one (AV-5, AV-6). The emulator computes in host memory, so on it every copy is the host's.
#pragma once

#include <tessera/detail/config.hpp>

#include <cstddef>
#include <memory>

namespace tessera {
class accelerator_view;
}  // namespace tessera

namespace tessera::detail {

// A backend's copy of a home's bytes.
class device_mirror {
 public:
  virtual ~device_mirror() = default;
  virtual void* address() const noexcept = 0;
  virtual int device() const noexcept = 0;
  virtual void upload(const void* host, std::size_t bytes) = 0;    // host -> mirror
  virtual void download(void* host, std::size_t bytes) const = 0;  // mirror -> host
};

// Makes a mirror of `bytes` bytes on a device; supplied by the backend at launch.
using mirror_factory = std::unique_ptr<device_mirror> (*)(int device, std::size_t bytes);

class data_home {
 public:
  // Borrow `bytes` bytes of host memory at `host`.
  data_home(void* host, std::size_t bytes) noexcept : host_(host), bytes_(bytes) {}
  // Own a fresh buffer of `bytes` bytes; its contents are undefined until written (AV-3).
  explicit data_home(std::size_t bytes) : owned_(new std::byte[bytes]), host_(owned_.get()), bytes_(bytes) {}

  data_home(const data_home&) = delete;
  data_home& operator=(const data_home&) = delete;
  // The last view of borrowed host memory writes the current data back into it (AV-13); errors there
  // are swallowed, as the model asks.
  ~data_home() {
    if (!owned_ && !__atomic_load_n(&host_current_, __ATOMIC_RELAXED) && mirror_) {
      try {
        mirror_->download(host_, bytes_);
      } catch (...) {
      }
    }
  }

  void* host() const noexcept { return host_; }
  std::size_t bytes() const noexcept { return bytes_; }
  bool owns_storage() const noexcept { return owned_ != nullptr; }

  // What the data is, for array_view::get_source_accelerator_view (AV-14): borrowed host memory, an
  // array's storage, or the storage of a view built from an extent alone (no data source).
  enum class source { host_memory, array, none };
  source source_kind() const noexcept { return source_; }
  // The array's accelerator_view; null when the array was built without one (it is then on the default
  // accelerator's default view, chosen when first asked).
  const std::shared_ptr<const accelerator_view>& array_view_on() const noexcept { return array_on_; }
  // This storage is an array's, placed on `on` (null: no view given).
  void mark_array(std::shared_ptr<const accelerator_view> on) noexcept {
    source_ = source::array;
    array_on_ = std::move(on);
  }

  // Host code is about to read (write = false) or read and write the data.
  // A write makes new contents: the mirror is stale, and an earlier discard_data() no longer applies to
  // them (the next launch must see what the host wrote).
  TESSERA_NOT_CHECKED void use_on_host(bool write) {
    if (!__atomic_load_n(&host_current_, __ATOMIC_ACQUIRE)) pull();
    if (write) {
      mirror_current_ = false;
      discarded_ = false;
    }
  }

  // A launch on `device` is about to use the data; returns the device address of byte 0.
  void* use_on_device(int device, bool write, mirror_factory make) {
    if (!mirror_ || mirror_->device() != device) {
      if (mirror_ && !__atomic_load_n(&host_current_, __ATOMIC_RELAXED)) pull();
      mirror_ = make(device, bytes_);
      mirror_current_ = false;
    }
    if (!mirror_current_) {
      if (!discarded_) mirror_->upload(host_, bytes_);
      mirror_current_ = true;
    }
    discarded_ = false;
    if (write) __atomic_store_n(&host_current_, false, __ATOMIC_RELEASE);
    return mirror_->address();
  }

  // Copy the current data back to the host if it is elsewhere (AV-4).
  TESSERA_NOT_CHECKED void synchronize() {
    if (!__atomic_load_n(&host_current_, __ATOMIC_ACQUIRE)) pull();
  }
  // The next use need not copy the current contents there (AV-5).
  void discard() noexcept { discarded_ = true; }
  // The host memory was changed outside the views: it is the current copy now (AV-6).
  TESSERA_NOT_CHECKED void refresh() noexcept {
    __atomic_store_n(&host_current_, true, __ATOMIC_RELEASE);
    mirror_current_ = false;
    discarded_ = false;
  }

  // Intrusive reference count, so that handles can be copied bit-for-bit into kernel arguments.
  TESSERA_NOT_CHECKED void retain() noexcept { __atomic_fetch_add(&refs_, 1, __ATOMIC_RELAXED); }
  TESSERA_NOT_CHECKED void release() noexcept {
    if (__atomic_fetch_sub(&refs_, 1, __ATOMIC_ACQ_REL) == 1) delete this;
  }

 private:
  TESSERA_NOT_CHECKED void pull() {
    if (!discarded_ && mirror_) mirror_->download(host_, bytes_);
    discarded_ = false;
    __atomic_store_n(&host_current_, true, __ATOMIC_RELEASE);
  }

  std::unique_ptr<std::byte[]> owned_;
  void* host_;
  std::size_t bytes_;
  source source_ = owned_ ? source::none : source::host_memory;
  std::shared_ptr<const accelerator_view> array_on_;
  std::unique_ptr<device_mirror> mirror_;
  // Atomic builtins rather than std::atomic: the checks must not see these (TESSERA_NOT_CHECKED), and a
  // std::atomic member function would be compiled, instrumented, out of line.
  bool host_current_ = true;
  bool mirror_current_ = false;
  bool discarded_ = false;
  int refs_ = 1;
};

}  // namespace tessera::detail
