// accelerator and accelerator_view (ACC-1..ACC-9).
//
// Devices: "cpu" (host memory only, never a compute target: PFE-10), then the devices of every backend
// the program links, in the order the build added the backends: "emulator" (the deterministic CPU
// reference, part of the tessera target; with TESSERA_EMULATOR_DEVICES=N > 1, "emulator:0" ...
// "emulator:N-1", "emulator" naming emulator:0) and, with the CUDA backend, one "cuda:N" per GPU present.
//
// Several accelerators (ACC-1, ACC-9, PFE-8): an array given an accelerator_view of a compute device is
// placed on that device: a whole copy() into it lands in that device's memory, and a launch on another
// accelerator that captures it throws runtime_exception (PFE-9's optional rule, as C++ AMP's Microsoft
// implementation does); other views of the same accelerator share its memory and may use it. Views of
// host memory, and arrays built without a view, follow the launch to whatever device runs it. The
// default is chosen once per process: set_default(), else the TESSERA_DEFAULT_ACCELERATOR environment
// variable, else the first device that is not emulated, else the first that runs kernels.
#pragma once

#include <tessera/access_type.hpp>
#include <tessera/completion_future.hpp>
#include <tessera/detail/data_home.hpp>
#include <tessera/exceptions.hpp>
#include <tessera/queuing_mode.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

namespace detail {

// What the runtime knows of one device; shared by every accelerator object that names it.
struct device_info {
  std::string path;
  std::string alias;                     // another path naming this device ("emulator" for "emulator:0")
  std::string description;
  std::string backend;                   // the launcher that runs its kernels (detail/backend.hpp); empty:
                                         // the device stores data only (PFE-10)
  std::string launch_hint;               // what to do when a translation unit has no launcher for it
  int ordinal = 0;                       // the backend's own device number
  unsigned int version = 0;              // major << 16 | minor
  std::size_t dedicated_memory_kb = 0;
  bool has_display = false;
  bool supports_double_precision = true;
  bool supports_cpu_shared_memory = true;
  bool is_debug = false;
  bool is_emulated = true;
  // The accelerator's default CPU access type for arrays (ACC-7, ACC-10): the access_type in the low
  // bits (access_type::automatic until set_default_cpu_access_type() sets it), and two flags: set once
  // (cpu_access_overridden) and used by an array (cpu_access_used); either makes a later set fail. One
  // int, so the atomic builtins read and change all three at once; mutable because the setting belongs
  // to the device, which every accelerator object shares as const.
  static constexpr int cpu_access_value_mask = 0xf;
  static constexpr int cpu_access_overridden = 0x10;
  static constexpr int cpu_access_used = 0x20;
  mutable int default_cpu_access_state = static_cast<int>(access_type::automatic);
  void (*wait)(int ordinal) = nullptr;   // blocks until the device's queued work is done; null: synchronous
  // Where the device keeps data: its mirrors' factory (data_home.hpp); null when it computes in host
  // memory (the first emulated device, cpu).
  mirror_factory make_mirror = nullptr;
  // A device that computes in host memory may still keep a copy of the program's own containers (views
  // over a std::vector or a pointer), as a GPU does: the container then shows a kernel's writes only once
  // the program synchronizes (the first emulated device). Storage the runtime owns (arrays, views without
  // a data source) stays in host memory, where an array captured by reference also reaches it.
  mirror_factory make_container_mirror = nullptr;
  mirror_place place() const noexcept { return {make_mirror, ordinal}; }
  std::shared_ptr<void> default_queue = std::make_shared<char>();  // identity of the device's default view
};

}  // namespace detail

class accelerator;
template <class T, int N>
class array;

class accelerator_view {
 public:
  accelerator get_accelerator() const;
  queuing_mode get_queuing_mode() const noexcept { return mode_; }
  bool get_is_debug() const noexcept { return device_->is_debug; }
  unsigned int get_version() const noexcept { return device_->version; }

