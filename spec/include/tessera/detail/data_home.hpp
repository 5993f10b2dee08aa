// data_home: the home location of an array's or array_view's data, and where its current copy is.
//
// Every view that aliases the same data shares one home (AV-12), so copies of a view are shallow (AV-1).
// A home either borrows host memory (a view over a std::vector or a pointer) or owns a host buffer (an
// array, or a view built from an extent alone). A backend with memory of its own (a GPU) attaches a
// device_mirror; the home then tracks which copies are current and moves whole buffers between them:
// lazily before a launch uses the data, and back on host access, synchronize() or the last view's
// destruction (AV-4, AV-13). discard_data() skips the next copy-in; refresh() declares the host copy the
// current one (AV-5, AV-6). GPUs and the emulator's other devices compute in a mirror; the emulator's
// first device computes in host memory but keeps a mirror of the program's containers, so on every backend
// the container a view is built over shows a kernel's writes only once the program synchronizes.
//
// Several devices: a home has at most one mirror. When a launch on another device wants the data, or a
// whole-buffer copy() sends it to a home placed on another device, the data moves mirror to mirror where
// the backend can (a GPU peer copy: device_mirror::copy_from) and through the host where it cannot. A
// mirror is named by its factory and the backend's device number, so devices of two backends that share
// a number never take each other's mirror.
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
  // Copies `bytes` bytes of `source` (a mirror on this or another device) into this mirror without
  // going through the host. False, copying nothing, where this backend cannot reach `source` directly
  // (another backend's mirror; GPUs without peer access): the caller then goes through the host.
  virtual bool copy_from(const device_mirror& source, std::size_t bytes) {
    (void)source;
    (void)bytes;
    return false;
  }
};

// Makes a mirror of `bytes` bytes on a device; supplied by the backend at launch.
using mirror_factory = std::unique_ptr<device_mirror> (*)(int device, std::size_t bytes);

// A device that keeps data in mirrors: its backend's factory and device number. A null factory: the
// device computes in host memory.
struct mirror_place {
  mirror_factory make = nullptr;
  int device = 0;
  friend bool operator==(const mirror_place&, const mirror_place&) = default;
};

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
  // The device an array was placed on (an explicit accelerator_view of a compute device): a whole copy
  // into it lands in that device's memory, and a launch on another device refuses it (PFE-8, PFE-9).
  // `device` identifies the device (its registry entry), `where` its memory.
  void place_on(const void* device, mirror_place where) noexcept {
    placed_on_ = device;
    placement_ = where;
  }
  bool placed() const noexcept { return placed_on_ != nullptr; }
  const void* placed_device() const noexcept { return placed_on_; }
  const mirror_place& placement() const noexcept { return placement_; }
  // Where the current copy is: null when the host's copy is current, else the mirror holding it.
  const device_mirror* current_mirror() const noexcept {
    return __atomic_load_n(&host_current_, __ATOMIC_ACQUIRE) ? nullptr : mirror_.get();
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
  // The data moves from the mirror of another device mirror to mirror where the backend can, else
  // through the host.
  void* use_on_device(int device, bool write, mirror_factory make) {
    const mirror_place where{make, device};
    if (!mirror_ || !(mirror_at_ == where)) {
      auto fresh = make(device, bytes_);
      const bool elsewhere = mirror_ && !__atomic_load_n(&host_current_, __ATOMIC_RELAXED) && !discarded_;
      bool moved = false;
      if (elsewhere) moved = fresh->copy_from(*mirror_, bytes_);
      if (elsewhere && !moved) pull();
      mirror_ = std::move(fresh);
      mirror_at_ = where;
      mirror_current_ = moved;
      if (moved) discarded_ = false;
      if (!moved && !__atomic_load_n(&host_current_, __ATOMIC_RELAXED)) __atomic_store_n(&host_current_, true, __ATOMIC_RELEASE);
    }
    if (!mirror_current_) {
      if (!discarded_) mirror_->upload(host_, bytes_);
      mirror_current_ = true;
    }
    discarded_ = false;
    if (write) __atomic_store_n(&host_current_, false, __ATOMIC_RELEASE);
    return mirror_->address();
  }

  // Make this home's whole contents a copy of `src`'s (copy() between two whole, dense buffers of one
  // size: ARR-9, ARR-10), moving no more than needed. The copy lands where this home's data belongs: its
  // current mirror, else the device it was placed on, else the host. From a source current in a mirror
  // it goes mirror to mirror where the backend can (copy_from), else through the source's host copy
  // (which that makes current too). The result is this home's current copy; an earlier discard_data()
  // of it no longer applies (AV-5).
  void assign_from(data_home& src) {
    if (&src == this || src.bytes_ != bytes_) return;  // callers check; a no-op rather than a wrong copy
    mirror_place target{};
    bool to_mirror = false;
    if (mirror_ && !__atomic_load_n(&host_current_, __ATOMIC_RELAXED)) {
      target = mirror_at_;
      to_mirror = true;
    } else if (placed_on_ != nullptr && placement_.make != nullptr) {
      target = placement_;
      to_mirror = true;
    }
    const device_mirror* from = src.discarded_ ? nullptr : src.current_mirror();
    if (!to_mirror) {
      src.use_on_host(false);
      // __builtin_memcpy rather than <cstring>'s: that header declares POSIX index(), which programs would
      // meet through `using namespace tessera`.
      __builtin_memcpy(host_, src.host_, bytes_);
      mirror_current_ = false;
      discarded_ = false;
      __atomic_store_n(&host_current_, true, __ATOMIC_RELEASE);
      return;
    }
    if (!mirror_ || !(mirror_at_ == target)) {
      mirror_ = target.make(target.device, bytes_);  // every byte is overwritten: nothing to move
      mirror_at_ = target;
    }
    if (from == nullptr || !mirror_->copy_from(*from, bytes_)) {
      src.use_on_host(false);
      mirror_->upload(src.host_, bytes_);
    }
    mirror_current_ = true;
    discarded_ = false;
    __atomic_store_n(&host_current_, false, __ATOMIC_RELEASE);
  }

  // Copy the current data back to the host if it is elsewhere (AV-4).
  TESSERA_NOT_CHECKED void synchronize() {
    if (!__atomic_load_n(&host_current_, __ATOMIC_ACQUIRE)) pull();
  }
  // The next use need not copy the current contents there (AV-5).
  // An array's storage is never discarded: C++ AMP's discard_data only spares copying a view's data to the
  // accelerator where it is next used, and an array's data is on its accelerator already; here its host
  // copy may be the only copy of its contents (on a GPU, before the first launch that uploads it).
  void discard() noexcept {
    if (source_ != source::array) discarded_ = true;
  }
  // The host memory was changed outside the views: it is the current copy now (AV-6). Only a program's
  // own memory can change outside the views; an array's storage or a view's without a data source is the
  // runtime's, reached only through views and arrays, so there it changes nothing.
  TESSERA_NOT_CHECKED void refresh() noexcept {
    if (owned_) return;
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
  mirror_place mirror_at_;   // the device mirror_ is on
  mirror_place placement_;            // an array's device's memory (place_on)
  const void* placed_on_ = nullptr;   // an array's device; null: not placed
  // Atomic builtins rather than std::atomic: the checks must not see these (TESSERA_NOT_CHECKED), and a
  // std::atomic member function would be compiled, instrumented, out of line.
  bool host_current_ = true;
  bool mirror_current_ = false;
  bool discarded_ = false;
  int refs_ = 1;
};

}  // namespace tessera::detail
