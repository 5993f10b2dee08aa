// launch_observer: lets a tool see each launch of the calling host thread start and end (the conformance
// suite times kernels with it).
//
// The observer is per host thread and null unless a tool sets one, so a launch pays one thread-local
// load. `finished` runs after the backend returned, before parallel_for_each does: a tool that wants
// the kernel's wall time on an asynchronous backend waits for the view there.
#pragma once

namespace tessera {
class accelerator_view;
}

namespace tessera::detail {

struct launch_observer {
  void (*started)(void* state, const accelerator_view& where) = nullptr;
  void (*finished)(void* state, const accelerator_view& where) = nullptr;
  void* state = nullptr;
};

// The observer of this host thread's launches, or nullptr. Set it between launches, never during one.
inline const launch_observer*& current_launch_observer() noexcept {
  static thread_local const launch_observer* observer = nullptr;
  return observer;
}

// Calls the observer around one launch; ends it also when the launch throws.
class observed_launch {
 public:
  explicit observed_launch(const accelerator_view& where) noexcept : where_(where), observer_(current_launch_observer()) {
    if (observer_ != nullptr && observer_->started != nullptr) observer_->started(observer_->state, where_);
  }
  ~observed_launch() {
    if (observer_ != nullptr && observer_->finished != nullptr) observer_->finished(observer_->state, where_);
  }
  observed_launch(const observed_launch&) = delete;
  observed_launch& operator=(const observed_launch&) = delete;

 private:
  const accelerator_view& where_;
  const launch_observer* observer_;
};

}  // namespace tessera::detail
