// launch_capture: how a launch learns which data its kernel uses.
//
// A kernel's captures cannot be enumerated, but a launch copies the kernel object into its argument
// block, and that copy runs every captured array_view's copy constructor. While a launch_capture is
// active on the thread, each view copied tells its home where the launch runs (host or a device) and
// whether it may write, and the copy is re-pointed at the data there. Nothing else changes: outside a
// launch a view copy is a plain shallow copy.
#pragma once

#include <tessera/detail/data_home.hpp>

#include <cstddef>
#include <memory>
#include <typeinfo>
#include <vector>

namespace tessera::detail {

// The memory a captured view makes global for the launch: its home's whole buffer where the launch
// reads it (the host's, or the mirror's on a device that keeps its own), and the view's type, so that
// reports can name it.
struct captured_memory {
  const void* begin;
  std::size_t bytes;
  const std::type_info* view_type;
  std::size_t element_bytes;
  bool writes;  // false: a view of const elements, which the kernel cannot store through
};

// A launch on `launch_path` captured the data of an array placed on another device (PFE-8, PFE-9):
// runtime_exception naming both devices and the fix.
[[noreturn]] void throw_array_on_other_device(const data_home& home, const char* launch_path);

struct launch_capture {
  bool on_device = false;  // false: the launch computes in host memory (a device without mirrors)
  bool mirror_containers = false;  // with on_device false: views over the program's containers use mirrors
  int device = 0;          // the backend's device number
  mirror_factory make_mirror = nullptr;          // with on_device: the device's mirrors
  const void* device_id = nullptr;               // the launch's device (its registry entry); null: unknown
  const char* device_path = nullptr;             // for messages
  std::vector<captured_memory>* seen = nullptr;  // when set, every captured view's home is listed here
  // parallel_for_each given no accelerator_view (PFE-8): a dry copy of the kernel that moves nothing and
  // notes here the accelerator_view of the first captured view whose data is an array placed on one.
  std::shared_ptr<const accelerator_view>* infer_view = nullptr;

  // A dry copy (infer_view): the kernel object is only looked at, never run.
  bool dry() const noexcept { return infer_view != nullptr; }

  // Whether the launch reads `home` in a mirror (a device's memory, or emulator:0's copy of a container)
  // rather than in host memory; never for a dry copy.
  bool in_mirror(const data_home& home) const noexcept {
    return !dry() && (on_device || (mirror_containers && home.source_kind() == data_home::source::host_memory));
  }

  // Where the copy of a view whose data starts at `data` (inside `home`) must point during the launch.
  void* locate(data_home& home, void* data, bool write, const std::type_info& view_type, std::size_t element_bytes) const {
    if (dry()) {
      if (!*infer_view && home.placed() && home.array_view_on()) *infer_view = home.array_view_on();
      return data;
    }
    if (home.placed() && device_id != nullptr && home.placed_device() != device_id) throw_array_on_other_device(home, device_path);
    if (!in_mirror(home)) {
      if (seen != nullptr) seen->push_back(captured_memory{home.host(), home.bytes(), &view_type, element_bytes, write});
      home.use_on_host(write);
      return data;
    }
    const std::ptrdiff_t offset = static_cast<std::byte*>(data) - static_cast<std::byte*>(home.host());
    auto* base = static_cast<std::byte*>(home.use_on_device(device, write, make_mirror));
    if (seen != nullptr) seen->push_back(captured_memory{base, home.bytes(), &view_type, element_bytes, write});
    return base + offset;
  }
};

// The capture active on this thread, or nullptr.
const launch_capture* active_capture() noexcept;

// Activates a capture for the lifetime of the scope (one kernel-object copy).
class capture_scope {
 public:
  explicit capture_scope(const launch_capture& c) noexcept;
  ~capture_scope();
  capture_scope(const capture_scope&) = delete;
  capture_scope& operator=(const capture_scope&) = delete;

 private:
  const launch_capture* previous_;
};

// Copies a kernel object under a capture: the result is the launch's argument block.
template <class Kernel>
Kernel capture_kernel(const Kernel& kernel, const launch_capture& c) {
  capture_scope scope(c);
  return Kernel(kernel);
}

}  // namespace tessera::detail