  // Block until all work submitted to this view has finished. Launches on the emulator are synchronous.
  void wait() const;
  // Send the queued work to the device without waiting for it. Every backend submits each command as it
  // is issued, so there is nothing left to send.
  void flush() const {}
  // A future that is ready when all work submitted to this view before the call has finished (ACC-8).
  // It waits for that work before it returns, so the future is ready at once (PROJ-17); an error the work
  // reports (a GPU fault: accelerator_view_removed) is thrown by its get().
  completion_future create_marker() const {
    return detail::run_to_completion([this] { wait(); });
  }

  friend bool operator==(const accelerator_view& a, const accelerator_view& b) noexcept { return a.queue_ == b.queue_; }
  friend bool operator!=(const accelerator_view& a, const accelerator_view& b) noexcept { return !(a == b); }

  // Runtime plumbing: which backend executes launches on this view.
  const detail::device_info& device() const noexcept { return *device_; }

 private:
  friend class accelerator;
  template <class T, int N>
  friend class array;
  accelerator_view() = default;  // names no view: an array's "no view given" (array.hpp)
  explicit operator bool() const noexcept { return queue_ != nullptr; }
  accelerator_view(std::shared_ptr<const detail::device_info> device, std::shared_ptr<void> queue, queuing_mode mode)
      : device_(std::move(device)), queue_(std::move(queue)), mode_(mode) {}

  std::shared_ptr<const detail::device_info> device_;
  std::shared_ptr<void> queue_;  // identity: copies of a view are the same view (ACC-8)
  queuing_mode mode_ = queuing_mode::automatic;
};

class accelerator {
 public:
  static constexpr const char* default_accelerator = "default";
  static constexpr const char* cpu_accelerator = "cpu";
  static constexpr const char* emulator_accelerator = "emulator";

  // The default accelerator.
  accelerator();
  // The device with this path ("default", "cpu", "emulator", "cuda:0", ...). An unknown path throws
  // runtime_exception listing the known ones (ACC-2).
  explicit accelerator(const std::string& device_path);

  static std::vector<accelerator> get_all();
  // Fix the process-wide default; false if a default was already chosen (ACC-6). Throws runtime_exception
  // for "cpu" (it stores data but runs no kernel, PFE-10) and for a path no device has, whether or not a
  // default was chosen.
  static bool set_default(const std::string& device_path);

  // The view every launch without a view uses; its queuing mode is automatic (ACC-8).
  accelerator_view get_default_view() const { return default_view_; }
  // A new view on this accelerator, with the queuing mode asked for (ACC-8, ACC-9).
  accelerator_view create_view(queuing_mode mode = queuing_mode::automatic) const {
    return accelerator_view(device_, std::make_shared<char>(), mode);
  }

  const std::string& get_device_path() const noexcept { return device_->path; }
  const std::string& get_description() const noexcept { return device_->description; }
  unsigned int get_version() const noexcept { return device_->version; }
  bool get_has_display() const noexcept { return device_->has_display; }
  std::size_t get_dedicated_memory() const noexcept { return device_->dedicated_memory_kb; }
  bool get_supports_double_precision() const noexcept { return device_->supports_double_precision; }
  bool get_supports_limited_double_precision() const noexcept { return device_->supports_double_precision; }
  bool get_supports_cpu_shared_memory() const noexcept { return device_->supports_cpu_shared_memory; }

