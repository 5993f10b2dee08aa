// The process-wide device registry behind accelerator (ACC-1..ACC-9).
#include <tessera/accelerator.hpp>

#include <tessera/detail/backend.hpp>
#include <tessera/exceptions.hpp>

#include <cstdlib>
#include <mutex>

namespace tessera {
namespace {

using device_ptr = std::shared_ptr<const detail::device_info>;

bool runs_kernels(const detail::device_info& d) { return !d.backend.empty(); }

class registry {
 public:
  static registry& instance() {
    static registry r;
    return r;
  }

  void add_enumerator(detail::device_enumerator e) {
    std::lock_guard lock(mutex_);
    for (auto known : enumerators_)
      if (known == e) return;
    enumerators_.push_back(e);
    if (!devices_.empty()) append(e);  // already listed: add this backend's devices, keep the others
  }

  std::vector<device_ptr> devices() {
    std::lock_guard lock(mutex_);
    ensure_enumerated();
    return devices_;
  }

  device_ptr find(const std::string& path) {
    std::lock_guard lock(mutex_);
    ensure_enumerated();
    if (path == accelerator::default_accelerator) return default_locked();
    return find_locked(path);
  }

  device_ptr find_locked(const std::string& path) {
    for (const auto& d : devices_)
      if (d->path == path) return d;
    for (const auto& d : devices_)
      if (!d->alias.empty() && d->alias == path) return d;
    std::string known;
    for (const auto& d : devices_) known += (known.empty() ? "" : ", ") + d->path;
    throw runtime_exception("unknown accelerator \"" + path + "\"; known device paths: default, " + known,
                            error_code::invalid_argument);
  }

  device_ptr default_device() {
    std::lock_guard lock(mutex_);
    ensure_enumerated();
    return default_locked();
  }

  device_ptr default_if_chosen() {
    std::lock_guard lock(mutex_);
    return default_;
  }

  // A bad path is refused whether or not a default was already chosen, so the error does not depend on
  // what ran before. The cpu accelerator may be set, as in C++ AMP (it is then what `accelerator()`
  // names, and a launch on its views throws, PFE-10); it is only never chosen on its own (ACC-3).
  bool set_default(const std::string& path) {
    std::lock_guard lock(mutex_);
    ensure_enumerated();
    if (path == accelerator::default_accelerator) {
      if (default_) return false;
      default_locked();
      return true;
    }
    device_ptr chosen = find_locked(path);  // throws for a path no device has
    if (default_) return false;
    default_ = chosen;
    return true;
  }

 private:
  // A backend that throws while listing its devices (a bad setting: TESSERA_EMULATOR_DEVICES) leaves the
  // list empty, so every later use reports the same error rather than a partial list.
  void ensure_enumerated() {
    if (!devices_.empty()) return;
    std::vector<device_ptr> listed;
    auto cpu = std::make_shared<detail::device_info>();
    cpu->path = accelerator::cpu_accelerator;
    cpu->description = "CPU accelerator";  // C++ AMP's description, which its launch error quotes
    listed.push_back(cpu);
    for (auto e : enumerators_) append(listed, e);
    devices_ = std::move(listed);
  }

  void append(detail::device_enumerator e) { append(devices_, e); }
  static void append(std::vector<device_ptr>& to, detail::device_enumerator e) {
    for (auto& d : e()) to.push_back(std::make_shared<detail::device_info>(std::move(d)));
  }

  device_ptr default_locked() {
    if (default_) return default_;
    if (const char* env = std::getenv("TESSERA_DEFAULT_ACCELERATOR"); env != nullptr && *env != '\0') {
      for (const auto& d : devices_)
        if ((d->path == env || (!d->alias.empty() && d->alias == env)) && runs_kernels(*d)) return default_ = d;
      std::string known;
      for (const auto& d : devices_)
        if (runs_kernels(*d)) known += (known.empty() ? "" : ", ") + d->path;
      throw runtime_exception(std::string("TESSERA_DEFAULT_ACCELERATOR=\"") + env +
                                  "\" names no compute device; use one of: " + known,
                              error_code::invalid_argument);
    }
    for (const auto& d : devices_)
      if (runs_kernels(*d) && !d->is_emulated) return default_ = d;
    for (const auto& d : devices_)
      if (runs_kernels(*d)) return default_ = d;
    return default_ = devices_.front();  // no backend linked: launches say so (backend_dispatch.hpp)
  }

  std::mutex mutex_;
  std::vector<detail::device_enumerator> enumerators_;
  std::vector<device_ptr> devices_;
  device_ptr default_;
};

}  // namespace

accelerator::accelerator() : accelerator(registry::instance().default_device()) {}
accelerator::accelerator(const std::string& device_path) : accelerator(registry::instance().find(device_path)) {}

std::vector<accelerator> accelerator::get_all() {
  std::vector<accelerator> all;
  for (auto& d : registry::instance().devices()) all.push_back(accelerator(d));
  return all;
}

std::optional<accelerator> accelerator::default_if_chosen() {
  if (device_ptr d = registry::instance().default_if_chosen()) return accelerator(std::move(d));
  return std::nullopt;
}

bool accelerator::set_default(const std::string& device_path) { return registry::instance().set_default(device_path); }

accelerator accelerator_view::get_accelerator() const { return accelerator(device_); }

void accelerator_view::wait() const {
  if (device_->wait != nullptr) device_->wait(device_->ordinal);
}

void detail::register_device_enumerator(device_enumerator enumerate) { registry::instance().add_enumerator(enumerate); }

}  // namespace tessera

namespace tessera::detail {

void throw_no_launcher(const device_info& device) {
  if (device.backend.empty())
    // The first sentence is C++ AMP's own message, which programs match on.
    throw unsupported_feature("concurrency::parallel_for_each is not supported on the selected accelerator \"" +
                              device.description + "\". The \"" + device.path +
                              "\" accelerator stores data only and cannot run kernels (PFE-10); launch on \"emulator\" or a GPU");
  throw unsupported_feature("parallel_for_each on \"" + device.path + "\": this translation unit has no launcher for the \"" +
                            device.backend + "\" backend" + (device.launch_hint.empty() ? "" : "; " + device.launch_hint));
}

}  // namespace tessera::detail
