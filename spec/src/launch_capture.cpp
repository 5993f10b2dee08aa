#include <tessera/detail/launch_capture.hpp>

namespace tessera::detail {
namespace {
thread_local const launch_capture* active = nullptr;
}

const launch_capture* active_capture() noexcept { return active; }

capture_scope::capture_scope(const launch_capture& c) noexcept : previous_(active) { active = &c; }
capture_scope::~capture_scope() { active = previous_; }

}  // namespace tessera::detail