  // The CPU access type arrays on this accelerator get when their constructor asks for
  // access_type_auto (ACC-7, §3.2.6). Until set: read_write where the accelerator's arrays are in memory
  // the CPU reaches (the emulator's and "cpu"'s), none elsewhere (a GPU's own memory).
  access_type get_default_cpu_access_type() const noexcept {
    return resolve(__atomic_load_n(&device_->default_cpu_access_state, __ATOMIC_ACQUIRE));
  }
  // Set that default for this device (every accelerator object naming it sees it), once, and only before
  // an array has used it (ACC-10): the first call made before any array on this accelerator took the
  // default returns true; every later call, and any call after such an array was made, returns false and
  // changes nothing. Arrays take the default when built on this accelerator's views with
  // access_type_auto, or, built without a view, when their get_cpu_access_type() is first asked (the
  // default accelerator is chosen then: ACC-6). access_type_auto keeps the built-in choice (and counts as
  // the one call). Anything but none or auto on an accelerator without CPU shared memory throws
  // runtime_exception (ARR-5), whether or not the default could still be set.
  bool set_default_cpu_access_type(access_type type) const {
    if (type != access_type::none && type != access_type::automatic && !device_->supports_cpu_shared_memory)
      throw runtime_exception("accelerator::set_default_cpu_access_type: " + device_->path +
                              " has no memory shared with the CPU, so only access_type_none or access_type_auto "
                              "can be its default (ARR-5)");
    int state = __atomic_load_n(&device_->default_cpu_access_state, __ATOMIC_ACQUIRE);
    do {
      if ((state & (detail::device_info::cpu_access_overridden | detail::device_info::cpu_access_used)) != 0) return false;
    } while (!__atomic_compare_exchange_n(&device_->default_cpu_access_state, &state,
                                          static_cast<int>(type) | detail::device_info::cpu_access_overridden, false,
                                          __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    return true;
  }
  bool get_is_debug() const noexcept { return device_->is_debug; }
  bool get_is_emulated() const noexcept { return device_->is_emulated; }

  friend bool operator==(const accelerator& a, const accelerator& b) noexcept { return a.device_ == b.device_; }
  friend bool operator!=(const accelerator& a, const accelerator& b) noexcept { return !(a == b); }

 private:
  friend class accelerator_view;
  template <class T, int N>
  friend class array;

  // The default CPU access type, taken by an array that asked for access_type_auto: from now on
  // set_default_cpu_access_type() returns false (ACC-10).
  access_type take_default_cpu_access_type() const noexcept {
    return resolve(__atomic_or_fetch(&device_->default_cpu_access_state, detail::device_info::cpu_access_used, __ATOMIC_ACQ_REL));
  }
  // Whether host code is shut out of arrays that take this accelerator's default CPU access type: the
  // program chose access_type_none as the default of a compute device (a GPU's own default of none keeps
  // the host copy reachable, PROJ-16; the cpu accelerator's arrays are host memory).
  bool default_refuses_host() const noexcept {
    return !device_->backend.empty() && default_cpu_access_type_chosen() &&
           resolve(__atomic_load_n(&device_->default_cpu_access_state, __ATOMIC_ACQUIRE)) == access_type::none;
  }
  // The default accelerator if the process has chosen it already, else nothing: an array built without a
  // view asks it without fixing the default (ACC-6).
  static std::optional<accelerator> default_if_chosen();
  // Whether the program chose the default CPU access type (set_default_cpu_access_type), rather than the
  // accelerator's own default applying.
  bool default_cpu_access_type_chosen() const noexcept {
    return static_cast<access_type>(__atomic_load_n(&device_->default_cpu_access_state, __ATOMIC_ACQUIRE) &
                                    detail::device_info::cpu_access_value_mask) != access_type::automatic;
  }
  access_type resolve(int state) const noexcept {
    const auto set = static_cast<access_type>(state & detail::device_info::cpu_access_value_mask);
    if (set != access_type::automatic) return set;
    return device_->supports_cpu_shared_memory ? access_type::read_write : access_type::none;
  }
  explicit accelerator(std::shared_ptr<const detail::device_info> device)
      : device_(std::move(device)), default_view_(device_, device_->default_queue, queuing_mode::automatic) {}

  std::shared_ptr<const detail::device_info> device_;
  accelerator_view default_view_;
};

namespace detail {
// Backends add their devices here (detail/backend.hpp); the registry lists them after "cpu" in
// registration order, each enumerator once however often it is registered. An enumerator registered
// after the devices were listed adds its devices at the end.
using device_enumerator = std::vector<device_info> (*)();
void register_device_enumerator(device_enumerator enumerate);
}  // namespace detail

}  // namespace tessera

// The devices of every backend this program links register themselves from here.
#include <tessera/generated/devices.hpp>
