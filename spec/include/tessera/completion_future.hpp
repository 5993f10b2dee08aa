// completion_future: the future of one asynchronous operation (ACC-9, §4.6): copy_async,
// array_view::synchronize_async / synchronize_to_async, accelerator_view::create_marker.
//
//   completion_future f = copy_async(src, dest);
//   f.then([] { ... });    // runs once, after the copy has finished (at once if it already has)
//   f.get();                // waits; an error of the copy is thrown here, not by copy_async
//
// It wraps a std::shared_future<void> (and converts to one), so copies of a completion_future share the
// one operation. The operations Tessera starts today finish before they return (PROJ-17): the future is
// ready when it is handed out, and wait_for(0s) says so. The type does not rely on that: then() on a
// future still pending runs its functor on the thread that completes the operation.
//
// C++ AMP's to_task() (a Microsoft PPL task) is not provided: Tessera does not depend on PPL. Use then(),
// or the std::shared_future.
#pragma once

#include <tessera/exceptions.hpp>

#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tessera {

namespace detail {

// What completion_future::then needs beyond std::shared_future: the functors waiting for completion.
// The side that finishes the operation calls complete(), which releases the waiting functors once.
class completion_state {
 public:
  std::shared_future<void> future() const { return future_; }

  // The operation finished (with `error`, if not null). Runs the functors then() queued, in order, on
  // this thread. Called once.
  void complete(std::exception_ptr error = nullptr) {
    if (error)
      promise_.set_exception(std::move(error));
    else
      promise_.set_value();
    std::vector<std::function<void()>> waiting;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
      waiting.swap(continuations_);
    }
    for (auto& f : waiting) f();
  }

  // Run `f` once the operation has finished: now, on this thread, if it has; else when it does.
  void then(std::function<void()> f) {
    {
      std::lock_guard lock(mutex_);
      if (!done_) {
        continuations_.push_back(std::move(f));
        return;
      }
    }
    f();
  }

 private:
  std::promise<void> promise_;
  std::shared_future<void> future_ = promise_.get_future().share();
  std::mutex mutex_;
  bool done_ = false;
  std::vector<std::function<void()>> continuations_;
};

}  // namespace detail

class completion_future;
namespace detail {
// The future of an operation whose producer holds `state` and calls state->complete() when it is done.
inline completion_future make_completion_future(std::shared_ptr<completion_state> state);
}  // namespace detail

class completion_future {
 public:
  // Names no operation: valid() is false.
  completion_future() = default;
  completion_future(const completion_future&) = default;
  completion_future(completion_future&&) noexcept = default;
  completion_future& operator=(const completion_future&) = default;
  completion_future& operator=(completion_future&&) noexcept = default;

  // Whether this names an operation.
  bool valid() const noexcept { return future_.valid(); }

  // Waits for the operation; throws what it failed with. Like every member but valid(), it throws
  // runtime_exception on a completion_future that names no operation.
  void get() const { checked("get").get(); }
  void wait() const { checked("wait").wait(); }
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period>& rel_time) const {
    return checked("wait_for").wait_for(rel_time);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration>& abs_time) const {
    return checked("wait_until").wait_until(abs_time);
  }

  operator std::shared_future<void>() const { return future_; }

  // Runs func() once, after the operation finishes, whether it succeeded or failed (get() says which): at
  // once on this thread if it has finished, else on the thread that finishes it. An exception from func
  // reaches whoever ran it.
  template <class Functor>
  void then(const Functor& func) const {
    checked("then");
    state_->then(std::function<void()>(func));
  }

 private:
  friend completion_future detail::make_completion_future(std::shared_ptr<detail::completion_state>);

  explicit completion_future(std::shared_ptr<detail::completion_state> state)
      : future_(state->future()), state_(std::move(state)) {}

  const std::shared_future<void>& checked(const char* what) const {
    if (!future_.valid())
      throw runtime_exception(std::string("completion_future::") + what +
                              ": this completion_future names no operation (it was default-constructed); use one "
                              "returned by copy_async, synchronize_async or create_marker");
    return future_;
  }

  std::shared_future<void> future_;
  std::shared_ptr<detail::completion_state> state_;
};

namespace detail {

inline completion_future make_completion_future(std::shared_ptr<completion_state> state) {
  return completion_future(std::move(state));
}

// Runs `operation` now and returns its future, ready: an exception it throws is kept for get() (PROJ-17).
template <class F>
completion_future run_to_completion(F&& operation) {
  auto state = std::make_shared<completion_state>();
  completion_future f = make_completion_future(state);
  std::exception_ptr error;
  try {
    std::forward<F>(operation)();
  } catch (...) {
    error = std::current_exception();
  }
  state->complete(std::move(error));
  return f;
}

}  // namespace detail

}  // namespace tessera
